/** Settings of the sync server, read from the environment once at start-up. */
export interface ServerConfig {
  /** TCP port, `PORT`, default 3000. */
  port: number;
  /** `DATABASE_URL`: a `postgres://` URL or a SQLite file path; default `./data/clinic.db`. */
  databaseUrl: string;
  /** `CLINIC_API_KEY`: registered for the default account at start-up when set. */
  apiKey: string | undefined;
  /** Largest request body accepted, in bytes (`CLINIC_BODY_LIMIT`, default 1 MiB). */
  bodyLimit: number;
  /** pino level (`LOG_LEVEL`, default `info`). */
  logLevel: string;
}

/**
 * Reads {@link ServerConfig} from `env`.
 * @throws Error naming the variable when a number is malformed, so a typo stops the start-up.
 */
export function readConfig(env: Record<string, string | undefined>): ServerConfig {
  const int = (name: string, fallback: number): number => {
    const raw = env[name];
    if (raw === undefined || raw === '') return fallback;
    const n = Number(raw);
    if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a non-negative integer, got "${raw}"`);
    return n;
  };
  return {
    port: int('PORT', 3000),
    databaseUrl: env.DATABASE_URL || './data/clinic.db',
    apiKey: env.CLINIC_API_KEY || undefined,
    bodyLimit: int('CLINIC_BODY_LIMIT', 1024 * 1024),
    logLevel: env.LOG_LEVEL || 'info',
  };
}
