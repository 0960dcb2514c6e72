/**
 * TISS bench (issue 25): 500 SP/SADT guides, each with 3 procedures and 2 other expenses, written as
 * TISS 4.01.00 messages and checked against the ANS schemas. A message holds at most 100 guides
 * (ctm_guiaLote maxOccurs), so 500 guides are 5 full batches, as a clinic would send them.
 */
import { writeBatchMessage, type TissMessage } from '#core/billing/tiss/message.js';
import { validateTissMessage, validateTissMessages } from '#core/billing/tiss/schema-validator.js';
import type { TissBatch, TissGuide } from '#core/billing/tiss/tiss-data.js';
import { setTissSchemaSource } from '#core/billing/tiss/schema-source.js';
import { diskTissSchemas } from '../../sync-server/billing/tiss-schemas.js';

// The server reads the ANS schemas from disk (core reads none).
setTissSchemaSource(diskTissSchemas);

export const GUIDES = 500;
const PER_BATCH = 100;

function guide(n: number): TissGuide {
  const item = (k: number, expenseCode?: '02' | '03') => ({
    table: expenseCode ? (expenseCode === '02' ? '20' : '19') : '22',
    code: String(40_101_010 + k),
    description: `Procedimento de número ${k} – exame complementar`,
    quantity: 1 + (k % 3),
    unitCentavos: 1_000 + ((n * 37 + k * 101) % 90_000),
    date: '2026-11-20',
    ...(expenseCode ? { expenseCode } : {}),
  });
  return {
    guideNumber: String(100_000 + n),
    cardNumber: String(10_000_000_000 + n),
    newborn: false,
    authorizationCode: `A${n}`,
    date: '2026-11-20',
    consultationType: '1',
    professional: { name: 'Dra. Ana Conceição', council: '06', councilNumber: '123456', state: '35', cbo: '225120' },
    items: [item(1), item(2), item(3), item(4, '03'), item(5, '02')],
  };
}

function batch(index: number): TissBatch {
  return {
    version: '4.01.00',
    batchNumber: String(index + 1),
    transactionNumber: String(index + 1),
    day: '2026-11-23',
    time: '09:00:00',
    ansRegistry: '123456',
    provider: { providerCode: 'PREST001', cnes: '1234567', name: 'Clínica São João' },
    guideType: 'spsadt',
    guides: Array.from({ length: PER_BATCH }, (_, i) => guide(index * PER_BATCH + i)),
  };
}

/** Figures of one run, milliseconds. */
export interface TissBenchResult {
  writeMs: number;
  /** The 5 messages checked together: one libxml2 run, one schema compilation (TISS-013). */
  validateMs: number;
  /** The same, one run per message (the slice before TISS-013), for the diary's comparison. */
  perMessageMs: number;
  bytes: number;
  invalid: number;
}

/** Writes the 500 guides, then validates the messages; a first validation warms the schema file cache. */
export async function benchTissBatch(): Promise<TissBenchResult> {
  await validateTissMessage(writeBatchMessage(batch(0)).bytes, '4.01.00');
  const started = performance.now();
  const messages: TissMessage[] = [];
  for (let i = 0; i < GUIDES / PER_BATCH; i++) messages.push(writeBatchMessage(batch(i)));
  const written = performance.now();
  const problems = await validateTissMessages(
    messages.map((m) => m.bytes),
    '4.01.00',
  );
  const validated = performance.now();
  for (const m of messages) await validateTissMessage(m.bytes, '4.01.00');
  const perMessage = performance.now();
  return {
    writeMs: written - started,
    validateMs: validated - written,
    perMessageMs: perMessage - validated,
    bytes: messages.reduce((sum, m) => sum + m.bytes.length, 0),
    invalid: problems.filter((p) => p.length > 0).length,
  };
}
