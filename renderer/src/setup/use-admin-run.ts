/**
 * The administration screens' `run`: on the server as the signed-in admin for a connected desk, on
 * the local core for the demo (see admin-run.ts), and why writing is off when it is.
 */
import { useCallback } from 'react';
import { DomainError } from '#core/errors.js';
import { useLocalCore, useRun, type RunOperation } from '../local/hooks.js';
import { useSession } from '../session/session-store.js';
import { runOnServer } from './admin-run.js';

/**
 * The run function; `offline` when writes are off (signed in without the server); `hasServer` when
 * there is a server at all (operations that exist only there, such as creating a user, need it).
 */
export function useAdminRun(): { run: RunOperation; offline: boolean; hasServer: boolean } {
  const local = useRun();
  const { installation } = useLocalCore();
  const token = useSession((s) => s.session?.accessToken);
  const serverUrl = installation.mode === 'server' ? installation.serverUrl : null;
  const run = useCallback<RunOperation>(
    (op, input) => {
      if (serverUrl === null) return local(op, input);
      if (!token)
        return Promise.reject(
          new DomainError(
            'unauthenticated',
            'Entrada sem servidor: as configurações só mudam com o servidor conectado',
          ),
        );
      return runOnServer(
        { baseUrl: serverUrl, accessToken: token, fetch: globalThis.fetch.bind(globalThis) },
        op,
        input,
      );
    },
    [local, serverUrl, token],
  );
  return { run, offline: serverUrl !== null && !token, hasServer: serverUrl !== null };
}
