/** Settings of accounts, logins and keys, read from the environment at start-up. */
export interface AccessConfig {
  /** `CLINIC_JWT_SECRET`: signs access tokens; when absent the server keeps a generated one in its database. */
  jwtSecret: string | undefined;
  /**
   * `CLINIC_TRUST_PROXY=1`: the server sits behind one reverse proxy, so the client address is the
   * last entry of `X-Forwarded-For`. Off by default: a client could otherwise pick its own address
   * and dodge the per-address rate limits.
   */
  trustProxy: boolean;
  /**
   * `CLINIC_SIGNUP=open`: anyone reaching the server may create an account (`POST /account/`).
   * Closed by default: a clinic's own server creates accounts with the admin CLI.
   */
  signup: boolean;
  /** `CLINIC_API_KEY_RATE`: requests per API key and minute, default 1200. */
  apiKeyRatePerMinute: number;
}

/**
 * Reads {@link AccessConfig} from `env`.
 * @throws Error naming the variable when a value is malformed, so a typo stops the start-up.
 */
export function readAccessConfig(env: Record<string, string | undefined>): AccessConfig {
  const flag = (name: string, on: string[]): boolean => {
    const raw = env[name]?.trim().toLowerCase();
    if (raw === undefined || raw === '') return false;
    if (on.includes(raw)) return true;
    if (['0', 'false', 'no', 'closed'].includes(raw)) return false;
    throw new Error(`${name} deve ser ${on.join('/')} ou 0/false, recebido "${env[name]}"`);
  };
  const rate = env.CLINIC_API_KEY_RATE?.trim() || '1200';
  const perMinute = Number(rate);
  if (!Number.isInteger(perMinute) || perMinute < 1) {
    throw new Error(`CLINIC_API_KEY_RATE deve ser um inteiro positivo, recebido "${rate}"`);
  }
  return {
    jwtSecret: env.CLINIC_JWT_SECRET || undefined,
    trustProxy: flag('CLINIC_TRUST_PROXY', ['1', 'true', 'yes']),
    signup: flag('CLINIC_SIGNUP', ['open', '1', 'true']),
    apiKeyRatePerMinute: perMinute,
  };
}
