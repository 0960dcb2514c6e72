/**
 * The budget's PDF comes from the server (`GET /budget/{id}/pdf`, the A4 document rendered there):
 * the desk asks for it with the person's session and shows the answer, or says why it cannot.
 */

/** What asking for the PDF gave. */
export type PdfAnswer =
  | { kind: 'ok'; fileName: string; bytes: Uint8Array<ArrayBuffer> }
  /** No server reachable (offline desk, offline sign-in): the PDF needs it. */
  | { kind: 'offline' }
  /** The server does not know the budget yet: sync has not pushed it. */
  | { kind: 'notYet' }
  | { kind: 'failed'; status: number };

/**
 * Fetches the PDF of budget `id` from `serverUrl` with the session's access token.
 * Never throws: a network failure is `offline`.
 */
export async function fetchBudgetPdf(
  serverUrl: string,
  accessToken: string | undefined,
  id: string,
  fetchFn: typeof fetch = globalThis.fetch.bind(globalThis),
): Promise<PdfAnswer> {
  if (!accessToken) return { kind: 'offline' };
  let response: Response;
  try {
    response = await fetchFn(`${serverUrl.replace(/\/+$/, '')}/budget/${encodeURIComponent(id)}/pdf`, {
      headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' },
      signal: AbortSignal.timeout(30_000),
    });
  } catch {
    return { kind: 'offline' };
  }
  if (response.status === 404) return { kind: 'notYet' };
  const body = (await response.json().catch(() => undefined)) as { fileName?: string; content?: string } | undefined;
  if (!response.ok || typeof body?.content !== 'string') return { kind: 'failed', status: response.status };
  const binary = atob(body.content);
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return { kind: 'ok', fileName: body.fileName ?? `orcamento-${id}.pdf`, bytes };
}
