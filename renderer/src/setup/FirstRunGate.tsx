import { lazy, useEffect, useReducer, type ReactNode } from 'react';
import { clinics } from '#core/clinic/clinic-record.js';
import { useLive, useLocalCore } from '../local/hooks.js';
import { canAdminister } from './admin-sections.js';
import { readFirstRun } from './first-run-draft.js';
import { onFirstRunChange } from './first-run-events.js';
import { firstRunDue } from './first-run-open.js';

const FirstRunAssistant = lazy(() => import('./FirstRunAssistant.js').then((m) => ({ default: m.FirstRunAssistant })));

/**
 * The agenda area: the first-run assistant in the agenda's place while it is due for this
 * administrator (first-run-open.ts), the agenda otherwise. Anyone else always gets the agenda.
 */
export function AgendaOrFirstRun(props: { agenda: ReactNode }) {
  const { actor } = useLocalCore();
  const [, rerender] = useReducer((n: number) => n + 1, 0);
  useEffect(() => onFirstRunChange(rerender), []);
  const admin = canAdminister(actor);
  const anyClinic = useLive(
    async (ctx) => (await ctx.store.collection(clinics).find({ selector: { active: true }, limit: 1 })).length > 0,
    [clinics],
    [],
  );
  if (!admin || anyClinic.data === undefined) return <>{admin ? null : props.agenda}</>;
  const draft = readFirstRun(globalThis.localStorage, actor.tenantId);
  if (!firstRunDue(draft, anyClinic.data)) return <>{props.agenda}</>;
  return <FirstRunAssistant onDone={rerender} />;
}
