/**
 * Professional councils (spec §2.5 "Council"). Not a collection: TISS bills only with the councils
 * of its terminology 26 (Conselho Profissional), so the list is fixed by the standard and the same for
 * every account. A professional carries council, number and state (UF) on the user record.
 */
import { z } from 'zod';
import { defineOperation } from '#core/operation.js';
import { notFound } from '#core/common/records.js';

/** One council: `id` is its acronym, `tissCode` its code in TISS terminology 26 (Conselho Profissional). */
export interface Council {
  id: string;
  tissCode: string;
  name: string;
}

/**
 * The councils, ids spelled as the user record spells them (core/access/user.ts), each with its TISS
 * table 26 code. TISS names the social workers' council CRAS; councils TISS does not list (biomedicine,
 * physical education) bill as `10` (outros).
 */
export const COUNCILS: readonly Council[] = [
  { id: 'CRESS', tissCode: '01', name: 'Conselho Regional de Serviço Social' },
  { id: 'COREN', tissCode: '02', name: 'Conselho Regional de Enfermagem' },
  { id: 'CRF', tissCode: '03', name: 'Conselho Regional de Farmácia' },
  { id: 'CRFa', tissCode: '04', name: 'Conselho Regional de Fonoaudiologia' },
  { id: 'CREFITO', tissCode: '05', name: 'Conselho Regional de Fisioterapia e Terapia Ocupacional' },
  { id: 'CRM', tissCode: '06', name: 'Conselho Regional de Medicina' },
  { id: 'CRN', tissCode: '07', name: 'Conselho Regional de Nutricionistas' },
  { id: 'CRO', tissCode: '08', name: 'Conselho Regional de Odontologia' },
  { id: 'CRP', tissCode: '09', name: 'Conselho Regional de Psicologia' },
  { id: 'CRBM', tissCode: '10', name: 'Conselho Regional de Biomedicina' },
  { id: 'CREF', tissCode: '10', name: 'Conselho Regional de Educação Física' },
];

/** The council with this acronym, whatever its case (`crfa` → `CRFa`). */
export function findCouncil(id: string): Council | undefined {
  const upper = id.trim().toUpperCase();
  return COUNCILS.find((c) => c.id.toUpperCase() === upper);
}

/** A council id, matched whatever its case; outputs the canonical spelling. */
export const councilInput = z.string().transform((value, ctx) => {
  const council = findCouncil(value);
  if (!council) {
    ctx.addIssue({ code: 'custom', message: `conselho desconhecido; use ${COUNCILS.map((c) => c.id).join(', ')}` });
    return z.NEVER;
  }
  return council.id;
});

const councilOutput = z.object({ id: z.string(), tissCode: z.string(), name: z.string() }).meta({ id: 'Council' });

/** `council.list`: `GET /council/`. */
export const listCouncils = defineOperation({
  name: 'council.list',
  group: 'Clinic',
  summary: 'Lista os conselhos profissionais (tabela TISS 26)',
  permission: 'specialty:read',
  input: z.strictObject({}),
  output: z.object({ items: z.array(councilOutput) }),
  http: { method: 'GET', path: '/council/' },
  example: {},
  run: () => Promise.resolve({ items: [...COUNCILS] }),
});

/** `council.get`: `GET /council/{id}`. */
export const getCouncil = defineOperation({
  name: 'council.get',
  group: 'Clinic',
  summary: 'Mostra um conselho profissional pela sigla',
  permission: 'specialty:read',
  input: z.strictObject({ id: z.string().max(20) }),
  output: councilOutput,
  http: { method: 'GET', path: '/council/{id}', textIds: ['id'] },
  example: { id: 'CRM' },
  run(_ctx, { id }) {
    const council = findCouncil(id);
    return council ? Promise.resolve(council) : Promise.reject(notFound('Conselho', 'id', id));
  },
});

/** The operations of this file, collected by the group's index. */
export const councilOperations = [listCouncils, getCouncil];
