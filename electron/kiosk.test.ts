import { describe, expect, it } from 'vitest';
import { isKioskLaunch } from './kiosk.js';

describe('isKioskLaunch', () => {
  it('is on with --kiosk or CLINIC_KIOSK=1/true', () => {
    expect(isKioskLaunch(['electron', 'main.js', '--kiosk'], {})).toBe(true);
    expect(isKioskLaunch(['electron'], { CLINIC_KIOSK: '1' })).toBe(true);
    expect(isKioskLaunch(['electron'], { CLINIC_KIOSK: ' TRUE ' })).toBe(true);
  });

  it('is off otherwise', () => {
    expect(isKioskLaunch(['electron', 'main.js'], {})).toBe(false);
    expect(isKioskLaunch(['electron', '--kiosk=no', 'kiosk'], { CLINIC_KIOSK: '0' })).toBe(false);
    expect(isKioskLaunch([], { CLINIC_KIOSK: '' })).toBe(false);
  });
});
