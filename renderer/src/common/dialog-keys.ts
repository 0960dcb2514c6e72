import { useEffect, useRef } from 'react';

/**
 * Ctrl+Enter (⌘+Enter) runs `submit` wherever focus is while the calling dialog is mounted, as every
 * form of the desk does (a picked patient's card replaces the search box, so the form element alone
 * would miss it).
 */
export function useCtrlEnter(submit: () => void | Promise<void>): void {
  const ref = useRef(submit);
  ref.current = submit;
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Enter' || !(event.ctrlKey || event.metaKey)) return;
      event.preventDefault();
      void ref.current();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}

/**
 * For a dialog opened over a screen with single-letter shortcuts (the agenda's N, T, B…): a letter
 * typed on a button or chip inside the dialog stays there instead of reaching the screen's window
 * listener. Modified keys (Ctrl+Enter) still pass.
 */
export function keepLettersInside(event: {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  stopPropagation(): void;
}): void {
  if (event.key.length === 1 && !event.ctrlKey && !event.metaKey && !event.altKey) event.stopPropagation();
}
