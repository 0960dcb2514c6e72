import { describe, expect, it } from 'vitest';
import { t } from '../i18n/index.js';
import { describePermissions } from './api-key-permissions.js';

const pt = (key: Parameters<typeof t>[0]) => t(key, {}, 'pt-BR');

describe('describePermissions', () => {
  it('names each resource once, in pt-BR order, with read and/or write', () => {
    expect(describePermissions(['patient:read', 'budget:write', 'patient:write', 'appointment:read'], pt)).toBe(
      'Agendamentos (leitura), Orçamentos (escrita), Pacientes (leitura e escrita)',
    );
  });

  it('says every permission for * and keeps what it does not know as it is', () => {
    expect(describePermissions(['*'], pt)).toBe('Todas as permissões');
    expect(describePermissions(['robot:read', 'patient:read', 'strange'], pt)).toBe(
      'Pacientes (leitura), robot (leitura), strange',
    );
  });
});
