import type { Actor } from '../../core/actor.js';
import { DomainError } from '../../core/errors.js';
import type { AccountsAndKeys } from './api-keys.js';

/** The header integrators send their key in; its name is exact (spec §5). */
export const API_KEY_HEADER = 'auth-bearer';

/**
 * Resolves the actor of a request from its `auth-bearer` header.
 *
 * @throws DomainError `unauthenticated` (401) when the header is missing, or the key is unknown or
 *   revoked; both answers look the same so a caller cannot probe which keys exist.
 */
export function apiKeyAuthenticator(keys: AccountsAndKeys): (headers: Headers) => Promise<Actor> {
  return async (headers) => {
    const key = headers.get(API_KEY_HEADER)?.trim();
    if (!key) {
      throw new DomainError('unauthenticated', 'Chave de API ausente', [
        { path: `header.${API_KEY_HEADER}`, message: 'envie a chave de API no cabeçalho auth-bearer' },
      ]);
    }
    const actor = await keys.actorForKey(key);
    if (!actor) {
      throw new DomainError('unauthenticated', 'Chave de API inválida ou revogada', [
        { path: `header.${API_KEY_HEADER}`, message: 'chave não reconhecida' },
      ]);
    }
    return actor;
  };
}
