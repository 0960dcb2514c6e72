import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '#core/access/user.js';
import { addMember, login, seedAccount, startTestServer, type TestServer } from './test-server.js';

let server: TestServer;
let tenantId: string;
let admin: string;
let reception: string;
const PASSWORD = 'senha comprida da clínica';

beforeAll(async () => {
  server = await startTestServer();
  ({ tenantId } = await seedAccount(server, 'Clínica Sorriso', { email: 'admin@sorriso.com.br', password: PASSWORD }));
  await addMember(server, tenantId, { email: 'bia@sorriso.com.br', password: PASSWORD, role: 'reception' });
  admin = (await login(server, 'admin@sorriso.com.br', PASSWORD)).accessToken;
  reception = (await login(server, 'bia@sorriso.com.br', PASSWORD)).accessToken;
});
afterAll(() => server.close());

const countUsers = () => server.database.forTenant(tenantId).collection(users).count();
const lastInvitation = (to: string) =>
  [...server.messages].reverse().find((m) => m.to === to && m.template === 'user.invitation');

describe('POST /user/ with name, e-mail and role (issue 3)', () => {
  it('creates the professional, e-mails an invitation, and the person sets a password and logs in', async () => {
    const res = await server.call('POST', '/user/', {
      token: admin,
      body: { name: 'Dra. Ana Souza', email: 'Ana.Souza@sorriso.com.br', role: 'professional' },
    });
    expect(res.status).toBe(201);
    expect(res.body.message).toMatch(/convite/);
    expect(res.body.user).toMatchObject({ email: 'ana.souza@sorriso.com.br', status: 'invited', active: true });
    const invitation = lastInvitation('ana.souza@sorriso.com.br')!;
    expect(invitation.data).toMatchObject({ accountName: 'Clínica Sorriso', role: 'professional' });

    // Before accepting she cannot log in.
    const early = await server.call('POST', '/session/', {
      body: { email: 'ana.souza@sorriso.com.br', password: 'x' },
    });
    expect(early.status).toBe(401);
    const noPassword = await server.call('POST', '/user/invitation/acceptance', {
      body: { token: invitation.data.token },
    });
    expect(noPassword.status).toBe(400);
    expect(noPassword.body).toMatchObject({ error: { details: [{ path: 'password' }] } });
    const accepted = await server.call('POST', '/user/invitation/acceptance', {
      body: { token: invitation.data.token, password: 'a senha da doutora ana' },
    });
    expect(accepted.status).toBe(200);
    const tokens = await login(server, 'ana.souza@sorriso.com.br', 'a senha da doutora ana');
    const me = await server.call('GET', '/session/current', { token: tokens.accessToken });
    expect(me.body.user).toMatchObject({ name: 'Dra. Ana Souza', status: 'active', role: 'professional' });
    // The invitation works once.
    const twice = await server.call('POST', '/user/invitation/acceptance', {
      body: { token: invitation.data.token, password: 'outra senha comprida' },
    });
    expect(twice.status).toBe(400);
  });

  it('lets council and specialties follow with an edit', async () => {
    const created = await server.call('POST', '/user/', {
      token: admin,
      body: { name: 'Dr. Caio', email: 'caio@sorriso.com.br', role: 'professional' },
    });
    const id = (created.body.user as { id: string }).id;
    const specialty = await server.call('POST', '/specialty/', { token: admin, body: { name: 'Ortodontia' } });
    const orto = (specialty.body.specialty as { id: string }).id;
    const edited = await server.call('PUT', `/user/${id}`, {
      token: reception,
      body: { council: 'CRO', councilNumber: '45678', councilState: 'RJ', specialties: [orto] },
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({
      council: 'CRO',
      councilNumber: '45678',
      councilState: 'RJ',
      specialties: [orto],
    });
  });

  it('refuses a second user with the same e-mail in the account', async () => {
    const res = await server.call('POST', '/user/', {
      token: admin,
      body: { name: 'Bia de novo', email: 'bia@sorriso.com.br', role: 'reception' },
    });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ error: { details: [{ path: 'email' }] } });
  });
});

