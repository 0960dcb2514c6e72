/** Entering the local-only demonstration: its installation and the demo receptionist's session. */
import type { DeskSession } from '../session/sign-in.js';
import { useSession } from '../session/session-store.js';
import { DEMO_TENANT, demoActor } from './demo-seed.js';
import { useInstallation } from './installation-store.js';

/** The demo's session: an administrator of the demo account, signed in without a password. */
export function demoSession(): DeskSession {
  return {
    user: {
      id: demoActor().id,
      tenantId: DEMO_TENANT,
      name: 'Recepção (demonstração)',
      email: 'demo@clinic.invalid',
      role: 'admin',
    },
    mode: 'demo',
  };
}

/** Turns this computer into the demo installation and signs the demo receptionist in. */
export function startDemo(): void {
  useInstallation.getState().configured({ mode: 'demo', tenantId: DEMO_TENANT });
  useSession.getState().signedIn(demoSession());
}
