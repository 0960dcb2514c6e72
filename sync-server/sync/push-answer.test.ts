import { expect, it } from 'vitest';
// The catalogue installs the modules' default windows (patients: the active ones), as in the app.
import '#core/catalogue.js';
import type { CollectionDef } from '#core/store/collection-def.js';
import type { RecordBase } from '#core/store/record.js';
import { DEFAULT_SYNC_WINDOWS } from '#core/sync/windows.js';
import { answersThroughWindows } from './push-answer.js';
import type { PushEntry } from './push.js';

const now = new Date('2026-11-23T12:00:00Z');
const def = (name: string) => ({ name }) as unknown as CollectionDef<RecordBase>;
const patient = (id: string, active: boolean) => ({ id, name: 'Ana', active, _deleted: false });

it('answers a master outside a where window as its tombstone, and an accepted inactivation too', () => {
  const entries: PushEntry[] = [
    { def: def('patients'), row: { newDocumentState: patient('p1', true) } },
    { def: def('patients'), row: { newDocumentState: patient('p2', false) } },
    { def: def('patients'), row: { newDocumentState: patient('p3', true) } },
  ];
  const answers = [{ collection: 'patients', document: patient('p1', false) }];
  expect(answersThroughWindows(DEFAULT_SYNC_WINDOWS, entries, answers, now)).toEqual([
    { collection: 'patients', document: { ...patient('p1', false), _deleted: true } },
    { collection: 'patients', document: { ...patient('p2', false), _deleted: true } },
  ]);
});

it('never drops an answer for a document outside a since window: the installation holds it', () => {
  const old = { id: 'a1', startUtc: '2020-01-10T12:00:00Z', status: 2, _deleted: false };
  const entries: PushEntry[] = [{ def: def('appointments'), row: { newDocumentState: { ...old, status: 3 } } }];
  const answers = [{ collection: 'appointments', document: old }];
  expect(answersThroughWindows(DEFAULT_SYNC_WINDOWS, entries, answers, now)).toEqual(answers);
  // Taken as sent: nothing to answer, the installation keeps its version as pulls leave it.
  expect(answersThroughWindows(DEFAULT_SYNC_WINDOWS, entries, [], now)).toEqual([]);
});
