import { DomainError } from '#core/errors.js';
import { inviteFromCli } from '../auth/admin-cli.js';
import type { AccountsAndKeys } from '../auth/api-keys.js';
import type { AccessServices } from '../auth/services.js';
import { runSyncAdminCommand, SYNC_USAGE, type Devices } from '../sync/index.js';

export const USAGE = [
  'uso: npm run admin -- <comando>',
  '  account create --name "<nome>"         cria uma conta (clínica)',
  '  account list                            lista as contas',
  '  api-key create --account <id> [--name <nome>] [--permissions a,b]',
  '                                          cria uma chave de API (mostrada uma única vez)',
  '  api-key list --account <id>             lista as chaves de uma conta',
  '  api-key revoke <id ou prefixo>          revoga uma chave na hora',
  '  user invite --account <id> --email <e-mail> --name "<nome>" [--role admin]',
  '                                          convida um usuário e mostra o token do convite',
  ...SYNC_USAGE,
  '  demo-data [--name "<clínica>"] [--account <id>]',
  '                                          cria uma clínica fictícia completa para demonstração',
];

function required(value: string | undefined, flag: string): string {
  if (!value) throw new DomainError('validation', `Informe --${flag}`, [{ path: flag, message: 'obrigatório' }]);
  return value;
}

/**
 * Runs one admin command and returns the lines to print.
 * @throws DomainError for unknown commands or missing flags (printed as `erro: …`, exit code 1).
 */
export async function runAdminCommand(
  keys: AccountsAndKeys,
  args: readonly string[],
  flags: {
    name?: string;
    account?: string;
    permissions?: string;
    help?: boolean;
    email?: string;
    role?: string;
    kind?: string;
    clinic?: string;
  },
  access?: AccessServices,
  devices?: Devices,
): Promise<string[]> {
  const [noun, verb, target] = args;
  if (flags.help || !noun) return USAGE;
  if (noun === 'installation') {
    if (!devices) throw new Error('installation precisa do cadastro de instalações');
    const lines = await runSyncAdminCommand(devices, args, flags);
    if (lines) return lines;
  }
  switch (`${noun} ${verb ?? ''}`) {
    case 'account create': {
      const id = await keys.createAccount(required(flags.name, 'name'));
      return [`conta criada: ${id}`];
    }
    case 'account list':
      return (await keys.listAccounts()).map((a) => `${a.id}  ${a.name}  (criada em ${a.createdAt})`);
    case 'api-key create': {
      const permissions = flags.permissions
        ?.split(',')
        .map((p) => p.trim())
        .filter(Boolean);
      const { key, info } = await keys.createKey(required(flags.account, 'account'), {
        ...(flags.name ? { name: flags.name } : {}),
        ...(permissions?.length ? { permissions } : {}),
      });
      return [
        `chave criada: ${info.id} (${info.name}, permissões ${info.permissions.join(',')})`,
        `auth-bearer: ${key}`,
        'Guarde a chave agora: ela não será mostrada de novo.',
      ];
    }
    case 'api-key list':
      return (await keys.listKeys(required(flags.account, 'account'))).map(
        (k) =>
          `${k.id}  ${k.prefix}…  ${k.name}  ${k.permissions.join(',')}  ${k.revokedAt ? `revogada em ${k.revokedAt}` : 'ativa'}`,
      );
    case 'api-key revoke': {
      const info = await keys.revokeKey(required(target, 'id'));
      return [`chave revogada: ${info.id} (${info.prefix}…)`];
    }
    case 'demo-data ':
      // Loaded on demand: the seeding code and its data are only needed by this command.
      return (await import('./demo-data.js')).runDemoData(keys, flags);
    case 'user invite':
      if (!access) throw new Error('user invite precisa dos serviços de acesso');
      return inviteFromCli(access, flags);
    default:
      throw new DomainError('validation', `Comando desconhecido: ${args.join(' ')}`, [
        { path: 'command', message: USAGE.join('\n') },
      ]);
  }
}
