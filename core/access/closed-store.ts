import type { Store } from '#core/store/port.js';

/**
 * The store a public operation (login, password reset) receives: it has no tenant yet, so it may
 * touch no collection. Those operations reach data through the server services they close over.
 */
export const closedStore: Store = Object.freeze({
  tenantId: '',
  collection(): never {
    throw new Error('uma operação pública não acessa coleções pelo contexto');
  },
  transaction(): never {
    throw new Error('uma operação pública não acessa coleções pelo contexto');
  },
});
