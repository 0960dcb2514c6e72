import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Whether a URL is the app's own page: `index.html` inside `appRoot`, loaded over file://.
 * Used both to vet IPC senders and to decide which navigations are allowed. Query and hash are ignored
 * (client-side routes may use them); anything else — another file on disk, http(s), data:, a file:// with a
 * host — is refused, so a page that somehow got loaded cannot reach the bridge.
 * @param url the sender frame's URL, or undefined when the frame is gone.
 * @param appRoot absolute path of the built renderer folder (dist/renderer).
 */
export function isTrustedSender(url: string | undefined, appRoot: string): boolean {
  if (!url) return false;
  let filePath: string;
  try {
    const parsed = new URL(url);
    if (parsed.protocol !== 'file:' || parsed.host !== '') return false;
    filePath = fileURLToPath(parsed);
  } catch {
    return false;
  }
  const expected = path.join(path.resolve(appRoot), 'index.html');
  const actual = path.resolve(filePath);
  // Windows paths are case-insensitive; elsewhere a different case is a different file.
  return path.sep === '\\' ? actual.toLowerCase() === expected.toLowerCase() : actual === expected;
}
