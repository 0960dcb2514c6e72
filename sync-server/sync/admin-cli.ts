/**
 * The installation commands of `npm run admin` (same as the REST operations in device-ops.ts), for
 * a clinic's own server where no admin has logged in yet.
 */
import { DomainError } from '#core/errors.js';
import type { Devices } from './devices.js';
import { DEVICE_KINDS, type DeviceKind } from './sync-tables.js';

/** Lines to add to the CLI's usage. */
export const SYNC_USAGE = [
  '  installation code --account <id> --name "<nome>" [--kind desk|totem] [--clinic <id>]',
  '                                          cria um código de uso único para cadastrar uma instalação',
  '  installation list --account <id>        lista as instalações da conta',
  '  installation revoke --account <id> <id da instalação>',
  '                                          revoga uma instalação na hora',
];

/** Flags the installation commands read. */
export interface SyncCliFlags {
  account?: string;
  name?: string;
  kind?: string;
  clinic?: string;
}

function required(value: string | undefined, flag: string): string {
  if (!value) throw new DomainError('validation', `Informe --${flag}`, [{ path: flag, message: 'obrigatório' }]);
  return value;
}

/**
 * Runs `installation …` commands. @returns the lines to print, or undefined when `args` is not an
 * installation command (the CLI tries its other commands then).
 * @throws DomainError for a missing flag, an unknown kind or an unknown installation.
 */
export async function runSyncAdminCommand(
  devices: Devices,
  args: readonly string[],
  flags: SyncCliFlags,
): Promise<string[] | undefined> {
  const [noun, verb, target] = args;
  if (noun !== 'installation') return undefined;
  switch (verb) {
    case 'code': {
      const kind = flags.kind ?? 'desk';
      if (!(DEVICE_KINDS as readonly string[]).includes(kind)) {
        throw new DomainError('validation', 'Tipo de instalação inválido', [
          { path: 'kind', message: `use ${DEVICE_KINDS.join(' ou ')}` },
        ]);
      }
      // A professional station is bound to a professional the API checks against the account's users.
      if (kind === 'professional') {
        throw new DomainError('validation', 'Estação de profissional se cadastra pela API', [
          { path: 'kind', message: 'use POST /installation/enrolmentCode com o profissional (user)' },
        ]);
      }
      const { code, expiresAt } = await devices.createCode({
        tenantId: required(flags.account, 'account'),
        clinicId: flags.clinic ?? null,
        kind: kind as DeviceKind,
        name: required(flags.name, 'name'),
        createdBy: 'cli',
      });
      return [`código de instalação: ${code}`, `vale uma vez, até ${expiresAt}`];
    }
    case 'list':
      return (await devices.list(required(flags.account, 'account'))).map(
        (d) => `${d.id}  ${d.kind}  ${d.name}  ${d.revokedAt ? `revogada em ${d.revokedAt}` : 'ativa'}`,
      );
    case 'revoke': {
      const device = await devices.revoke(required(flags.account, 'account'), required(target, 'id'));
      return [`instalação revogada: ${device.id} (${device.name})`];
    }
    default:
      throw new DomainError('validation', `Comando desconhecido: ${args.join(' ')}`, [
        { path: 'command', message: SYNC_USAGE.join('\n') },
      ]);
  }
}
