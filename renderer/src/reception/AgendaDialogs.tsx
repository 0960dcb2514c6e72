import { useState } from 'react';
import { FreedSlotNotice, FreedSlotOffer } from '../wait-list/FreedSlotOffer.js';
import { AppointmentPanel } from './AppointmentPanel.js';
import { BookingDialog, type BookingDraft } from './BookingDialog.js';
import type { ClinicChoice, DayAppointment } from './load-day.js';
import { MoveNotice, useAppointmentMove } from './MoveNotice.js';
import { ShortcutsHelp } from './ShortcutsHelp.js';

/**
 * What opens over the agenda grid, day or week: the booking being drafted, the appointment open in
 * its panel, the shortcut list, the move in progress (its notice), and the wait-list offer of a slot a
 * cancellation just freed (with its notice once booked).
 */
export function useAgendaDialogs<D extends BookingDraft = BookingDraft>() {
  const [booking, setBooking] = useState<D | null>(null);
  const [openId, setOpenId] = useState<string | null>(null);
  const [help, setHelp] = useState(false);
  const mover = useAppointmentMove();
  const [freed, setFreed] = useState<string | null>(null);
  const [freedNotice, setFreedNotice] = useState<string | null>(null);
  return {
    booking,
    setBooking,
    openId,
    setOpenId,
    help,
    setHelp,
    mover,
    freed,
    setFreed,
    freedNotice,
    setFreedNotice,
    modalOpen: booking !== null || openId !== null || help || freed !== null,
  };
}

/**
 * The dialogs `useAgendaDialogs` holds: booking (in `clinic`, on `date`), the open `appointment`'s
 * panel (`professional`'s, times in `timeZone`), the shortcut list and the move notice. `onDone` runs
 * as the booking or the panel closes, to give the focus back to the grid.
 */
export function AgendaDialogs<D extends BookingDraft>(props: {
  dialogs: ReturnType<typeof useAgendaDialogs<D>>;
  clinic: ClinicChoice | null | undefined;
  professionals: readonly { id: string; name: string }[];
  date: string;
  appointment: DayAppointment | null;
  professional: string;
  timeZone: string;
  onDone: () => void;
}) {
  const { booking, setBooking, setOpenId, help, setHelp, mover, freed, setFreed, freedNotice, setFreedNotice } =
    props.dialogs;
  return (
    <>
      {props.clinic && booking && (
        <BookingDialog
          clinic={props.clinic}
          professionals={props.professionals}
          date={props.date}
          draft={booking}
          onClose={() => setBooking(null)}
          onBooked={() => {
            setBooking(null);
            props.onDone();
          }}
        />
      )}
      <AppointmentPanel
        appointment={props.appointment}
        professional={props.professional}
        timeZone={props.timeZone}
        clinicId={props.clinic?.id}
        onClose={() => {
          setOpenId(null);
          props.onDone();
        }}
        onCancelled={setFreed}
      />
      {freed && (
        <FreedSlotOffer
          key={freed}
          appointmentId={freed}
          onClose={(notice) => {
            setFreed(null);
            if (notice) setFreedNotice(notice);
            props.onDone();
          }}
        />
      )}
      <FreedSlotNotice notice={freedNotice} onClose={() => setFreedNotice(null)} />
      <ShortcutsHelp opened={help} onClose={() => setHelp(false)} />
      <MoveNotice notice={mover.notice} onUndo={() => void mover.undo()} onClose={mover.dismiss} />
    </>
  );
}
