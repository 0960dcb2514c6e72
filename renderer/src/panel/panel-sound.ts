/**
 * Whether the waiting-room panel may make sound (issue 19). The desktop app allows it from the start
 * (Electron's autoplay policy, electron/window.ts); a browser blocks it until someone touches the page,
 * so the web panel asks once and remembers the answer in this browser, and never shows the button again.
 */

/** Where the browser keeps "sound enabled on this panel". */
export const SOUND_KEY = 'clinic.panel.sound';

/** Whether someone enabled sound on this panel before (a later reload must not ask again). */
export function soundRemembered(storage: Pick<Storage, 'getItem'> | undefined): boolean {
  try {
    return storage?.getItem(SOUND_KEY) === 'on';
  } catch {
    return false;
  }
}

/** Remembers that sound is enabled on this panel; a storage that refuses just means asking again. */
export function rememberSound(storage: Pick<Storage, 'setItem'> | undefined): void {
  try {
    storage?.setItem(SOUND_KEY, 'on');
  } catch {
    // Private mode or a full quota: the button will come back, nothing else breaks.
  }
}

/**
 * After a reload the browser may hold the audio back again until the page is touched: the first touch
 * or key anywhere resumes it (no button: the person already said yes). @returns a function removing
 * the listeners.
 */
export function resumeOnFirstTouch(
  target: Pick<Window, 'addEventListener' | 'removeEventListener'>,
  resume: () => void,
) {
  const events = ['pointerdown', 'keydown', 'touchstart'] as const;
  const once = () => {
    resume();
    for (const name of events) target.removeEventListener(name, once);
  };
  for (const name of events) target.addEventListener(name, once);
  return () => {
    for (const name of events) target.removeEventListener(name, once);
  };
}
