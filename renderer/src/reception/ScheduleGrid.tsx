import { Paper, Text } from '@mantine/core';
import type { ReactNode, RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { GridCell } from './GridCell.js';
import type { DayAppointment } from './load-day.js';
import type { useDragMove } from './use-drag-move.js';
import type { WeekCell } from './week-grid.js';
import type { GridSelection } from './grid-keys.js';

/** A column of the agenda grid: a professional (day view) or a day (week view). */
export interface GridColumn {
  key: string;
  /** Whose or which day's slots, for the screen reader. */
  name: string;
  /** What the column head shows (the name when absent). */
  header?: ReactNode;
  className?: string | undefined;
}

/**
 * The agenda's grid, shared by the day and the week views: a time column, then a column per
 * professional or day; every cell focusable, selectable, opened by click, and a drop target for
 * dragged appointments. Shows `closed` instead when there is no slot to show.
 */
export function ScheduleGrid<R extends { time: string; cells: readonly WeekCell<DayAppointment>[] }>(props: {
  labelledBy: string;
  gridRef: RefObject<HTMLTableElement | null>;
  onKeyDown: (event: React.KeyboardEvent) => void;
  closed: string;
  columns: readonly GridColumn[];
  rows: readonly R[];
  rowKey: (row: R) => string;
  rowClassName?: (row: R) => string | undefined;
  selected: GridSelection;
  onSelect: (selection: GridSelection) => void;
  onOpen: (row: number, col: number) => void;
  /** True while an appointment is picked up by the keyboard: the selected cell is outlined as the drop. */
  picked?: boolean;
  drag: ReturnType<typeof useDragMove<DayAppointment>>;
  accepts: (appointment: DayAppointment, cell: R['cells'][number], col: number) => boolean;
  onDrop: (appointment: DayAppointment, row: number, col: number) => void;
}) {
  const { t } = useTranslation();
  const { selected, drag } = props;
  return (
    <Paper withBorder radius="md" className="day-grid-wrap">
      {props.rows.length === 0 ? (
        <Text p="lg" c="dimmed">
          {props.closed}
        </Text>
      ) : (
        <table
          className="day-grid"
          role="grid"
          aria-labelledby={props.labelledBy}
          ref={props.gridRef}
          onKeyDown={props.onKeyDown}
        >
          <thead>
            <tr>
              <th scope="col" className="time-col">
                {t('schedule.time')}
              </th>
              {props.columns.map((c) => (
                <th scope="col" key={c.key} className={c.className}>
                  {c.header ?? c.name}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {props.rows.map((row, r) => (
              <tr key={props.rowKey(row)} className={props.rowClassName?.(row)}>
                <th scope="row" className="time-col">
                  {row.time}
                </th>
                {row.cells.map((cell, c) => {
                  const isSelected = selected.row === r && selected.col === c;
                  const drop = drag.over === `${r}-${c}` || (props.picked && isSelected);
                  return (
                    <td
                      key={props.columns[c]!.key}
                      className={`cell cell--${cell.kind}${drop ? ' cell--drop' : ''}`}
                      aria-selected={isSelected}
                      {...drag.target(
                        `${r}-${c}`,
                        (a) => props.accepts(a, cell, c),
                        (a) => props.onDrop(a, r, c),
                      )}
                    >
                      <GridCell
                        cell={cell}
                        time={row.time}
                        professional={props.columns[c]!.name}
                        id={`${r}-${c}`}
                        selected={isSelected}
                        onSelect={() => props.onSelect({ row: r, col: c })}
                        onOpen={() => props.onOpen(r, c)}
                        onDrag={drag.onDrag}
                      />
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Paper>
  );
}
