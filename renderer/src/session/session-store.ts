/**
 * The desk's current session (zustand). Kept in sessionStorage: a reload keeps the person signed in,
 * closing the app signs them out (reception PCs are shared).
 */
import { create } from 'zustand';
import type { DeskSession } from './sign-in.js';

export const SESSION_KEY = 'clinic.session';

function restore(): DeskSession | null {
  try {
    const raw = globalThis.sessionStorage?.getItem(SESSION_KEY);
    return raw ? (JSON.parse(raw) as DeskSession) : null;
  } catch {
    return null;
  }
}

function persist(session: DeskSession | null): void {
  try {
    if (session) globalThis.sessionStorage?.setItem(SESSION_KEY, JSON.stringify(session));
    else globalThis.sessionStorage?.removeItem(SESSION_KEY);
  } catch {
    // Storage refused (privacy mode): the session lives until the tab closes.
  }
}

interface SessionState {
  session: DeskSession | null;
  signedIn: (session: DeskSession) => void;
  signedOut: () => void;
}

/** `useSession((s) => s.session)` in components; `useSession.getState()` elsewhere. */
export const useSession = create<SessionState>((set) => ({
  session: restore(),
  signedIn(session) {
    persist(session);
    set({ session });
  },
  signedOut() {
    persist(null);
    set({ session: null });
  },
}));
