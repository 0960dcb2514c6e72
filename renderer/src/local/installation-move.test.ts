import { describe, expect, it } from 'vitest';
import { movedTo, type Installation } from './installation.js';

const desk: Installation = {
  mode: 'server',
  serverUrl: 'http://192.168.0.10:3000',
  token: 'device-token',
  tenantId: 't1',
  installationId: 'i1',
  name: 'Recepção 1',
};

describe('a desk whose server changes address', () => {
  it('keeps its token and the host its replication checkpoints are named after', () => {
    const moved = movedTo(desk, 'http://servidor.clinica.lan:3000');
    expect(moved).toEqual({ ...desk, serverUrl: 'http://servidor.clinica.lan:3000', syncHost: '192.168.0.10:3000' });
    expect(movedTo(moved, 'http://10.0.0.2:3000')).toMatchObject({ syncHost: '192.168.0.10:3000' });
  });

  it('leaves a demo and an unchanged address alone', () => {
    const demo: Installation = { mode: 'demo', tenantId: 't1' };
    expect(movedTo(demo, 'http://x:3000')).toBe(demo);
    expect(movedTo(desk, 'http://192.168.0.10:3000')).toBe(desk);
  });
});
