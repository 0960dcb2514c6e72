/**
 * The one-line message an administration section shows after an action: what was done (green,
 * `status`) or why it was not (red, `alert`, the core's pt-BR message).
 */
import { useCallback, useState } from 'react';
import { formFailure } from '../common/domain-errors.js';

/** A section's message: `ok` says which kind; `text` is already translated. */
export type Notice = { ok: boolean; text: string };

/**
 * The section's notice and its setters. `attempt` runs `action` and then says `done`, or on any
 * error shows the error's general message (never throws); `say` shows a success text directly
 * (e.g. after a dialog saved).
 */
export function useNotice(): {
  notice: Notice | null;
  say: (text: string) => void;
  clear: () => void;
  attempt: (action: () => Promise<unknown>, done: string) => Promise<void>;
} {
  const [notice, setNotice] = useState<Notice | null>(null);
  const say = useCallback((text: string) => setNotice({ ok: true, text }), []);
  const clear = useCallback(() => setNotice(null), []);
  const attempt = useCallback(async (action: () => Promise<unknown>, done: string) => {
    try {
      await action();
      setNotice({ ok: true, text: done });
    } catch (error) {
      setNotice({ ok: false, text: formFailure(error, []).general ?? '' });
    }
  }, []);
  return { notice, say, clear, attempt };
}
