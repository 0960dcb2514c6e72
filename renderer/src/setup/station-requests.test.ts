import { describe, expect, it } from 'vitest';
import { resolveKiosk } from '../totem/kiosk-config.js';
import { kioskAddress, storeKiosk } from './station-requests.js';

/** A localStorage stand-in. */
function memoryStorage() {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}

const config = { mode: 'totem' as const, clinic: 'c1', server: 'http://10.0.0.2:3000', key: 'clk_ab/c+d=' };

describe('turning a browser into the totem or the panel', () => {
  it('builds an address the kiosk reads back whole, the key only in the fragment', () => {
    const address = kioskAddress('http://desk.local/', config);
    expect(new URL(address).search).not.toContain('clk_');
    expect(resolveKiosk(address, memoryStorage())).toEqual({ ...config, missing: [] });
    expect(
      resolveKiosk(kioskAddress('http://desk.local/', { ...config, mode: 'panel' }), memoryStorage()),
    ).toMatchObject({
      mode: 'panel',
    });
  });

  it('stores settings that the next start opens as the kiosk', () => {
    const storage = memoryStorage();
    storeKiosk(storage, config);
    expect(resolveKiosk('http://desk.local/', storage)).toEqual({ ...config, missing: [] });
  });
});
