/**
 * The first-run checklist of a new account (issue 22): what a clinic needs before its agenda offers
 * bookable slots, in order: a clinic with opening hours, a professional who attends, procedures with
 * a price. Worked out from the data each time, so leaving half-way and coming back resumes where the
 * account is. Pure: the card and its test share it.
 */
import type { AdminSection } from './admin-sections.js';

/** What the checklist looks at, counted on this desk's copy. */
export interface SetupFacts {
  /** Active clinics with at least one opening period. */
  clinicsWithHours: number;
  /** Active users who attend (the professional role or a council registration). */
  professionals: number;
  /** Active procedures (events). */
  procedures: number;
  /** Prices in any table. */
  prices: number;
}

/** One step: its id (the texts are `admin.first.<id>` and `admin.first.<id>.hint`), whether done, where. */
export interface SetupStep {
  id: 'clinic' | 'professional' | 'procedures';
  done: boolean;
  section: AdminSection;
}

/** The steps in order, each done or not; the first not done is the one to take next. */
export function setupSteps(facts: SetupFacts): SetupStep[] {
  return [
    { id: 'clinic', done: facts.clinicsWithHours > 0, section: 'clinic' },
    { id: 'professional', done: facts.professionals > 0, section: 'professionals' },
    { id: 'procedures', done: facts.procedures > 0 && facts.prices > 0, section: 'procedures' },
  ];
}
