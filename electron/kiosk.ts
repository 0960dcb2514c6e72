/**
 * Whether this launch is a totem: `--kiosk` on the command line or `CLINIC_KIOSK=1` in the environment
 * (the second is easier to set in a Windows shortcut or a systemd unit than an argument).
 */
export function isKioskLaunch(argv: readonly string[], env: Readonly<Record<string, string | undefined>>): boolean {
  const flag = env['CLINIC_KIOSK']?.trim().toLowerCase();
  return argv.includes('--kiosk') || flag === '1' || flag === 'true';
}
