/**
 * The protocol library's operations (spec §4.4 Medical Record, MED-040..042): list, get, create and
 * edit the clinic's protocols (a shipped one edited becomes the clinic's copy), and the protocols
 * suggested by CID-10 codes, symptoms and illnesses. Read with `medicalRecord:read`, edited with
 * `medicalRecord:write` (professionals and admins; the reception never sees them).
 */
import { z } from 'zod';
import { searchKey } from '#core/br/text.js';
import { compact, EXAMPLE_ID, idInput, newRecordBase, nowIso } from '#core/common/records.js';
import { DomainError } from '#core/errors.js';
import { defineOperation } from '#core/operation.js';
import { GROUP } from '#core/medical-record/record-ops.js';
import { findProtocol, loadLibrary, protocolCodes, type LibraryProtocol } from './protocol-library.js';
import {
  medicalProtocolOutput,
  medicalProtocols,
  protocolFieldsInput,
  protocolPatchInput,
  type MedicalProtocol,
} from './protocol-record.js';
import { suggestProtocols } from './protocol-suggest.js';

/** The answer shape of a library entry (no `_rev`, no `nameKey`, `shipped` only when true). */
function shown(protocol: LibraryProtocol): z.infer<typeof medicalProtocolOutput> {
  const { _rev: _r, nameKey: _k, tenantId: _t, shipped, ...rest } = protocol;
  return { ...rest, ...(shipped ? { shipped: true } : {}) };
}

/** A comma-separated list (`?symptoms=febre,cefaleia`) or the parameter repeated. */
const phraseList = (max: number) =>
  z.preprocess(
    (value) => (typeof value === 'string' ? value.split(',') : value),
    z
      .array(z.string().trim().max(200))
      .max(max, `no máximo ${max}`)
      .transform((items) => items.filter(Boolean)),
  );

/** `medicalProtocol.list`: `GET /medicalProtocol/`: the library by name, searched ignoring accents. */
export const listProtocols = defineOperation({
  name: 'medicalProtocol.list',
  group: GROUP,
  summary: 'Lista os protocolos da clínica (com os de exemplo do sistema ainda não editados)',
  permission: 'medicalRecord:read',
  input: z.strictObject({
    q: z.string().trim().max(120).optional().describe('palavras do nome, sem diferenciar acentos'),
    active: z
      .enum(['true', 'false', 'all'])
      .default('true')
      .describe('`true` (padrão) só ativos, `false` só inativos, `all` todos'),
  }),
  output: z.object({ items: z.array(medicalProtocolOutput) }),
  http: { method: 'GET', path: '/medicalProtocol/' },
  example: { q: 'dengue' },
  async run(ctx, { q, active }) {
    const words = q ? searchKey(q).split(' ').filter(Boolean) : [];
    const items = (await loadLibrary(ctx.store, ctx.actor.tenantId)).filter(
      (p) => (active === 'all' || String(p.active) === active) && words.every((w) => ` ${p.nameKey}`.includes(` ${w}`)),
    );
    return { items: items.map(shown) };
  },
});

/** `medicalProtocol.get`: `GET /medicalProtocol/{id}`. */
export const getProtocol = defineOperation({
  name: 'medicalProtocol.get',
  group: GROUP,
  summary: 'Mostra um protocolo (um de exemplo editado responde a cópia da clínica)',
  permission: 'medicalRecord:read',
  input: z.strictObject({ id: idInput }),
  output: medicalProtocolOutput,
  http: { method: 'GET', path: '/medicalProtocol/{id}' },
  example: { id: EXAMPLE_ID },
  run: async (ctx, { id }) => shown(await findProtocol(ctx.store, ctx.actor.tenantId, id)),
});

/** `medicalProtocol.create`: `POST /medicalProtocol/` (201). */
export const createProtocol = defineOperation({
  name: 'medicalProtocol.create',
  group: GROUP,
  summary: 'Cadastra um protocolo na biblioteca da clínica',
  permission: 'medicalRecord:write',
  input: z.strictObject(protocolFieldsInput),
  output: medicalProtocolOutput,
  http: { method: 'POST', path: '/medicalProtocol/', status: 201 },
  example: {
    name: 'Lombalgia aguda',
    cid10: ['M54.5'],
    symptoms: ['dor lombar'],
    illnesses: ['lombalgia'],
    text: '1. Afastar sinais de alerta.\n2. Analgesia e orientação de atividade.',
  },
  async run(ctx, input) {
    const protocol: MedicalProtocol = compact({
      ...newRecordBase(ctx),
      ...input,
      cid10: await protocolCodes(input.cid10),
      nameKey: searchKey(input.name),
      active: true,
    });
    return shown(await ctx.store.collection(medicalProtocols).insert(protocol));
  },
});

