import { Group } from '@mantine/core';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { users } from '#core/access/user.js';
import { clinics } from '#core/clinic/clinic-record.js';
import { patients } from '#core/patient/patient-record.js';
import { appointments } from '#core/schedule/appointment-record.js';
import { scheduleBlocks, scheduleSettings } from '#core/schedule/index.js';
import { addDays, dayIn, utcKey } from '#core/schedule/time.js';
import { useLive } from '../local/hooks.js';
import { AgendaViewToggle } from './AgendaViewToggle.js';
import { AgendaDialogs, useAgendaDialogs } from './AgendaDialogs.js';
import type { BookingDraft } from './BookingDialog.js';
import { clockTime } from './day-grid.js';
import { gridKeyDown } from './grid-keys.js';
import { scrollCellIntoGrid } from './grid-scroll.js';
import type { DayAppointment } from './load-day.js';
import { loadWeek } from './load-week.js';
import { useDragMove } from './use-drag-move.js';
import { moveTarget } from './move-target.js';
import { useGridSelection } from './use-grid-selection.js';
import { NameSelect } from './NameSelect.js';
import { ScheduleSummary } from './ScheduleSummary.js';
import { ShortcutsButton } from './ShortcutsHelp.js';
import { PeriodNav } from './PeriodNav.js';
import { ScheduleAlerts } from './ScheduleAlerts.js';
import { ScheduleGrid } from './ScheduleGrid.js';
import { useAgendaShortcuts } from './use-agenda-shortcuts.js';
import { layoutWeek, weekDays } from './week-grid.js';

const DEFAULT_ZONE = 'America/Sao_Paulo';
const READS = [clinics, users, appointments, scheduleBlocks, scheduleSettings, patients];

function dayLabel(day: string, locale: string, style: 'short' | 'long'): string {
  return new Intl.DateTimeFormat(locale, {
    weekday: style,
    day: 'numeric',
    month: style === 'short' ? 'numeric' : 'long',
    timeZone: 'UTC',
  }).format(new Date(`${day}T12:00:00Z`));
}

function dayMonth(day: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'long', timeZone: 'UTC' }).format(
    new Date(`${day}T12:00:00Z`),
  );
}

/**
 * Reception, one professional's week: a column per day they work, a row per slot time; free slots
 * book (the core's availability decides which), blocked ones shaded, appointments in their status
 * colour with the confirmation mark, dragged to move. Arrows move between slots and days, Enter books
 * or opens, Alt+arrows change week, D opens the selected day.
 */
