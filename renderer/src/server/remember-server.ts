/**
 * Keeping a tested server address on this desk: the address sign-in uses, and the enrolled
 * installation's, which syncs with the same server (a desk whose two addresses differ would sign in on
 * one server and replicate with another).
 */
import { movedTo } from '../local/installation.js';
import { useInstallation } from '../local/installation-store.js';
import { saveServerUrl } from './server-address.js';
import { recheckServerStatus } from './useServerStatus.js';

/**
 * Keeps `url` (tested by `probeServer`) as this desk's server. An enrolled installation follows it:
 * its open database and sync are closed first (they talk to the old address) and reopen with the new
 * one, with the same token and replication checkpoints.
 */
export async function rememberServer(url: string): Promise<void> {
  saveServerUrl(globalThis.localStorage, url);
  const { installation, configured } = useInstallation.getState();
  if (installation?.mode === 'server' && installation.serverUrl !== url) {
    // A chunk of its own (the database): the sign-in screen loads it only when a desk moves.
    const { closeCore } = await import('../local/open-cores.js');
    await closeCore(installation);
    configured(movedTo(installation, url));
  }
  recheckServerStatus();
}