/**
 * `medicalProtocol.edit`: `PATCH /medicalProtocol/{id}`: the fields sent (and `active`). Editing a
 * shipped protocol stores the clinic's copy (`basedOn` the shipped id), which replaces it in the library.
 */
export const editProtocol = defineOperation({
  name: 'medicalProtocol.edit',
  group: GROUP,
  summary: 'Edita, inativa ou reativa um protocolo (um de exemplo vira cópia da clínica)',
  permission: 'medicalRecord:write',
  input: z.strictObject({ id: idInput, ...protocolPatchInput }),
  output: medicalProtocolOutput,
  http: { method: 'PATCH', path: '/medicalProtocol/{id}' },
  example: { id: EXAMPLE_ID, symptoms: ['dor lombar', 'dor ciática'] },
  async run(ctx, { id, ...patch }) {
    const fields = Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined));
    if (Object.keys(fields).length === 0)
      throw new DomainError('validation', 'Nada a alterar', [{ path: 'id', message: 'envie ao menos um campo' }]);
    if (patch.cid10) fields.cid10 = await protocolCodes(patch.cid10);
    const current = await findProtocol(ctx.store, ctx.actor.tenantId, id);
    const collection = ctx.store.collection(medicalProtocols);
    const now = nowIso(ctx);
    const { _rev, shipped, ...base } = current;
    const next: MedicalProtocol = compact({
      ...base,
      ...fields,
      ...(typeof fields.name === 'string' ? { nameKey: searchKey(fields.name) } : {}),
      updatedAt: now,
    });
    if (!shipped) return shown(await collection.update(current.id, _rev!, next));
    const copy = newRecordBase(ctx);
    return shown(await collection.insert({ ...next, ...copy, basedOn: current.id }));
  },
});

/** `medicalProtocol.suggest`: `GET /medicalProtocol/suggestion`: ranked by what was recorded. */
export const suggestProtocolsOperation = defineOperation({
  name: 'medicalProtocol.suggest',
  group: GROUP,
  summary: 'Protocolos sugeridos por CID-10, sintomas e doenças, do mais ao menos pertinente',
  description:
    'Código CID-10 igual pesa 6, da mesma categoria (E11 e E11.9) 4, doença 3, sintoma 1; palavras sem diferenciar acentos. Só protocolos ativos.',
  permission: 'medicalRecord:read',
  input: z
    .strictObject({
      cid10: phraseList(20).default([]).describe('códigos CID-10, separados por vírgula'),
      symptoms: phraseList(20).default([]).describe('sintomas, separados por vírgula'),
      illnesses: phraseList(20).default([]).describe('doenças, separadas por vírgula'),
      limit: z.coerce.number().int().min(1).max(50).default(10),
    })
    .refine((q) => q.cid10.length + q.symptoms.length + q.illnesses.length > 0, {
      path: ['cid10'],
      message: 'informe ao menos um CID-10, sintoma ou doença',
    }),
  output: z.object({
    items: z.array(
      z.object({
        protocol: medicalProtocolOutput,
        score: z.number(),
        matches: z.array(
          z.object({ kind: z.enum(['cid10', 'symptom', 'illness']), asked: z.string(), matched: z.string() }),
        ),
      }),
    ),
  }),
  http: { method: 'GET', path: '/medicalProtocol/suggestion' },
  example: { cid10: ['A90'], symptoms: ['febre', 'cefaleia'] },
  async run(ctx, { limit, ...query }) {
    const library = (await loadLibrary(ctx.store, ctx.actor.tenantId)).filter((p) => p.active);
    return {
      items: suggestProtocols(library, query, limit).map((s) => ({ ...s, protocol: shown(s.protocol) })),
    };
  },
});

/** The library's operations, collected by the module. */
export const protocolLibraryOperations = [
  listProtocols,
  suggestProtocolsOperation,
  getProtocol,
  createProtocol,
  editProtocol,
];
