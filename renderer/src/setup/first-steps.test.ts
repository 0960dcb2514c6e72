import { describe, expect, it } from 'vitest';
import { setupSteps } from './first-steps.js';

const none = { clinicsWithHours: 0, professionals: 0, procedures: 0, prices: 0 };

describe('setupSteps', () => {
  it('starts a new account at the clinic and resumes at the first step still missing', () => {
    expect(setupSteps(none).map((s) => s.done)).toEqual([false, false, false]);
    const half = setupSteps({ ...none, clinicsWithHours: 1, procedures: 3 });
    expect(half.find((s) => !s.done)?.section).toBe('professionals');
  });

  it('counts procedures as done only once some have a price', () => {
    expect(setupSteps({ clinicsWithHours: 1, professionals: 1, procedures: 2, prices: 0 })[2]!.done).toBe(false);
    expect(setupSteps({ clinicsWithHours: 1, professionals: 1, procedures: 2, prices: 1 }).every((s) => s.done)).toBe(
      true,
    );
  });
});
