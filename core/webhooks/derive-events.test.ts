import { describe, expect, it } from 'vitest';
import { deriveEvents } from './derive-events.js';

const options = { feedStartMs: Date.parse('2026-11-23T12:00:00Z') };
const appointment = (extra: Record<string, unknown>) => ({
  id: 'a1',
  clinic: 'c1',
  professional: 'p1',
  patient: 'pa1',
  start: '2026-11-24T10:00:00-03:00',
  end: '2026-11-24T10:30:00-03:00',
  createdAt: '2026-11-23T12:00:01Z',
  updatedAt: '2026-11-23T12:00:01Z',
  status: 1,
  patientConfirmation: { confirmed: false },
  history: [{ to: 1 }],
  ...extra,
});
const types = (d: ReturnType<typeof deriveEvents>) => d.events.map((e) => e.type);

describe('deriveEvents', () => {
  it('announces a new appointment, then each confirmation change', () => {
    const created = deriveEvents('appointments', undefined, appointment({}), options);
    expect(types(created)).toEqual(['appointment.created']);
    const confirmed = deriveEvents(
      'appointments',
      created.state,
      appointment({ patientConfirmation: { confirmed: true }, updatedAt: 'x' }),
      options,
    );
    expect(types(confirmed)).toEqual(['appointment.confirmed']);
    expect(types(deriveEvents('appointments', confirmed.state, appointment({ updatedAt: 'y' }), options))).toEqual([
      'appointment.unconfirmed',
    ]);
  });

  it('reads status changes from the history, so two between passes are both announced', () => {
    const created = deriveEvents('appointments', undefined, appointment({}), options);
    const later = appointment({ status: 8, history: [{ to: 1 }, { to: 5 }, { to: 8 }], updatedAt: 'z' });
    expect(types(deriveEvents('appointments', created.state, later, options))).toEqual([
      'appointment.cancelled',
      'appointment.attended',
    ]);
  });

  it('calls a record created after the feed started new even when changed before it was seen', () => {
    const patient = { id: 'p', active: true, createdAt: '2026-11-23T12:00:05Z', updatedAt: '2026-11-23T12:00:09Z' };
    expect(types(deriveEvents('patients', undefined, patient, options))).toEqual(['patient.created']);
    const old = { ...patient, createdAt: '2025-01-01T00:00:00Z' };
    expect(types(deriveEvents('patients', undefined, old, options))).toEqual(['patient.updated']);
  });

  it('announces budget approval once, and messages when sent or failed, never webhook ones', () => {
    const budget = { id: 'b', status: 1, createdAt: 'a', updatedAt: 'a' };
    const created = deriveEvents('budgets', undefined, budget, options);
    expect(types(created)).toEqual(['budget.created']);
    const approved = deriveEvents('budgets', created.state, { ...budget, status: 2 }, options);
    expect(types(approved)).toEqual(['budget.approved']);
    expect(types(deriveEvents('budgets', approved.state, { ...budget, status: 2 }, options))).toEqual([]);
    expect(
      types(
        deriveEvents('outbox_messages', { status: 'sending' }, { id: 'm', channel: 'email', status: 'sent' }, options),
      ),
    ).toEqual(['message.delivered']);
    expect(
      types(deriveEvents('outbox_messages', undefined, { id: 'm', channel: 'webhook', status: 'failed' }, options)),
    ).toEqual([]);
  });

  it('announces each ticket call and recall', () => {
    const first = deriveEvents('tickets', undefined, { id: 't', calledAt: 'x', recalls: 0 }, options);
    expect(types(first)).toEqual(['ticket.called']);
    expect(types(deriveEvents('tickets', first.state, { id: 't', calledAt: 'x', recalls: 1 }, options))).toEqual([
      'ticket.called',
    ]);
    expect(types(deriveEvents('tickets', first.state, { id: 't', calledAt: 'x', recalls: 0 }, options))).toEqual([]);
  });
});
