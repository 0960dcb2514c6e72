import { describe, expect, it } from 'vitest';
import { installServerModules } from '../catalogue.js';
import { templates } from '../messaging/templates.js';

// The server installs its modules' templates when it is built; so does this test.
installServerModules();

describe('appointment.confirmation', () => {
  const data = {
    patientName: 'Carla <Souza>',
    clinicName: 'Clínica Central',
    professionalName: 'Dra. Ana Lima',
    when: 'quinta-feira, 26/11/2026 às 10:00',
  };

  it('asks for a reply when no link is given, and escapes names in HTML', () => {
    const message = templates.get('appointment.confirmation')!(data);
    expect(message.subject).toBe('Confirme seu agendamento — Clínica Central');
    expect(message.text).toContain('com Dra. Ana Lima em Clínica Central na quinta-feira, 26/11/2026 às 10:00');
    expect(message.text).toContain('responda esta mensagem');
    expect(message.html).toContain('Carla &lt;Souza&gt;');
  });

  it('carries the confirm and unconfirm links when given', () => {
    const message = templates.get('appointment.confirmation')!({
      ...data,
      confirmUrl: 'https://portal.example.com/c/1',
      unconfirmUrl: 'https://portal.example.com/d/1',
    });
    expect(message.text).toContain('Para confirmar: https://portal.example.com/c/1');
    expect(message.html).toContain('href="https://portal.example.com/d/1"');
  });

  it('refuses data without the patient name (the message fails at once instead of retrying)', () => {
    expect(() => templates.get('appointment.confirmation')!({ ...data, patientName: '' })).toThrow();
  });
});
