import { Alert, Button, Group, Kbd } from '@mantine/core';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { appointments } from '#core/schedule/appointment-record.js';
import { scheduleBlocks, scheduleSettings } from '#core/schedule/index.js';
import { addDays, dayIn, utcKey } from '#core/schedule/time.js';
import { clinics } from '#core/clinic/clinic-record.js';
import { users } from '#core/access/user.js';
import { patients } from '#core/patient/patient-record.js';
import { useLive } from '../local/hooks.js';
import { AgendaActions } from '../schedule-blocks/AgendaActions.js';
import { AgendaViewToggle } from './AgendaViewToggle.js';
import { AgendaDialogs, useAgendaDialogs } from './AgendaDialogs.js';
import { clockTime, layoutDay } from './day-grid.js';
import { gridKeyDown } from './grid-keys.js';
import { scrollCellIntoGrid } from './grid-scroll.js';
import { loadDay, type DayAppointment } from './load-day.js';
import { useDragMove } from './use-drag-move.js';
import { movable, moveTarget } from './move-target.js';
import { useGridSelection } from './use-grid-selection.js';
import { NameSelect } from './NameSelect.js';
import { ScheduleSummary } from './ScheduleSummary.js';
import { ShortcutsButton } from './ShortcutsHelp.js';
import { ScheduleAlerts } from './ScheduleAlerts.js';
import { ScheduleGrid } from './ScheduleGrid.js';
import { PeriodNav } from './PeriodNav.js';
import { useAgendaShortcuts } from './use-agenda-shortcuts.js';

const DEFAULT_ZONE = 'America/Sao_Paulo';
const READS = [clinics, users, appointments, scheduleBlocks, scheduleSettings, patients];

