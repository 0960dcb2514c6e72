/**
 * The sync rule of gestations (MED-056), the same the operations keep: the due date is Naegele's from
 * the DUM; the patient, the following professional and the start never change; an ended gestation
 * names its outcome and end, and does not start again.
 */
import type { ErrorDetail } from '#core/errors.js';
import { naegeleDueDate } from './gestation-dates.js';

type Doc = Record<string, unknown>;

/** The problems of a pushed gestation against the stored one (none when acceptable). */
export function gestationPushProblems(next: Doc, previous: Doc | undefined): ErrorDetail[] {
  const problems: ErrorDetail[] = [];
  if (typeof next.lastMenstrualPeriod === 'string' && next.dueDate !== naegeleDueDate(next.lastMenstrualPeriod))
    problems.push({ path: 'dueDate', message: 'a DPP é a da regra de Naegele pela DUM' });
  if (next.status === 'ended' && (next.outcome === undefined || next.endedOn === undefined))
    problems.push({ path: 'outcome', message: 'gestação encerrada pede desfecho e data' });
  if (previous) {
    for (const key of ['patient', 'professional', 'createdBy', 'createdAt'])
      if (next[key] !== previous[key]) problems.push({ path: key, message: 'não muda depois do registro' });
    if (previous.status === 'ended' && next.status !== 'ended')
      problems.push({ path: 'status', message: 'gestação encerrada não volta a estar em curso' });
  }
  return problems;
}
