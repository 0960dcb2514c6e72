import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DomainError } from '#core/errors.js';
import { invoke } from '#core/operation.js';
import type { Database, Store } from '#core/store/port.js';
import {
  deleteAccountConfiguration,
  editAccountConfiguration,
  getAccountConfiguration,
} from './account-configuration-ops.js';
import {
  createPersonalTemplate,
  deletePersonalTemplate,
  getPersonalTemplate,
  listPersonalTemplates,
} from './personal-template-ops.js';
import { deleteScheduleFilter, getScheduleFilter, registerScheduleFilter } from './schedule-filter-ops.js';
import { actorWith, contextFor, openTestDatabase, TENANT } from './test-support.js';

let database: Database;
let store: Store;
beforeEach(async () => {
  database = await openTestDatabase();
  store = database.forTenant(TENANT);
});
afterEach(() => database.close());

const ana = () => contextFor(store, actorWith('professional', 'u-ana'));
const bia = () => contextFor(store, actorWith('reception', 'u-bia'));
const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (e: DomainError) => e,
  );

describe('account configuration', () => {
  it('answers the defaults until an admin saves, then what was saved, and defaults again after delete', async () => {
    const admin = contextFor(store, actorWith('admin'));
    expect(await invoke(getAccountConfiguration, ana(), {})).toMatchObject({
      timeZone: 'America/Sao_Paulo',
      locale: 'pt-BR',
      offlineLoginDays: 7,
      updatedAt: null,
    });
    await invoke(editAccountConfiguration, admin, { timeZone: 'America/Manaus' });
    await invoke(editAccountConfiguration, admin, { offlineLoginDays: 2 });
    expect(await invoke(getAccountConfiguration, ana(), {})).toMatchObject({
      timeZone: 'America/Manaus',
      offlineLoginDays: 2,
    });
    await invoke(deleteAccountConfiguration, admin, {});
    expect((await invoke(getAccountConfiguration, ana(), {})).timeZone).toBe('America/Sao_Paulo');
  });

  it('refuses an unknown time zone and non-admins', async () => {
    const admin = contextFor(store, actorWith('admin'));
    expect(await failure(invoke(editAccountConfiguration, admin, { timeZone: 'America/Gotham' }))).toMatchObject({
      details: [{ path: 'timeZone' }],
    });
    expect(await failure(invoke(editAccountConfiguration, ana(), { offlineLoginDays: 3 }))).toMatchObject({
      code: 'forbidden',
    });
  });
});

describe('schedule filter', () => {
  it('is saved per person: register, get, replace, delete', async () => {
    expect(await failure(invoke(getScheduleFilter, ana(), {}))).toMatchObject({ code: 'not_found' });
    await invoke(registerScheduleFilter, ana(), { professionals: ['u-ana'], view: 'week' });
    await invoke(registerScheduleFilter, bia(), { clinics: ['c1'] });
    expect(await invoke(getScheduleFilter, ana(), {})).toMatchObject({
      professionals: ['u-ana'],
      view: 'week',
      clinics: [],
    });
    await invoke(registerScheduleFilter, ana(), { view: 'month' });
    expect(await invoke(getScheduleFilter, ana(), {})).toMatchObject({ professionals: [], view: 'month' });
    await invoke(deleteScheduleFilter, ana(), {});
    expect(await failure(invoke(getScheduleFilter, ana(), {}))).toMatchObject({ code: 'not_found' });
    expect((await invoke(getScheduleFilter, bia(), {})).clinics).toEqual(['c1']);
  });
});

describe('personal templates', () => {
  it('creates, gets by name, lists only the owner’s, and deletes', async () => {
    const { personalTemplate } = await invoke(createPersonalTemplate, ana(), {
      name: 'Atestado',
      kind: 'certificate',
      content: 'Atesto…',
    });
    expect((await invoke(getPersonalTemplate, ana(), { name: 'Atestado' })).content).toBe('Atesto…');
    expect(await failure(invoke(getPersonalTemplate, bia(), { name: 'Atestado' }))).toMatchObject({
      code: 'not_found',
    });
    expect((await invoke(listPersonalTemplates, bia(), {})).items).toEqual([]);
    expect(await failure(invoke(deletePersonalTemplate, bia(), { id: personalTemplate.id }))).toMatchObject({
      code: 'not_found',
    });
    await invoke(deletePersonalTemplate, ana(), { id: personalTemplate.id });
    expect((await invoke(listPersonalTemplates, ana(), {})).items).toEqual([]);
  });

  it('refuses a second template with the same name for one person', async () => {
    await invoke(createPersonalTemplate, ana(), { name: 'Receita', content: 'x' });
    expect(await failure(invoke(createPersonalTemplate, ana(), { name: 'Receita', content: 'y' }))).toMatchObject({
      code: 'conflict',
      details: [{ path: 'name' }],
    });
    await invoke(createPersonalTemplate, bia(), { name: 'Receita', content: 'z' });
  });
});