describe('mass assignment and bad input change nothing', () => {
  it.each([
    ['an unknown field', { name: 'X Y', role: 'professional', permissions: ['*'] }, 400, 'permissions'],
    ['a bad role', { name: 'X Y', email: 'xy@sorriso.com.br', role: 'root' }, 400, 'role'],
    ['a bad e-mail', { name: 'X Y', email: 'xy', role: 'professional' }, 400, 'email'],
    ['a bad CPF', { name: 'X Y', role: 'professional', cpf: '123.456.789-00' }, 400, 'cpf'],
    ['half a council registration', { name: 'X Y', role: 'professional', council: 'CRM' }, 400, 'councilNumber'],
  ])('%s → %i naming the field', async (_label, body, status, path) => {
    const before = await countUsers();
    const res = await server.call('POST', '/user/', { token: admin, body });
    expect(res.status).toBe(status);
    expect((res.body.error as { details: { path: string }[] }).details.map((d) => d.path)).toContain(path);
    expect(await countUsers()).toBe(before);
  });

  it('lets reception register a temporary professional but not grant anyone access', async () => {
    const before = await countUsers();
    const invite = await server.call('POST', '/user/', {
      token: reception,
      body: { name: 'Dr. Visitante', email: 'visitante@x.com.br', role: 'professional' },
    });
    expect(invite.status).toBe(403);
    expect(invite.body).toMatchObject({ error: { details: [{ path: 'email' }] } });
    const admin2 = await server.call('POST', '/user/', {
      token: reception,
      body: { name: 'Novo Admin', role: 'admin' },
    });
    expect(admin2.status).toBe(403);
    expect(await countUsers()).toBe(before);
    const temporary = await server.call('POST', '/user/', {
      token: reception,
      body: { name: 'Dr. Substituto', role: 'professional', council: 'CRM', councilNumber: '999', councilState: 'SP' },
    });
    expect(temporary.status).toBe(201);
    expect(temporary.body.user).toMatchObject({ status: 'temporary', email: null });
  });

  it('refuses a reception user making herself admin', async () => {
    const me = await server.call('GET', '/session/current', { token: reception });
    const id = (me.body.user as { id: string }).id;
    const res = await server.call('PUT', `/user/${id}`, { token: reception, body: { role: 'admin' } });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ error: { code: 'forbidden', details: [{ path: 'role' }] } });
    expect((await server.database.forTenant(tenantId).collection(users).get(id))?.role).toBe('reception');
  });
});

describe('temporary users and people of other accounts', () => {
  it('turns a temporary user into a definitive one through an invitation', async () => {
    const created = await server.call('POST', '/user/', {
      token: admin,
      body: { name: 'Dr. Temporário', role: 'professional' },
    });
    const id = (created.body.user as { id: string }).id;
    expect(
      (await server.call('POST', '/session/', { body: { email: 'temp@sorriso.com.br', password: PASSWORD } })).status,
    ).toBe(401);
    const definitive = await server.call('POST', `/user/${id}/definitive`, {
      token: admin,
      body: { email: 'temp@sorriso.com.br' },
    });
    expect(definitive.status).toBe(200);
    expect(definitive.body.user).toMatchObject({ id, status: 'invited', email: 'temp@sorriso.com.br' });
    const again = await server.call('POST', `/user/${id}/definitive`, {
      token: admin,
      body: { email: 'temp@sorriso.com.br' },
    });
    expect(again.status).toBe(409);
    const token = lastInvitation('temp@sorriso.com.br')!.data.token;
    await server.call('POST', '/user/invitation/acceptance', { body: { token, password: 'senha do temporário' } });
    await login(server, 'temp@sorriso.com.br', 'senha do temporário');
  });

  it('finds a person of another account by CPF, showing only what an invitation needs, and invites them', async () => {
    await seedAccount(server, 'Clínica Centro', { email: 'chefe@centro.com.br', password: PASSWORD });
    const otherAdmin = (await login(server, 'chefe@centro.com.br', PASSWORD)).accessToken;
    const created = await server.call('POST', '/user/', {
      token: otherAdmin,
      body: {
        name: 'Dr. Rui',
        email: 'rui@centro.com.br',
        role: 'professional',
        cpf: '529.982.247-25',
        council: 'CRM',
        councilNumber: '1234',
        councilState: 'MG',
      },
    });
    expect(created.status).toBe(201);
    await server.call('POST', '/user/invitation/acceptance', {
      body: { token: lastInvitation('rui@centro.com.br')!.data.token, password: 'senha do doutor rui' },
    });

    const found = await server.call('GET', '/user/cpf/52998224725', { token: admin });
    expect(found.status).toBe(200);
    expect(found.body).toEqual({
      person: expect.any(String) as string,
      name: 'Dr. Rui',
      council: 'CRM',
      councilNumber: '1234',
      councilState: 'MG',
      member: false,
    });
    expect(JSON.stringify(found.body)).not.toContain('rui@centro.com.br');
    expect((await server.call('GET', '/user/cpf/52998224725', { token: reception })).status).toBe(403);

    const invited = await server.call('POST', '/user/invitation', {
      token: admin,
      body: { person: found.body.person, role: 'professional' },
    });
    expect(invited.status).toBe(201);
    // An existing person accepts with the password he already has (it does not change), and then
    // chooses the account at login.
    const accept = await server.call('POST', '/user/invitation/acceptance', {
      body: { token: lastInvitation('rui@centro.com.br')!.data.token, password: 'senha do doutor rui' },
    });
    expect(accept.status).toBe(200);
    const chosen = await server.call('POST', '/session/', {
      body: { email: 'rui@centro.com.br', password: 'senha do doutor rui', account: tenantId },
    });
    expect(chosen.status).toBe(200);
    expect((await server.call('GET', '/user/cpf/52998224725', { token: admin })).body.member).toBe(true);
  });
});
