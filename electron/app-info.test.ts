import { describe, expect, it } from 'vitest';
import { readAppInfo } from './app-info.js';

describe('readAppInfo', () => {
  it('reads productName and version', () => {
    const info = readAppInfo(() => JSON.stringify({ name: 'clinic', productName: 'Clinic X', version: '1.2.3' }), 'p');
    expect(info).toEqual({ productName: 'Clinic X', version: '1.2.3' });
  });

  it('falls back to Clinic 0.0.0 when the file is missing, broken or partial', () => {
    const missing = (): string => {
      throw new Error('ENOENT');
    };
    expect(readAppInfo(missing, 'p')).toEqual({ productName: 'Clinic', version: '0.0.0' });
    expect(readAppInfo(() => '{oops', 'p')).toEqual({ productName: 'Clinic', version: '0.0.0' });
    expect(readAppInfo(() => '{"version":"0.1.0"}', 'p')).toEqual({ productName: 'Clinic', version: '0.1.0' });
  });
});
