import { describe, expect, it, vi } from 'vitest';
import { parseDesktopConfig } from './config.js';

const argv = ['/opt/Clinic/clinic'];

describe('parseDesktopConfig', () => {
  it('defaults to a desk with no printer, no updates and the stable channel', () => {
    const warn = vi.fn();
    expect(parseDesktopConfig(undefined, argv, {}, warn)).toEqual({ kiosk: false, updateChannel: 'latest' });
    expect(warn).not.toHaveBeenCalled();
  });

  it('reads printer, update feed, channel and kiosk from config.json', () => {
    const file = JSON.stringify({
      kiosk: true,
      printer: 'Recepcao-Termica',
      updateUrl: 'https://updates.clinica.example/clinic/',
      updateChannel: 'beta',
    });
    expect(parseDesktopConfig(file, argv, {})).toEqual({
      kiosk: true,
      printer: 'Recepcao-Termica',
      updateUrl: 'https://updates.clinica.example/clinic/',
      updateChannel: 'beta',
    });
  });

  it('lets the environment override the file, and --kiosk switch the totem on', () => {
    const file = JSON.stringify({ kiosk: true, printer: 'A', updateUrl: 'https://a.example/', updateChannel: 'beta' });
    const env = {
      CLINIC_KIOSK: '0',
      CLINIC_PRINTER: ' B ',
      CLINIC_UPDATE_URL: 'http://10.0.0.5:8080/clinic',
      CLINIC_UPDATE_CHANNEL: 'latest',
    };
    expect(parseDesktopConfig(file, argv, env)).toEqual({
      kiosk: false,
      printer: 'B',
      updateUrl: 'http://10.0.0.5:8080/clinic',
      updateChannel: 'latest',
    });
    expect(parseDesktopConfig(undefined, [...argv, '--kiosk'], {}).kiosk).toBe(true);
    expect(parseDesktopConfig(undefined, argv, { CLINIC_KIOSK: ' TRUE ' }).kiosk).toBe(true);
  });

  it('ignores a broken file or bad values with a warning instead of refusing to start', () => {
    const warn = vi.fn();
    expect(parseDesktopConfig('{ not json', argv, {}, warn)).toEqual({ kiosk: false, updateChannel: 'latest' });
    expect(parseDesktopConfig('[1]', argv, {}, warn)).toEqual({ kiosk: false, updateChannel: 'latest' });
    const bad = JSON.stringify({ updateUrl: 'file:///etc/passwd', updateChannel: '../x', printer: 'p'.repeat(300) });
    expect(parseDesktopConfig(bad, argv, {}, warn)).toEqual({ kiosk: false, updateChannel: 'latest' });
    expect(parseDesktopConfig(undefined, argv, { CLINIC_UPDATE_URL: 'not a url' }, warn).updateUrl).toBeUndefined();
    expect(warn).toHaveBeenCalledTimes(6);
  });
});
