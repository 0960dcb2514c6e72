/**
 * One insurer's sent batches checked at the operator (tissSolicitacaoStatusProtocolo): for each batch
 * `sent` with a protocol number, the status request goes through the insurer port and what the
 * operator answered is kept on the batch (`protocolStatus`). A batch whose status is final (6 pagamento
 * efetuado, 4 encerrado sem pagamento, 9 cancelado) is not asked again. One batch's failure is
 * counted and the others go on.
 */
import type { Clock } from '#core/clock.js';
import { isoWithOffset } from '#core/clock.js';
import type { Store } from '#core/store/port.js';
import { billingBatches } from './batch-record.js';
import type { InsurerTransport } from './insurer-transport.js';
import { writeProtocolStatusRequest } from './tiss/ws-message.js';
import { wsHeadOf, type InsurerConnection } from './ws-head.js';

/** dm_statusProtocolo values after which nothing changes. */
export const FINAL_PROTOCOL_STATUSES = ['4', '6', '9'];

/** What one check did. */
export interface ProtocolCheckResult {
  checked: number;
  changed: number;
  failed: number;
}

/**
 * Checks the sent batches of `insuranceId`.
 * @throws DomainError `validation` when the insurance lacks its ANS registry or provider identification.
 */
export async function checkProtocols(
  store: Store,
  clock: Clock,
  insuranceId: string,
  connection: InsurerConnection,
  transport: InsurerTransport,
): Promise<ProtocolCheckResult> {
  const result: ProtocolCheckResult = { checked: 0, changed: 0, failed: 0 };
  const batches = await store.collection(billingBatches).find({ selector: { insurance: insuranceId, status: 'sent' } });
  for (const batch of batches) {
    if (!batch.protocol || FINAL_PROTOCOL_STATUSES.includes(batch.protocolStatus?.status ?? '')) continue;
    result.checked += 1;
    try {
      const head = await wsHeadOf(store, clock, insuranceId, connection, batch.clinic);
      const answer = await transport.protocolStatus(
        connection.endpoint('tissSolicitacaoStatusProtocolo'),
        writeProtocolStatusRequest(head, batch.protocol),
        connection.version,
      );
      if (!answer.found) {
        result.failed += 1;
        continue;
      }
      const at = isoWithOffset(clock.now());
      const protocolStatus = {
        status: answer.status,
        processed: answer.processed,
        refused: answer.refused,
        released: answer.released,
        checkedAt: at,
      };
      const previous = batch.protocolStatus;
      await store.collection(billingBatches).update(batch.id, batch._rev, { ...batch, protocolStatus, updatedAt: at });
      if (previous?.status !== answer.status) result.changed += 1;
    } catch {
      result.failed += 1;
    }
  }
  return result;
}
