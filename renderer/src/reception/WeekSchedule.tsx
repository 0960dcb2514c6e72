import { ActionIcon, Alert, Button, Group, Kbd, NativeSelect, Paper, Text, Title, Tooltip } from '@mantine/core';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { users } from '../../../core/access/user.js';
import { clinics } from '../../../core/clinic/clinic-record.js';
import { patients } from '../../../core/patient/patient-record.js';
import { appointments } from '../../../core/schedule/appointment-record.js';
import { scheduleBlocks, scheduleSettings } from '../../../core/schedule/index.js';
import { addDays, dayIn, utcKey } from '../../../core/schedule/time.js';
import { useLive } from '../local/hooks.js';
import { AgendaViewToggle } from './AgendaViewToggle.js';
import { AppointmentPanel } from './AppointmentPanel.js';
import { BookingDialog, type BookingDraft } from './BookingDialog.js';
import { clockTime } from './day-grid.js';
import { GridCell } from './GridCell.js';
import type { DayAppointment } from './load-day.js';
import { loadWeek } from './load-week.js';
import { MoveNotice, useAppointmentMove } from './MoveNotice.js';
import { useDragMove } from './use-drag-move.js';
import { moveTarget } from './move-target.js';
import { ShortcutsHelp } from './ShortcutsHelp.js';
import { typingIn } from './shortcuts.js';
import { StatusLegend } from './StatusLegend.js';
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
  const [selected, setSelected] = useState({ row: 0, col: 0 });
  const [booking, setBooking] = useState<(BookingDraft & { date: string }) | null>(null);
  const [openId, setOpenId] = useState<string | null>(null);
  const [help, setHelp] = useState(false);
  const focusNext = useRef(false);
  const grid = useRef<HTMLTableElement>(null);
  const mover = useAppointmentMove();
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
    if (centre.current) cell.scrollIntoView({ block: 'center' });
    else if (focusNext.current) {
      cell.focus();
      cell.scrollIntoView({ block: 'nearest' });
    }
    centre.current = false;
    focusNext.current = false;
  }, [selected, rows]);

  const modalOpen = booking !== null || openId !== null || help;
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

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (modalOpen || typingIn(event.target) || event.ctrlKey || event.metaKey) return;
      if (event.altKey && event.key === 'ArrowLeft') changeWeek(-1);
      else if (event.altKey && event.key === 'ArrowRight') changeWeek(1);
      else if (event.altKey) return;
      else if (event.key === 't' || event.key === 'T') thisWeek();
      else if (event.key === 'd' || event.key === 'D') props.onDay(selectedDay);
      else if (event.key === '?') setHelp(true);
      else return;
      event.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [modalOpen, changeWeek, thisWeek, props, selectedDay]);

  const onGridKey = (event: React.KeyboardEvent) => {
    if (event.altKey || event.ctrlKey) return;
    const moves: Record<string, [number, number]> = {
      ArrowUp: [-1, 0],
      ArrowDown: [1, 0],
      ArrowLeft: [0, -1],
      ArrowRight: [0, 1],
    };
    const move = moves[event.key];
    if (move) {
      event.preventDefault();
      focusNext.current = true;
      setSelected((s) => ({
        row: Math.max(0, Math.min(rows.length - 1, s.row + move[0])),
        col: Math.max(0, Math.min(days.length - 1, s.col + move[1])),
      }));
    } else if (event.key === 'Enter') {
      event.preventDefault();
      openCell(selected.row, selected.col);
    }
  };

  const opened = week?.appointments.find((a) => a.id === openId) ?? null;
  const title = days.length
    ? t('week.title', { from: dayMonth(days[0]!, i18n.language), to: dayMonth(days[days.length - 1]!, i18n.language) })
    : '';
  const today = dayIn(new Date(), zone);

  return (
    <section className="day-schedule week-schedule" aria-labelledby="week-title">
      <Group justify="space-between" mb="sm" wrap="nowrap" className="day-toolbar">
        <Group gap="xs" wrap="nowrap">
          <Tooltip label={t('week.previous')}>
            <ActionIcon variant="default" size="lg" aria-label={t('week.previous')} onClick={() => changeWeek(-1)}>
              ‹
            </ActionIcon>
          </Tooltip>
          <Button variant="default" onClick={thisWeek}>
            {t('week.thisWeek')}
          </Button>
          <Tooltip label={t('week.next')}>
            <ActionIcon variant="default" size="lg" aria-label={t('week.next')} onClick={() => changeWeek(1)}>
              ›
            </ActionIcon>
          </Tooltip>
          <Title order={3} id="week-title" className="day-title">
            {column?.name ?? t('nav.agenda')} · {title}
          </Title>
        </Group>
        <Group gap="sm" wrap="nowrap">
          <AgendaViewToggle view="week" onChange={() => props.onDay(selectedDay)} />
          {week && week.professionals.length > 0 && (
            <NativeSelect
              aria-label={t('week.professional')}
              data={week.professionals.map((p) => ({ value: p.id, label: p.name }))}
              value={column?.id ?? ''}
              onChange={(event) => setProfessionalId(event.currentTarget.value)}
            />
          )}
          {week && week.clinics.length > 1 && (
            <NativeSelect
              aria-label={t('schedule.clinic')}
              data={week.clinics.map((c) => ({ value: c.id, label: c.name }))}
              value={week.clinic?.id ?? ''}
              onChange={(event) => setClinicId(event.currentTarget.value)}
            />
          )}
          <Button variant="subtle" onClick={() => setHelp(true)} rightSection={<Kbd>?</Kbd>}>
            {t('schedule.shortcuts')}
          </Button>
        </Group>
      </Group>

      <Group gap="lg" mb="sm" className="day-summary">
        <Text size="sm" c="dimmed">
          {week?.clinic?.name}
        </Text>
        <Text size="sm">{t('week.count', { total: String(week?.appointments.length ?? 0) })}</Text>
        <StatusLegend />
      </Group>

      {live.error !== undefined && (
        <Alert color="red" role="alert" mb="sm">
          {t('schedule.loadFailed')}
        </Alert>
      )}
      {week && !week.clinic && (
        <Alert color="blue" mb="sm">
          {t('schedule.noClinic')}
        </Alert>
      )}
      {week?.clinic && !column && (
        <Alert color="blue" mb="sm">
          {t('schedule.noProfessionals')}
        </Alert>
      )}

      {column && (
        <Paper withBorder radius="md" className="day-grid-wrap">
          {rows.length === 0 ? (
            <Text p="lg" c="dimmed">
              {t('week.closed')}
            </Text>
          ) : (
            <table className="day-grid" role="grid" aria-labelledby="week-title" ref={grid} onKeyDown={onGridKey}>
              <thead>
                <tr>
                  <th scope="col" className="time-col">
                    {t('schedule.time')}
                  </th>
                  {days.map((d) => (
                    <th scope="col" key={d} className={d === today ? 'week-today' : undefined}>
                      <button type="button" className="week-day-link" onClick={() => props.onDay(d)}>
                        {dayLabel(d, i18n.language, 'short')}
                      </button>
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {rows.map((row, r) => (
                  <tr key={row.time}>
                    <th scope="row" className="time-col">
                      {row.time}
                    </th>
                    {row.cells.map((cell, c) => (
                      <td
                        key={days[c]}
                        className={`cell cell--${cell.kind}${drag.over === `${r}-${c}` ? ' cell--drop' : ''}`}
                        aria-selected={selected.row === r && selected.col === c}
                        {...drag.target(
                          `${r}-${c}`,
                          (a) => cell.kind !== 'past' && moveTarget(a, column.id, cell) !== null,
                          (a) => dropAt(a, r, c),
                        )}
                      >
                        <GridCell
                          cell={cell}
                          time={row.time}
                          professional={dayLabel(days[c]!, i18n.language, 'long')}
                          id={`${r}-${c}`}
                          selected={selected.row === r && selected.col === c}
                          onSelect={() => setSelected({ row: r, col: c })}
                          onOpen={() => openCell(r, c)}
                          onDrag={drag.onDrag}
                        />
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </Paper>
      )}

      {week?.clinic && booking && (
        <BookingDialog
          clinic={week.clinic}
          professionals={week.professionals}
          date={booking.date}
          draft={booking}
          onClose={() => setBooking(null)}
          onBooked={() => {
            setBooking(null);
            focusNext.current = true;
            setSelected((s) => ({ ...s }));
          }}
        />
      )}
      <AppointmentPanel
        appointment={opened}
        professional={column?.name ?? ''}
        timeZone={zone}
        onClose={() => {
          setOpenId(null);
          focusNext.current = true;
          setSelected((s) => ({ ...s }));
        }}
      />
      <ShortcutsHelp opened={help} onClose={() => setHelp(false)} />
      <MoveNotice notice={mover.notice} onUndo={() => void mover.undo()} onClose={mover.dismiss} />
    </section>
  );
}
