import { useState } from 'react';
import { AppointmentPanel } from './AppointmentPanel.js';
import { BookingDialog, type BookingDraft } from './BookingDialog.js';
import type { ClinicChoice, DayAppointment } from './load-day.js';
import { MoveNotice, useAppointmentMove } from './MoveNotice.js';
import { ShortcutsHelp } from './ShortcutsHelp.js';

/**
 * What opens over the agenda grid, day or week: the booking being drafted, the appointment open in
 * its panel, the shortcut list, and the move in progress (its notice).
 */
export function useAgendaDialogs<D extends BookingDraft = BookingDraft>() {
  const [booking, setBooking] = useState<D | null>(null);
  const [openId, setOpenId] = useState<string | null>(null);
  const [help, setHelp] = useState(false);
  const mover = useAppointmentMove();
  return {
    booking,
    setBooking,
    openId,
    setOpenId,
    help,
    setHelp,
    mover,
    modalOpen: booking !== null || openId !== null || help,
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
  const { booking, setBooking, setOpenId, help, setHelp, mover } = props.dialogs;
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
        onClose={() => {
          setOpenId(null);
          props.onDone();
        }}
      />
      <ShortcutsHelp opened={help} onClose={() => setHelp(false)} />
      <MoveNotice notice={mover.notice} onUndo={() => void mover.undo()} onClose={mover.dismiss} />
    </>
  );
}
