import type { Operation } from '#core/operation.js';
import {
  attendAppointment,
  callAppointment,
  finishAttendance,
  markNoShow,
  regressAttendance,
  reopenAttendance,
  startAttendance,
} from '#core/schedule/appointment-flow-ops.js';
import type { AppointmentAction } from '#core/schedule/status.js';
import type { MessageKey } from '../i18n/index.js';

/**
 * A status move offered in the panel: the operation, the table's action, its key and label. `ask`:
 * a move the status table cannot take back asks once, inline, with this question and `confirm` button.
 */
export interface Move {
  op: Operation;
  action: AppointmentAction;
  key: string;
  label: MessageKey;
  variant: 'filled' | 'light';
  color?: string;
  ask?: { question: MessageKey; confirm: MessageKey };
}

export const MOVES: readonly Move[] = [
  { op: attendAppointment, action: 'checkIn', key: 'a', label: 'panel.checkIn', variant: 'filled' },
  { op: callAppointment, action: 'call', key: 'h', label: 'panel.call', variant: 'light' },
  { op: startAttendance, action: 'start', key: 'i', label: 'panel.start', variant: 'light' },
  { op: finishAttendance, action: 'finish', key: 'f', label: 'panel.finish', variant: 'light' },
  { op: regressAttendance, action: 'regress', key: 'v', label: 'panel.regress', variant: 'light' },
  // Undoes the end: the kits it took out go back to stock (docs/decisions/inventory.md INV-008).
  { op: reopenAttendance, action: 'reopen', key: 'r', label: 'panel.reopen', variant: 'light' },
  // No status leads back from no-show (core/schedule/status.ts), so it asks instead of offering an undo.
  {
    op: markNoShow,
    action: 'noShow',
    key: 'l',
    label: 'panel.noShow',
    variant: 'light',
    color: 'red',
    ask: { question: 'panel.noShowAsk', confirm: 'panel.noShowConfirm' },
  },
];
