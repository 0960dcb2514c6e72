/**
 * The Documentos panel's calls to the server (docs/decisions/medical-record.md MED-032): documents,
 * reports and shares are made on the server, so the panel calls its REST routes as the signed-in
 * professional (their access token). Offline, or on the demo desk without a server, the panel says
 * documents need the server.
 */
import { useMemo } from 'react';
import { DomainError, type ErrorCode } from '#core/errors.js';
import { useLocalCore } from '../local/hooks.js';
import { useSession } from '../session/session-store.js';

/** Where and as whom the panel calls. */
export interface DocumentsTarget {
  baseUrl: string;
  accessToken: string;
}

/** A file as the server answers it (base64 content). */
export interface ServerFile {
  fileName: string;
  mediaType: string;
  content: string;
}

/** The server and token of a connected desk, or null (no server, or signed in without it). */
export function useDocumentsTarget(): DocumentsTarget | null {
  const { installation } = useLocalCore();
  const token = useSession((s) => s.session?.accessToken);
  const serverUrl = installation.mode === 'server' ? installation.serverUrl : null;
  return useMemo(
    () => (serverUrl && token ? { baseUrl: serverUrl.replace(/\/+$/, ''), accessToken: token } : null),
    [serverUrl, token],
  );
}

/**
 * Calls `method path` on the server with an optional JSON body.
 * @throws DomainError as the server answers, or `internal` "Sem conexão com o servidor".
 */
export async function callServer<T>(target: DocumentsTarget, method: string, path: string, body?: object): Promise<T> {
  let response: Response;
  try {
    response = await fetch(`${target.baseUrl}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${target.accessToken}`,
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
  } catch {
    throw new DomainError('internal', 'Sem conexão com o servidor: tente de novo quando a conexão voltar');
  }
  const text = await response.text();
  const parsed: unknown = text ? JSON.parse(text) : null;
  if (response.ok) return parsed as T;
  const error = (parsed as { error?: { code?: ErrorCode; message?: string; details?: DomainError['details'] } } | null)
    ?.error;
  throw new DomainError(error?.code ?? 'internal', error?.message ?? `O servidor respondeu ${response.status}`, [
    ...(error?.details ?? []),
  ]);
}

/** Opens a server PDF in a new window (the desk's own viewer prints it); downloads it when pop-ups are blocked. */
export function openServerFile(file: ServerFile): void {
  const bytes = Uint8Array.from(atob(file.content), (c) => c.charCodeAt(0));
  const url = URL.createObjectURL(new Blob([bytes], { type: file.mediaType }));
  const opened = window.open(url, '_blank');
  if (!opened) {
    const link = document.createElement('a');
    link.href = url;
    link.download = file.fileName;
    link.click();
  }
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** `2026-12-04T12:00:00.000Z` → `04/12/2026 09:00` in the station's zone. */
export function brInstant(iso: string): string {
  return new Date(iso).toLocaleString('pt-BR', { dateStyle: 'short', timeStyle: 'short' });
}
