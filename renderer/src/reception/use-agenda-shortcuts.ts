import { useEffect, useRef } from 'react';
import { typingIn } from './shortcuts.js';

/**
 * The agenda's window-wide keys, off while `off` (a dialog is open) or while typing: Alt+arrows step
 * the period (day or week) through `onStep`, and each key of `keys` (a letter in either case, or a key
 * name such as `?` or `Escape`) runs its action; an undefined action leaves the key alone.
 */
export function useAgendaShortcuts(
  off: boolean,
  onStep: (n: -1 | 1) => void,
  keys: Record<string, (() => void) | undefined>,
) {
  // The latest handlers, so the listener is installed once and still sees the current selection.
  const latest = useRef({ off, onStep, keys });
  latest.current = { off, onStep, keys };
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const { off, onStep, keys } = latest.current;
      if (off || typingIn(event.target) || event.ctrlKey || event.metaKey) return;
      if (event.altKey && event.key === 'ArrowLeft') onStep(-1);
      else if (event.altKey && event.key === 'ArrowRight') onStep(1);
      else if (event.altKey) return;
      else {
        const action = keys[event.key.length === 1 ? event.key.toLowerCase() : event.key];
        if (!action) return;
        action();
      }
      event.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}