export function WeekSchedule(props: {
  initialDate: string;
  initialProfessional?: string | undefined;
  onDay: (date: string) => void;
}) {
  const { t, i18n } = useTranslation();
  const [clinicId, setClinicId] = useState<string | null>(null);
  const [professionalId, setProfessionalId] = useState<string | null>(props.initialProfessional ?? null);
  const [date, setDate] = useState(props.initialDate);
  const live = useLive((ctx) => loadWeek(ctx, clinicId, professionalId, date), READS, [clinicId, professionalId, date]);
  const week = live.data;
  const zone = week?.clinic?.timeZone ?? DEFAULT_ZONE;
  const column = week?.column ?? null;
  const days = useMemo(
    () => (week && column ? weekDays(week.monday, column, week.appointments, zone) : []),
    [week, column, zone],
  );
  const rows = useMemo(
    () => (week && column ? layoutWeek(days, zone, column, week.appointments, week.blocks, week.available) : []),
    [week, column, days, zone],
  );
  const { selected, setSelected, focusNext, grid, step, refocus } = useGridSelection({ row: 0, col: 0 });
  const dialogs = useAgendaDialogs<BookingDraft & { date: string }>();
  const { booking, setBooking, openId, setOpenId, setHelp, mover, modalOpen } = dialogs;
  const drag = useDragMove<DayAppointment>();

  // Open on the day asked for, at its first slot from now on, that hour in the middle of the grid; then
  // keep the selection inside the grid as the week changes.
  const startDay = useRef(props.initialDate);
  const centre = useRef(false);
  useEffect(() => {
    if (rows.length === 0) return;
    setSelected((s) => {
      const wanted = days.indexOf(startDay.current);
      const first = startDay.current !== '';
      startDay.current = '';
      if (wanted < 0) return { row: Math.min(s.row, rows.length - 1), col: Math.min(s.col, days.length - 1) };
      centre.current = first;
      const now = utcKey(new Date());
      const upcoming = rows.findIndex((r) => {
        const cell = r.cells[wanted]!;
        return cell.kind !== 'off' && cell.startUtc >= now;
      });
      return { row: Math.max(upcoming, 0), col: wanted };
    });
  }, [rows, days]);

  useEffect(() => {
    const cell = grid.current?.querySelector<HTMLElement>(`[data-cell="${selected.row}-${selected.col}"]`);
    if (!cell) return;
    if (centre.current) scrollCellIntoGrid(cell, 'center');
    else if (focusNext.current) {
      cell.focus({ preventScroll: true });
      scrollCellIntoGrid(cell, 'nearest');
    }
    centre.current = false;
    focusNext.current = false;
  }, [selected, rows]);

  const selectedDay = days[selected.col] ?? date;
  const openCell = (row: number, col: number) => {
    const cell = rows[row]?.cells[col];
    const day = days[col];
    if (!cell || !day || !column) return;
    if (cell.kind === 'free') setBooking({ professional: column.id, startUtc: cell.startUtc, date: day });
    else if (cell.kind === 'booked' && cell.appointments[0]) setOpenId(cell.appointments[0].id);
  };
  const changeWeek = useCallback((n: number) => setDate((d) => addDays(d, 7 * n)), []);
  const thisWeek = useCallback(() => setDate(dayIn(new Date(), zone)), [zone]);

  const dropAt = (appointment: DayAppointment, row: number, col: number) => {
    const cell = rows[row]?.cells[col];
    const to = column && cell && cell.kind !== 'past' ? moveTarget(appointment, column.id, cell) : null;
    if (!to || !column) return;
    const where = (start: string) =>
      `${dayLabel(dayIn(start, zone), i18n.language, 'short')} ${clockTime(start, zone)}`;
    void mover.move({
      id: appointment.id,
      to: { ...to, overbooking: false },
      doneText: t('move.done', {
        patient: appointment.patientName,
        time: where(to.startUtc),
        professional: column.name,
      }),
      undoneText: t('move.undone', {
        patient: appointment.patientName,
        time: where(appointment.start),
        professional: column.name,
      }),
    });
  };

  useAgendaShortcuts(modalOpen, changeWeek, {
    t: thisWeek,
    d: () => props.onDay(selectedDay),
    '?': () => setHelp(true),
  });

  const onGridKey = gridKeyDown(rows.length, days.length, step, () => openCell(selected.row, selected.col));

  const opened = week?.appointments.find((a) => a.id === openId) ?? null;
  const title = days.length
    ? t('week.title', { from: dayMonth(days[0]!, i18n.language), to: dayMonth(days[days.length - 1]!, i18n.language) })
    : '';
  const today = dayIn(new Date(), zone);

  return (
    <section className="day-schedule week-schedule" aria-labelledby="week-title">
      <Group justify="space-between" mb="sm" wrap="wrap" gap="sm" className="day-toolbar">
        <PeriodNav
          previous={t('week.previous')}
          current={t('week.thisWeek')}
          next={t('week.next')}
          onStep={changeWeek}
          onCurrent={thisWeek}
          titleId="week-title"
          title={`${column?.name ?? t('nav.agenda')} · ${title}`}
        />
        <Group gap="sm" wrap="wrap">
          <AgendaViewToggle view="week" onChange={() => props.onDay(selectedDay)} />
          {week && week.professionals.length > 0 && (
            <NameSelect
              label={t('week.professional')}
              options={week.professionals}
              value={column?.id ?? ''}
              onChange={setProfessionalId}
            />
          )}
          {week && week.clinics.length > 1 && (
            <NameSelect
              label={t('schedule.clinic')}
              options={week.clinics}
              value={week.clinic?.id ?? ''}
              onChange={setClinicId}
            />
          )}
          <ShortcutsButton onClick={() => setHelp(true)} />
        </Group>
      </Group>

      <ScheduleSummary
        clinic={week?.clinic?.name}
        count={t('week.count', { total: String(week?.appointments.length ?? 0) })}
      />

      <ScheduleAlerts
        failed={live.error !== undefined}
        noClinic={!!week && !week.clinic}
        noProfessionals={!!week?.clinic && !column}
      />

      {column && (
        <ScheduleGrid
          labelledBy="week-title"
          gridRef={grid}
          onKeyDown={onGridKey}
          closed={t('week.closed')}
          columns={days.map((d) => ({
            key: d,
            name: dayLabel(d, i18n.language, 'long'),
            className: d === today ? 'week-today' : undefined,
            header: (
              <button type="button" className="week-day-link" onClick={() => props.onDay(d)}>
                {dayLabel(d, i18n.language, 'short')}
              </button>
            ),
          }))}
          rows={rows}
          rowKey={(row) => row.time}
          selected={selected}
          onSelect={setSelected}
          onOpen={openCell}
          drag={drag}
          accepts={(a, cell) => cell.kind !== 'past' && moveTarget(a, column.id, cell) !== null}
          onDrop={dropAt}
        />
      )}

      <AgendaDialogs
        dialogs={dialogs}
        clinic={week?.clinic}
        professionals={week?.professionals ?? []}
        date={booking?.date ?? date}
        appointment={opened}
        professional={column?.name ?? ''}
        timeZone={zone}
        onDone={refocus}
      />
    </section>
  );
}
