/**
 * Picks what this browser shows: the reception desk, or (configured once, kept in localStorage) the
 * totem or the waiting-room panel of one clinic (see kiosk-config.ts).
 */
import type { ReactNode } from 'react';
import { PanelApp, TotemApp } from '../lazy-screens.js';
import { resolveKiosk } from './kiosk-config.js';
import { KioskNotConfigured } from './KioskNotConfigured.js';

/** The root for this page's address and stored settings; `desk` renders the reception app. */
export function chooseRoot(desk: () => ReactNode): ReactNode {
  let kiosk: ReturnType<typeof resolveKiosk>;
  try {
    kiosk = resolveKiosk(window.location.href, window.localStorage);
  } catch {
    // A page without storage (some privacy modes throw on access) runs as the desk it always was.
    return desk();
  }
  if (kiosk.mode === 'desk') return desk();
  // The key came in the fragment: stored now, so it leaves the address bar and the history.
  if (window.location.hash) window.history.replaceState(null, '', window.location.pathname + window.location.search);
  if (kiosk.missing.length > 0) return <KioskNotConfigured missing={kiosk.missing} />;
  return kiosk.mode === 'totem' ? <TotemApp config={kiosk} /> : <PanelApp config={kiosk} />;
}
