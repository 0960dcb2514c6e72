/**
 * Personal templates (spec §2.5 `PersonalTemplate`, §4.4 Authentication: create, get by name,
 * delete): a person's own texts for prescriptions, certificates, reports or messages. Names are
 * unique per person; nobody else in the account sees them.
 */
import { z } from 'zod';
import { isoWithOffset } from '#core/clock.js';
import { DomainError } from '#core/errors.js';
import { defineOperation } from '#core/operation.js';
import { defineCollection } from '#core/store/collection-def.js';
import type { RecordBase } from '#core/store/record.js';

export const TEMPLATE_KINDS = ['prescription', 'certificate', 'report', 'examRequest', 'message', 'other'] as const;

export interface PersonalTemplate extends RecordBase {
  owner: string;
  name: string;
  kind: (typeof TEMPLATE_KINDS)[number];
  content: string;
}

export const personalTemplates = defineCollection<PersonalTemplate>({
  name: 'personal_templates',
  fields: { owner: 'string', name: 'string' },
  indexes: [['owner', 'name']],
});

/** A template as answered. */
export const templateOutput = z
  .object({
    id: z.string(),
    name: z.string(),
    kind: z.enum(TEMPLATE_KINDS),
    content: z.string(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'PersonalTemplate' });
const nameSchema = z.string().trim().min(1).max(80);
const notFound = (path: string, value: string) =>
  new DomainError('not_found', 'Modelo não encontrado', [{ path, message: value }]);

export const createPersonalTemplate = defineOperation({
  name: 'personalTemplate.create',
  group: 'Authentication',
  summary: 'Cria um modelo pessoal',
  permission: 'profile:write',
  input: z.strictObject({
    name: nameSchema,
    kind: z.enum(TEMPLATE_KINDS).default('other'),
    content: z.string().min(1).max(20_000),
  }),
  output: z.object({ message: z.string(), personalTemplate: templateOutput }),
  http: { method: 'POST', path: '/personalTemplate/', status: 201 },
  example: { name: 'Atestado simples', kind: 'certificate', content: 'Atesto para os devidos fins que…' },
  async run(ctx, input) {
    const collection = ctx.store.collection(personalTemplates);
    const taken = await collection.count({ selector: { owner: ctx.actor.id, name: input.name } });
    if (taken > 0) {
      throw new DomainError('conflict', 'Já existe um modelo com este nome', [{ path: 'name', message: input.name }]);
    }
    const now = isoWithOffset(ctx.clock.now());
    const stored = await collection.insert({
      id: ctx.ids.next(),
      tenantId: ctx.store.tenantId,
      createdAt: now,
      updatedAt: now,
      owner: ctx.actor.id,
      ...input,
    });
    return { message: 'Modelo salvo', personalTemplate: stored };
  },
});

export const getPersonalTemplate = defineOperation({
  name: 'personalTemplate.get',
  group: 'Authentication',
  summary: 'Mostra um modelo pessoal pelo nome',
  permission: 'profile:read',
  input: z.strictObject({ name: nameSchema }),
  output: templateOutput,
  http: { method: 'GET', path: '/personalTemplate/name/{name}' },
  example: { name: 'Atestado simples' },
  async run(ctx, { name }) {
    const [found] = await ctx.store
      .collection(personalTemplates)
      .find({ selector: { owner: ctx.actor.id, name }, limit: 1 });
    if (!found) throw notFound('name', name);
    return found;
  },
});

export const listPersonalTemplates = defineOperation({
  name: 'personalTemplate.list',
  group: 'Authentication',
  summary: 'Lista os modelos pessoais de quem chama',
  permission: 'profile:read',
  input: z.strictObject({}),
  output: z.object({ items: z.array(templateOutput) }),
  http: { method: 'GET', path: '/personalTemplate/' },
  example: {},
  async run(ctx) {
    const items = await ctx.store
      .collection(personalTemplates)
      .find({ selector: { owner: ctx.actor.id }, sort: [{ name: 'asc' }] });
    return { items };
  },
});

export const deletePersonalTemplate = defineOperation({
  name: 'personalTemplate.delete',
  group: 'Authentication',
  summary: 'Apaga um modelo pessoal',
  permission: 'profile:write',
  input: z.strictObject({ id: z.string().min(1).max(64) }),
  output: z.void(),
  http: { method: 'DELETE', path: '/personalTemplate/{id}', emptyBody: true },
  example: { id: '01936f0e-8c2a-7b1e-9d4c-2f5a6b7c8d9e' },
  async run(ctx, { id }) {
    const collection = ctx.store.collection(personalTemplates);
    const found = await collection.get(id);
    // Another person's template answers like a missing one: it is theirs alone.
    if (!found || found.owner !== ctx.actor.id) throw notFound('id', id);
    await collection.remove(id, found._rev);
  },
});

export const personalTemplateOperations = [
  createPersonalTemplate,
  getPersonalTemplate,
  listPersonalTemplates,
  deletePersonalTemplate,
];
