/**
 * Opening a socket (spec §4.4 Websocket: "open a new websocket endpoint and return its unique
 * identifier"; Totem: "create a socket identifier from a clinic identifier"): an authenticated
 * caller of the clinic's tenant gets an identifier to connect with at
 * `/v1/websocket/endpoint?socket=<id>`, where the clinic's calls and recalls arrive as they happen.
 */
import { z } from 'zod';
import { requireClinic } from '#core/clinic/clinic-ops.js';
import { EXAMPLE_ID, idInput } from '#core/common/records.js';
import { defineOperation, type OperationContext } from '#core/operation.js';
import type { SocketIds } from './socket-ids.js';

/** Where a socket connects (the spec's path). */
export const SOCKET_PATH = '/v1/websocket/endpoint';

const output = z.object({
  socket: z.string().describe('o identificador do socket'),
  expiresAt: z.string().describe('até quando o identificador aceita a conexão (ISO-8601)'),
  path: z.string().describe('onde conectar, com o identificador'),
});

/** The two operations that hand out socket identifiers, over one signer. */
export function websocketOperations(ids: SocketIds) {
  async function open(ctx: OperationContext, clinicId: string) {
    // A clinic of another account reads as missing: an identifier never crosses tenants.
    const clinic = await requireClinic(ctx, clinicId);
    const issued = ids.issue({ tenantId: ctx.actor.tenantId, clinic: clinic.id });
    return { ...issued, path: `${SOCKET_PATH}?socket=${encodeURIComponent(issued.socket)}` };
  }
  const description =
    'O identificador vale 10 minutos para conectar e só recebe eventos desta clínica: `panel` (a lista ' +
    'do painel), `call` e `recall` (uma chamada ou rechamada, com código e local) e, a cada 20 s, `ping`.';
  return [
    defineOperation({
      name: 'websocket.open',
      group: 'Websocket',
      summary: 'Abre um endpoint de websocket e devolve seu identificador',
      description,
      permission: 'ticket:read',
      input: z.strictObject({ clinic: idInput }),
      output,
      http: { method: 'POST', path: '/websocket/endpoint', status: 201 },
      example: { clinic: EXAMPLE_ID },
      run: (ctx, input) => open(ctx, input.clinic),
    }),
    defineOperation({
      name: 'totem.socket',
      group: 'Totem',
      summary: 'Cria um identificador de socket a partir do identificador da clínica',
      description,
      permission: 'ticket:read',
      input: z.strictObject({ id: idInput }),
      output,
      http: { method: 'POST', path: '/clinic/{id}/socket', status: 201 },
      example: { id: EXAMPLE_ID },
      run: (ctx, input) => open(ctx, input.id),
    }),
  ];
}
