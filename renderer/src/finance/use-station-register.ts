import { cashRegisters } from '#core/finance/register-record.js';
import { useLive, useLocalCore } from '../local/hooks.js';

/**
 * This desk's station (the installation's id; `demo` on the demonstration, as the Caixa screen's) and
 * its open register, if any: money a finance dialog takes or hands back in cash goes through it.
 */
export function useStationRegister(): { station: string; register: string | undefined } {
  const { installation } = useLocalCore();
  const station = installation.mode === 'server' ? installation.installationId : 'demo';
  const open = useLive(
    async (ctx) =>
      (await ctx.store.collection(cashRegisters).find({ selector: { station, status: 'open' }, limit: 1 }))[0]?.id,
    [cashRegisters],
    [station],
  );
  return { station, register: open.data };
}
