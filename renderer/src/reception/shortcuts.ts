/**
 * The reception's keyboard shortcuts, listed once: the help dialog shows this list and the screens
 * handle these keys. Single letters act only when focus is not in a text field.
 */
import type { MessageKey } from '../i18n/index.js';

/** One shortcut: the keys as shown, and what it does. */
export interface Shortcut {
  keys: string[];
  action: MessageKey;
}

/** Shortcuts of the day schedule. */
export const SCHEDULE_SHORTCUTS: Shortcut[] = [
  { keys: ['N'], action: 'shortcut.new' },
  { keys: ['←', '↑', '→', '↓'], action: 'shortcut.move' },
  { keys: ['Enter'], action: 'shortcut.open' },
  { keys: ['Alt', '←'], action: 'shortcut.previousDay' },
  { keys: ['Alt', '→'], action: 'shortcut.nextDay' },
  { keys: ['T'], action: 'shortcut.today' },
  { keys: ['B'], action: 'shortcut.block' },
  { keys: ['E'], action: 'shortcut.squeeze' },
  { keys: ['M'], action: 'shortcut.pickUp' },
  { keys: ['Ctrl', 'Z'], action: 'shortcut.undoMove' },
  { keys: ['?'], action: 'shortcut.help' },
];

/** Shortcuts of one professional's week. */
export const WEEK_SHORTCUTS: Shortcut[] = [
  { keys: ['←', '↑', '→', '↓'], action: 'shortcut.moveWeek' },
  { keys: ['Enter'], action: 'shortcut.open' },
  { keys: ['Alt', '←'], action: 'shortcut.previousWeek' },
  { keys: ['Alt', '→'], action: 'shortcut.nextWeek' },
  { keys: ['T'], action: 'shortcut.thisWeek' },
  { keys: ['D'], action: 'shortcut.openDay' },
  { keys: ['Ctrl', 'Z'], action: 'shortcut.undoMove' },
];

/** Shortcuts inside an appointment's panel. */
export const PANEL_SHORTCUTS: Shortcut[] = [
  { keys: ['C'], action: 'shortcut.confirm' },
  { keys: ['A'], action: 'shortcut.checkIn' },
  { keys: ['H'], action: 'shortcut.call' },
  { keys: ['I'], action: 'shortcut.start' },
  { keys: ['F'], action: 'shortcut.finish' },
  { keys: ['V'], action: 'shortcut.regress' },
  { keys: ['R'], action: 'shortcut.reopen' },
  { keys: ['L'], action: 'shortcut.noShow' },
  { keys: ['X'], action: 'shortcut.cancel' },
  { keys: ['Esc'], action: 'shortcut.close' },
];

/** Shortcuts of forms. */
export const FORM_SHORTCUTS: Shortcut[] = [
  { keys: ['Ctrl', 'Enter'], action: 'shortcut.submit' },
  { keys: ['↑', '↓', 'Enter'], action: 'shortcut.pickPatient' },
];

/** True when a key press belongs to a text field (typing), not to the screen's shortcuts. */
export function typingIn(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}
