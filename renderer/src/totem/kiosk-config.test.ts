import { describe, expect, it } from 'vitest';
import { KIOSK_KEY, resolveKiosk } from './kiosk-config.js';

function memoryStorage() {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, v),
    removeItem: (k: string) => void data.delete(k),
  };
}

describe('resolveKiosk', () => {
  it('is a desk unless told otherwise', () => {
    expect(resolveKiosk('http://x/', memoryStorage())).toEqual({ mode: 'desk' });
  });

  it('keeps a totem configured once from its address, the key from the fragment', () => {
    const storage = memoryStorage();
    const first = resolveKiosk('http://x/?mode=totem&clinic=c1&server=http://10.0.0.2:3000/#key=k-123', storage);
    expect(first).toEqual({ mode: 'totem', clinic: 'c1', server: 'http://10.0.0.2:3000', key: 'k-123', missing: [] });
    // After a power cut the browser opens the bare address and is still the totem.
    expect(resolveKiosk('http://x/', storage)).toEqual(first);
    expect(resolveKiosk('http://x/?mode=panel', storage)).toMatchObject({ mode: 'panel', clinic: 'c1', key: 'k-123' });
    expect(resolveKiosk('http://x/?mode=desk', storage)).toEqual({ mode: 'desk' });
    expect(storage.data.has(KIOSK_KEY)).toBe(false);
  });

  it('says what a kiosk still lacks', () => {
    expect(resolveKiosk('http://x/?mode=panel', memoryStorage())).toMatchObject({ missing: ['clinic', 'key'] });
  });
});
