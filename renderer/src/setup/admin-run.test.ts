import { describe, expect, it } from 'vitest';
import { removeClinic, updateClinic } from '#core/clinic/clinic-ops.js';
import { isDomainError } from '#core/errors.js';
import { getScheduleSettings } from '#core/schedule/settings-ops.js';
import { runOnServer, serverRequest } from './admin-run.js';

const ID = '0190a000-0000-7000-8000-000000000001';

describe('serverRequest', () => {
  it('fills the path and sends the rest as the body or the query', () => {
    expect(serverRequest(updateClinic, { id: ID, name: 'Aurora' })).toEqual({
      method: 'PUT',
      path: `/clinic/${ID}`,
      body: { name: 'Aurora' },
    });
    expect(serverRequest(removeClinic, { id: ID })).toEqual({ method: 'DELETE', path: `/clinic/${ID}` });
    expect(serverRequest(getScheduleSettings, { clinic: ID, professional: undefined })).toEqual({
      method: 'GET',
      path: `/schedule/settings?clinic=${ID}`,
    });
  });
});

describe('runOnServer', () => {
  const target = (answer: () => Promise<Response>) => ({
    baseUrl: 'http://server:3000/',
    accessToken: 'tok',
    fetch: (() => answer()) as unknown as typeof fetch,
  });

  it('refuses a bad field with the core message before any request', async () => {
    let called = false;
    const error = await runOnServer(
      target(() => {
        called = true;
        return Promise.resolve(new Response('{}'));
      }),
      updateClinic,
      { id: ID, name: 'Aurora', cnpj: '11.222.333/0001-00' },
    ).catch((e: unknown) => e);
    expect(called).toBe(false);
    expect(isDomainError(error) && error.details).toEqual([
      { path: 'cnpj', message: 'CNPJ inválido (confira os dígitos verificadores)' },
    ]);
  });

  it('turns the server’s error body into a DomainError with its fields', async () => {
    const body = {
      error: { code: 'conflict', message: 'CNPJ já cadastrado', details: [{ path: 'cnpj', message: 'já usado' }] },
    };
    const error = await runOnServer(
      target(() => Promise.resolve(new Response(JSON.stringify(body), { status: 409 }))),
      updateClinic,
      { id: ID, name: 'Aurora' },
    ).catch((e: unknown) => e);
    expect(isDomainError(error) && [error.code, error.message, error.details]).toEqual([
      'conflict',
      'CNPJ já cadastrado',
      [{ path: 'cnpj', message: 'já usado' }],
    ]);
  });

  it('says the server is unreachable when the request fails', async () => {
    const error = await runOnServer(
      target(() => Promise.reject(new TypeError('fetch failed'))),
      removeClinic,
      { id: ID },
    ).catch((e: unknown) => e);
    expect((error as Error).message).toMatch(/^Sem conexão com o servidor/);
  });
});
