import { useTranslation } from 'react-i18next';
import type { DayAppointment } from './load-day.js';
import { movable } from './move-target.js';
import { statusColor, statusKey } from './status-style.js';
import type { WeekCell } from './week-grid.js';

/**
 * One slot of the agenda (a professional's, in the day; a day's, in the week): a focusable grid cell
 * showing it free, blocked, off hours, begun, or the appointments starting in it (draggable when the
 * screen takes drops and the core still lets them move).
 */
export function GridCell(props: {
  cell: WeekCell<DayAppointment>;
  time: string;
  /** Whose or which day's slot, for the screen reader. */
  professional: string;
  id: string;
  selected: boolean;
  onSelect: () => void;
  onOpen: () => void;
  /** The appointment being dragged from this cell, null when the drag ends. */
  onDrag?: (appointment: DayAppointment | null) => void;
}) {
  const { t } = useTranslation();
  const { cell } = props;
  let label: string;
  let content: React.ReactNode;
  switch (cell.kind) {
    case 'free':
      label = t('schedule.cellFree');
      content = <span className="cell-free">{t('schedule.cellFree')}</span>;
      break;
    case 'blocked':
      label = t('schedule.cellBlocked', { reason: cell.reason });
      content = <span className="cell-blocked">{cell.reason}</span>;
      break;
    case 'off':
      label = t('schedule.cellOff');
      content = null;
      break;
    case 'past':
      label = t('week.cellPast');
      content = null;
      break;
    case 'booked':
      label =
        cell.appointments.length === 0
          ? t('schedule.cellContinues')
          : cell.appointments
              .map(
                (a) =>
                  `${a.patientName}, ${t(statusKey[a.status])}${a.confirmed ? `, ${t('appointment.confirmed')}` : ''}`,
              )
              .join('; ');
      content = cell.appointments.map((a) => (
        <span
          key={a.id}
          className={`appt appt--${statusColor[a.status]}`}
          data-status={a.status}
          draggable={props.onDrag !== undefined && movable(a.status)}
          title={movable(a.status) ? t('move.hint') : undefined}
          onDragStart={(event) => {
            event.dataTransfer.effectAllowed = 'move';
            event.dataTransfer.setData('text/plain', a.patientName);
            props.onDrag?.(a);
          }}
          onDragEnd={() => props.onDrag?.(null)}
        >
          <span className="appt-name">
            {a.confirmed && (
              <span className="appt-confirmed" title={t('appointment.confirmed')} aria-hidden="true">
                ✓
              </span>
            )}
            {a.patientName}
          </span>
          <span className="appt-meta">
            {t(statusKey[a.status])}
            {a.overbooking ? ` · ${t('appointment.overbooking')}` : ''}
          </span>
        </span>
      ));
      break;
  }
  return (
    <div
      role="button"
      tabIndex={props.selected ? 0 : -1}
      data-cell={props.id}
      aria-label={`${props.time}, ${props.professional}: ${label}`}
      className="cell-button"
      onFocus={props.onSelect}
      onClick={() => {
        props.onSelect();
        props.onOpen();
      }}
    >
      {content}
    </div>
  );
}
