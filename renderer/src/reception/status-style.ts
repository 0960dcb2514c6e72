/** How the reception shows each appointment status: a text key and a Mantine colour. */
import { STATUS, type Status } from '#core/schedule/status.js';
import type { MessageKey } from '../i18n/index.js';

/** Text key of a status. */
export const statusKey: Record<Status, MessageKey> = {
  [STATUS.scheduled]: 'appointment.status.1',
  [STATUS.waiting]: 'appointment.status.2',
  [STATUS.called]: 'appointment.status.3',
  [STATUS.inAttendance]: 'appointment.status.4',
  [STATUS.attended]: 'appointment.status.5',
  [STATUS.noShow]: 'appointment.status.6',
  [STATUS.cancelledByPatient]: 'appointment.status.7',
  [STATUS.cancelledByClinic]: 'appointment.status.8',
  [STATUS.rescheduled]: 'appointment.status.9',
  [STATUS.reserved]: 'appointment.status.10',
};

/** Colour of a status: blue booked, orange waiting, cyan called, teal in the room, green done, red missed. */
export const statusColor: Record<Status, string> = {
  [STATUS.scheduled]: 'blue',
  [STATUS.waiting]: 'orange',
  [STATUS.called]: 'cyan',
  [STATUS.inAttendance]: 'teal',
  [STATUS.attended]: 'green',
  [STATUS.noShow]: 'red',
  [STATUS.cancelledByPatient]: 'gray',
  [STATUS.cancelledByClinic]: 'gray',
  [STATUS.rescheduled]: 'gray',
  [STATUS.reserved]: 'grape',
};

/** Statuses the legend explains, in the order a day flows. */
export const LEGEND: Status[] = [
  STATUS.scheduled,
  STATUS.reserved,
  STATUS.waiting,
  STATUS.called,
  STATUS.inAttendance,
  STATUS.attended,
  STATUS.noShow,
];
