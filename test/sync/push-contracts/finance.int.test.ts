/**
 * Push contracts of finance (accounts, categories, bills, payments, credits, cash registers and their
 * movements), on SQLite and PostgreSQL: the registry-wide checks of suite.ts for this module's
 * collections. A new collection of the module needs no case here: add the operation write that stores its
 * first record to `writeThroughOperations` below (the first case fails until one does).
 */
import { describePushContracts } from './suite.js';

await describePushContracts({
  group: 'finance',
  async writeThroughOperations({ write, refs, booked }) {
    await write('POST', '/finance/account', { name: 'Caixa', kind: 'cash' });
    await write('POST', '/finance/category', { name: 'Consultas', kind: 'income' });
    const { register } = (await write('POST', '/finance/register', { station: 'contratos', changeFund: 50 })) as {
      register: { id: string };
    };
    // The bill comes from the appointment's charge (a receivable, schedule-patient.int.test.ts writes one too).
    await write('POST', `/appointment/${booked}/financeRecord`, { amount: 250 });
    const { finance } = (await write('POST', '/finance/bill/fromAppointment', { appointment: booked })) as {
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
});
