import { lazy, Suspense } from 'react';
import { useLocalCoreState } from '../local/LocalCoreProvider.js';

// Loaded apart from the shell: the chat's schemas are built when its chunk runs, after main.tsx has set
// zod's jitless mode (renderer/src/zod-config.ts), so zod never probes for eval under the CSP.
const Inbox = lazy(() => import('./Inbox.js'));

/** The header's chat button and notification bell, once the desk's local core is open. */
export function DeskInbox() {
  return useLocalCoreState().kind === 'ready' ? (
    <Suspense fallback={null}>
      <Inbox />
    </Suspense>
  ) : null;
}