function longDate(day: string, locale: string): string {
  const text = new Intl.DateTimeFormat(locale, {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${day}T12:00:00Z`));
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * Reception, the day schedule: a column per professional, a row per slot; free slots to book, blocked
 * ones shaded, appointments in their status colour with the confirmation mark. Arrows move, Enter
 * books or opens, N books, Alt+arrows change day, ? lists every shortcut.
 */
export function DaySchedule(props: { initialDate?: string; onWeek?: (date: string, professional?: string) => void }) {
  const { t, i18n } = useTranslation();
  const [clinicId, setClinicId] = useState<string | null>(null);
  const [date, setDate] = useState(() => props.initialDate ?? dayIn(new Date(), DEFAULT_ZONE));
  const live = useLive((ctx) => loadDay(ctx, clinicId, date), READS, [clinicId, date]);
  const day = live.data;
  const zone = day?.clinic?.timeZone ?? DEFAULT_ZONE;
  const rows = useMemo(
    () => (day ? layoutDay(date, zone, day.columns, day.appointments, day.blocks) : []),
    [day, date, zone],
  );
  const { selected, setSelected, focusNext, grid, step, refocus } = useGridSelection({ row: -1, col: 0 });
  const dialogs = useAgendaDialogs();
  const { setBooking, openId, setOpenId, setHelp, mover, modalOpen } = dialogs;
  const centeredDay = useRef<string | null>(null);
  // The appointment picked up: by the mouse (dragging) or by M, then arrows and Enter (moving).
  const [moving, setMoving] = useState<DayAppointment | null>(null);
  const drag = useDragMove<DayAppointment>();

  // Start on the first slot from now on (today), else at the top; keep the selection inside the grid.
  useEffect(() => {
    if (rows.length === 0) return;
    setSelected((s) => {
      if (s.row >= 0 && s.row < rows.length)
        return { row: s.row, col: Math.min(s.col, (day?.columns.length ?? 1) - 1) };
      const now = utcKey(new Date());
      const upcoming = rows.findIndex((r) => r.startUtc >= now);
      return { row: upcoming >= 0 ? upcoming : 0, col: 0 };
    });
  }, [rows, day]);

  useEffect(() => {
    const cell = grid.current?.querySelector<HTMLElement>(`[data-cell="${selected.row}-${selected.col}"]`);
    if (!cell) return;
    if (focusNext.current) {
      focusNext.current = false;
      cell.focus({ preventScroll: true });
      scrollCellIntoGrid(cell, 'nearest');
    } else if (centeredDay.current !== date) {
      // The day opens with the coming hour in the middle, not at dawn (once: later reloads keep the scroll).
      centeredDay.current = date;
      scrollCellIntoGrid(cell, 'center');
    }
  }, [selected, rows, date]);

  const openCell = useCallback(
    (row: number, col: number) => {
      const cell = rows[row]?.cells[col];
      const column = day?.columns[col];
      if (!cell || !column) return;
      if (cell.kind === 'free') setBooking({ professional: column.id, startUtc: cell.startUtc });
      else if (cell.kind === 'booked' && cell.appointments[0]) setOpenId(cell.appointments[0].id);
    },
    [rows, day],
  );

  const dropAt = (appointment: DayAppointment, row: number, col: number) => {
    const cell = rows[row]?.cells[col];
    const column = day?.columns[col];
    const to = cell && column ? moveTarget(appointment, column.id, cell) : null;
    if (!to || !column) return;
    const from = day?.columns.find((c) => c.id === appointment.professional)?.name ?? '';
    void mover.move({
      id: appointment.id,
      to: { ...to, overbooking: false },
      doneText: t('move.done', { patient: appointment.patientName, time: rows[row]!.time, professional: column.name }),
      undoneText: t('move.undone', {
        patient: appointment.patientName,
        time: clockTime(appointment.start, zone),
        professional: from,
      }),
    });
  };
  const pickUp = () => {
    const cell = rows[selected.row]?.cells[selected.col];
    const first = cell?.kind === 'booked' ? cell.appointments[0] : undefined;
    if (first && movable(first.status)) setMoving(first);
  };
  // Enter or a click: drops the appointment picked up there, else books or opens the cell.
  const act = (row: number, col: number) => {
    if (moving) dropAt(moving, row, col);
    else openCell(row, col);
    setMoving(null);
  };

  const newBooking = useCallback(() => {
    const cell = rows[selected.row]?.cells[selected.col];
    const column = day?.columns[selected.col];
    setBooking({
      professional: column?.id ?? null,
      startUtc: cell && cell.kind === 'free' ? cell.startUtc : null,
    });
  }, [rows, selected, day]);

  const changeDay = useCallback((n: number) => {
    setDate((d) => addDays(d, n));
    setSelected({ row: -1, col: 0 });
  }, []);
  const today = useCallback(() => {
    setDate(dayIn(new Date(), zone));
    setSelected({ row: -1, col: 0 });
  }, [zone]);

  useAgendaShortcuts(modalOpen, changeDay, {
    n: newBooking,
    t: today,
    '?': () => setHelp(true),
    m: pickUp,
    Escape: moving ? () => setMoving(null) : undefined,
  });

  const onGridKey = gridKeyDown(rows.length, day?.columns.length ?? 1, step, () => act(selected.row, selected.col));

  const nowKey = utcKey(new Date());
  const opened = day?.appointments.find((a) => a.id === openId) ?? null;
  const openedProfessional = day?.columns.find((c) => c.id === opened?.professional)?.name ?? '';
  const counts = useMemo(() => {
    const list = day?.appointments ?? [];
    return {
      total: list.length,
      confirmed: list.filter((a) => a.confirmed).length,
      waiting: list.filter((a) => a.status === 2).length,
    };
  }, [day]);

  return (
    <section className="day-schedule" aria-labelledby="day-title">
      <Group justify="space-between" mb="sm" wrap="wrap" gap="sm" className="day-toolbar">
        <PeriodNav
          previous={t('schedule.previousDay')}
          current={t('schedule.today')}
          next={t('schedule.nextDay')}
          onStep={changeDay}
          onCurrent={today}
          titleId="day-title"
          title={`${t('nav.agenda')} · ${longDate(date, i18n.language)}`}
        />
        <Group gap="sm" wrap="wrap">
          {props.onWeek && (
            <AgendaViewToggle
              view="day"
              onChange={() => props.onWeek?.(date, day?.columns[selected.col]?.id ?? day?.columns[0]?.id)}
            />
          )}
          {day && day.clinics.length > 1 && (
            <NameSelect
              label={t('schedule.clinic')}
              options={day.clinics}
              value={day.clinic?.id ?? ''}
              onChange={setClinicId}
            />
          )}
          {day?.clinic && (
            <AgendaActions
              clinic={day.clinic}
              professionals={day.columns}
              date={date}
              selected={{
                professional: day.columns[selected.col]?.id ?? null,
                startUtc: rows[selected.row]?.startUtc ?? null,
              }}
            />
          )}
          <ShortcutsButton onClick={() => setHelp(true)} />
          <Button onClick={newBooking} rightSection={<Kbd className="kbd-on-primary">N</Kbd>}>
            {t('schedule.new')}
          </Button>
        </Group>
      </Group>

      <ScheduleSummary
        clinic={day?.clinic?.name}
        count={t('schedule.count', {
          total: String(counts.total),
          confirmed: String(counts.confirmed),
          waiting: String(counts.waiting),
        })}
      />

      <ScheduleAlerts
        failed={live.error !== undefined}
        noClinic={!!day && !day.clinic}
        noProfessionals={!!day?.clinic && day.columns.length === 0}
      />

      {moving && (
        <Alert color="teal" mb="sm" className="move-banner" role="status">
          {t('move.picked', { patient: moving.patientName })}
        </Alert>
      )}
      {day && day.columns.length > 0 && (
        <ScheduleGrid
          labelledBy="day-title"
          gridRef={grid}
          onKeyDown={onGridKey}
          closed={t('schedule.closed')}
          columns={day.columns.map((c) => ({ key: c.id, name: c.name }))}
          rows={rows}
          rowKey={(row) => row.startUtc}
          rowClassName={(row) => (row.startUtc < nowKey ? 'row--past' : undefined)}
          selected={selected}
          onSelect={setSelected}
          onOpen={act}
          picked={moving !== null}
          drag={drag}
          accepts={(a, cell, c) => moveTarget(a, day.columns[c]!.id, cell) !== null}
          onDrop={dropAt}
        />
      )}

      <AgendaDialogs
        dialogs={dialogs}
        clinic={day?.clinic}
        professionals={day?.columns ?? []}
        date={date}
        appointment={opened}
        professional={openedProfessional}
        timeZone={zone}
        onDone={refocus}
      />
    </section>
  );
}
