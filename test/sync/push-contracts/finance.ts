/**
 * Push contracts of finance (accounts, categories, bills, payments, credits, cash registers and their
 * movements): the registry-wide checks of suite.ts for this module's collections; run by
 * push-contracts.int.test.ts. A new collection of the module needs no case here: add the operation write
 * that stores its first record to `writeThroughOperations` below (the first case fails until one does).
 */
import type { GroupSuite } from './suite.js';

export const finance: GroupSuite = {
  group: 'finance',
  async writeThroughOperations({ write, refs }) {
    await write('POST', '/finance/account', { name: 'Caixa', kind: 'cash' });
    await write('POST', '/finance/category', { name: 'Consultas', kind: 'income' });
    const { register } = (await write('POST', '/finance/register', { station: 'contratos', changeFund: 50 })) as {
      register: { id: string };
    };
    // The bill comes from the charge (a receivable) of an appointment of its own: schedule-patient.ts
    // charges the suite's booking.
    const { appointment } = (await write('POST', '/appointment/', {
      clinic: refs.clinic,
      patient: refs.patient,
      professional: refs.professional,
      start: '2026-11-26T10:00:00-03:00',
      end: '2026-11-26T10:30:00-03:00',
    })) as { appointment: { id: string } };
    await write('POST', `/appointment/${appointment.id}/financeRecord`, { amount: 250 });
    const { finance } = (await write('POST', '/finance/bill/fromAppointment', { appointment: appointment.id })) as {
      finance: { id: string };
    };
    await write('POST', `/finance/bill/${finance.id}/payment`, {
      value: 100,
      method: 'cash',
      register: register.id,
      station: 'contratos',
    });
    await write('POST', `/finance/patient/${refs.patient}/credit`, {
      value: 80,
      method: 'cash',
      register: register.id,
      station: 'contratos',
    });
  },
};
