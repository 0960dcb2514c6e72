/**
 * Who calls a sync endpoint: an installation, by its device token in `Authorization: Bearer`.
 */
import { DomainError } from '#core/errors.js';
import type { DeviceActor, Devices } from './devices.js';

const PATH = 'header.Authorization';

/**
 * Resolves the installation from the request headers, reading its row every time so a revoked
 * installation stops syncing at once.
 *
 * @throws DomainError `unauthenticated` (401) when the header is missing or malformed, or the token
 *   is unknown or revoked (one answer for both, so a caller cannot probe which tokens exist).
 */
export async function authenticateDevice(devices: Devices, headers: Headers): Promise<DeviceActor> {
  const header = headers.get('authorization')?.trim();
  const match = header ? /^Bearer\s+(\S+)$/i.exec(header) : null;
  if (!match) {
    throw new DomainError('unauthenticated', 'Token da instalação ausente', [
      { path: PATH, message: 'use Authorization: Bearer <token da instalação>' },
    ]);
  }
  const actor = await devices.actorForToken(match[1]!);
  if (!actor) {
    throw new DomainError('unauthenticated', 'Instalação desconhecida ou revogada', [
      { path: PATH, message: 'cadastre a instalação de novo com um código do administrador' },
    ]);
  }
  return actor;
}
