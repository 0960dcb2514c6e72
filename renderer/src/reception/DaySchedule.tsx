import { ActionIcon, Alert, Button, Group, Kbd, NativeSelect, Paper, Text, Title, Tooltip } from '@mantine/core';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { appointments } from '../../../core/schedule/appointment-record.js';
import { scheduleBlocks, scheduleSettings } from '../../../core/schedule/index.js';
import { addDays, dayIn, utcKey } from '../../../core/schedule/time.js';
import { clinics } from '../../../core/clinic/clinic-record.js';
import { users } from '../../../core/access/user.js';
import { patients } from '../../../core/patient/patient-record.js';
import { useLive } from '../local/hooks.js';
import { AgendaActions } from '../schedule-blocks/AgendaActions.js';
import { AgendaViewToggle } from './AgendaViewToggle.js';
import { AppointmentPanel } from './AppointmentPanel.js';
import { BookingDialog, type BookingDraft } from './BookingDialog.js';
import { clockTime, layoutDay } from './day-grid.js';
import { GridCell } from './GridCell.js';
import { loadDay, type DayAppointment } from './load-day.js';
import { MoveNotice, useAppointmentMove } from './MoveNotice.js';
import { useDragMove } from './use-drag-move.js';
import { movable, moveTarget } from './move-target.js';
import { ShortcutsHelp } from './ShortcutsHelp.js';
import { typingIn } from './shortcuts.js';
import { StatusLegend } from './StatusLegend.js';

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
  const [selected, setSelected] = useState({ row: -1, col: 0 });
  const [booking, setBooking] = useState<BookingDraft | null>(null);
  const [openId, setOpenId] = useState<string | null>(null);
  const [help, setHelp] = useState(false);
  const focusNext = useRef(false);
  const centeredDay = useRef<string | null>(null);
  const grid = useRef<HTMLTableElement>(null);
  const mover = useAppointmentMove();
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
      cell.focus();
      cell.scrollIntoView({ block: 'nearest' });
    } else if (centeredDay.current !== date) {
      // The day opens with the coming hour in the middle, not at dawn (once: later reloads keep the scroll).
      centeredDay.current = date;
      cell.scrollIntoView({ block: 'center' });
    }
  }, [selected, rows, date]);

  const modalOpen = booking !== null || openId !== null || help;
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

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (modalOpen || typingIn(event.target) || event.ctrlKey || event.metaKey) return;
      if (event.altKey && event.key === 'ArrowLeft') changeDay(-1);
      else if (event.altKey && event.key === 'ArrowRight') changeDay(1);
      else if (event.altKey) return;
      else if (event.key === 'n' || event.key === 'N') newBooking();
      else if (event.key === 't' || event.key === 'T') today();
      else if (event.key === '?') setHelp(true);
      else if (event.key === 'm' || event.key === 'M') pickUp();
      else if (event.key === 'Escape' && moving) setMoving(null);
      else return;
      event.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
    // pickUp reads rows and the selection, as newBooking does.
  }, [modalOpen, changeDay, newBooking, today, rows, selected, moving]);

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
        col: Math.max(0, Math.min((day?.columns.length ?? 1) - 1, s.col + move[1])),
      }));
    } else if (event.key === 'Enter') {
      event.preventDefault();
      if (moving) dropAt(moving, selected.row, selected.col);
      else openCell(selected.row, selected.col);
      setMoving(null);
    }
  };

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
      <Group justify="space-between" mb="sm" wrap="nowrap" className="day-toolbar">
        <Group gap="xs" wrap="nowrap">
          <Tooltip label={t('schedule.previousDay')}>
            <ActionIcon
              variant="default"
              size="lg"
              aria-label={t('schedule.previousDay')}
              onClick={() => changeDay(-1)}
            >
              ‹
            </ActionIcon>
          </Tooltip>
          <Button variant="default" onClick={today}>
            {t('schedule.today')}
          </Button>
          <Tooltip label={t('schedule.nextDay')}>
            <ActionIcon variant="default" size="lg" aria-label={t('schedule.nextDay')} onClick={() => changeDay(1)}>
              ›
            </ActionIcon>
          </Tooltip>
          <Title order={3} id="day-title" className="day-title">
            {t('nav.agenda')} · {longDate(date, i18n.language)}
          </Title>
        </Group>
        <Group gap="sm" wrap="nowrap">
          {props.onWeek && (
            <AgendaViewToggle
              view="day"
              onChange={() => props.onWeek?.(date, day?.columns[selected.col]?.id ?? day?.columns[0]?.id)}
            />
          )}
          {day && day.clinics.length > 1 && (
            <NativeSelect
              aria-label={t('schedule.clinic')}
              data={day.clinics.map((c) => ({ value: c.id, label: c.name }))}
              value={day.clinic?.id ?? ''}
              onChange={(event) => setClinicId(event.currentTarget.value)}
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
          <Button variant="subtle" onClick={() => setHelp(true)} rightSection={<Kbd>?</Kbd>}>
            {t('schedule.shortcuts')}
          </Button>
          <Button onClick={newBooking} rightSection={<Kbd className="kbd-on-primary">N</Kbd>}>
            {t('schedule.new')}
          </Button>
        </Group>
      </Group>

      <Group gap="lg" mb="sm" className="day-summary">
        <Text size="sm" c="dimmed">
          {day?.clinic?.name}
        </Text>
        <Text size="sm">
          {t('schedule.count', {
            total: String(counts.total),
            confirmed: String(counts.confirmed),
            waiting: String(counts.waiting),
          })}
        </Text>
        <StatusLegend />
      </Group>

      {live.error !== undefined && (
        <Alert color="red" role="alert" mb="sm">
          {t('schedule.loadFailed')}
        </Alert>
      )}
      {day && !day.clinic && (
        <Alert color="blue" mb="sm">
          {t('schedule.noClinic')}
        </Alert>
      )}
      {day && day.clinic && day.columns.length === 0 && (
        <Alert color="blue" mb="sm">
          {t('schedule.noProfessionals')}
        </Alert>
      )}

      {moving && (
        <Alert color="teal" mb="sm" className="move-banner" role="status">
          {t('move.picked', { patient: moving.patientName })}
        </Alert>
      )}
      {day && day.columns.length > 0 && (
        <Paper withBorder radius="md" className="day-grid-wrap">
          {rows.length === 0 ? (
            <Text p="lg" c="dimmed">
              {t('schedule.closed')}
            </Text>
          ) : (
            <table className="day-grid" role="grid" aria-labelledby="day-title" ref={grid} onKeyDown={onGridKey}>
              <thead>
                <tr>
                  <th scope="col" className="time-col">
                    {t('schedule.time')}
                  </th>
                  {day.columns.map((c) => (
                    <th scope="col" key={c.id}>
                      {c.name}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {rows.map((row, r) => (
                  <tr key={row.startUtc} className={row.startUtc < nowKey ? 'row--past' : undefined}>
                    <th scope="row" className="time-col">
                      {row.time}
                    </th>
                    {row.cells.map((cell, c) => (
                      <td
                        key={day.columns[c]!.id}
                        className={`cell cell--${cell.kind}${drag.over === `${r}-${c}` || (moving && selected.row === r && selected.col === c) ? ' cell--drop' : ''}`}
                        aria-selected={selected.row === r && selected.col === c}
                        {...drag.target(
                          `${r}-${c}`,
                          (a) => moveTarget(a, day.columns[c]!.id, cell) !== null,
                          (a) => dropAt(a, r, c),
                        )}
                      >
                        <GridCell
                          cell={cell}
                          time={row.time}
                          professional={day.columns[c]!.name}
                          id={`${r}-${c}`}
                          selected={selected.row === r && selected.col === c}
                          onSelect={() => setSelected({ row: r, col: c })}
                          onOpen={() => {
                            if (moving) dropAt(moving, r, c);
                            else openCell(r, c);
                            setMoving(null);
                          }}
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

      {day?.clinic && booking && (
        <BookingDialog
          clinic={day.clinic}
          professionals={day.columns}
          date={date}
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
        professional={openedProfessional}
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
