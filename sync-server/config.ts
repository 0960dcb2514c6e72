import { MIN_KEY_LENGTH } from './auth/api-keys.js';

/** Settings of the sync server, read from the environment once at start-up. */
export interface ServerConfig {
  /** TCP port, `PORT`, default 3000. */
  port: number;
  /** `DATABASE_URL`: a `postgres://` URL or a SQLite file path; default `./data/clinic.db`. */
  databaseUrl: string;
  /**
   * `CLINIC_API_KEY`: registered for the default account at start-up when set, at least
   * {@link MIN_KEY_LENGTH} characters; a new value revokes the key of the previous one.
   */
  apiKey: string | undefined;
  /** Largest request body accepted, in bytes (`CLINIC_BODY_LIMIT`, default 1 MiB). */
  bodyLimit: number;
  /** pino level (`LOG_LEVEL`, default `info`). */
  logLevel: string;
}

/**
 * Reads {@link ServerConfig} from `env`.
 * @throws Error naming the variable when a number is malformed or `CLINIC_API_KEY` is shorter than
 *   {@link MIN_KEY_LENGTH}, so a typo stops the start-up; its message is one line saying the rule.
 */
export function readConfig(env: Record<string, string | undefined>): ServerConfig {
  const int = (name: string, fallback: number): number => {
    const raw = env[name];
    if (raw === undefined || raw === '') return fallback;
    const n = Number(raw);
    if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a non-negative integer, got "${raw}"`);
    return n;
  };
  const apiKey = env.CLINIC_API_KEY || undefined;
  if (apiKey !== undefined && apiKey.length < MIN_KEY_LENGTH) {
    throw new Error(
      `CLINIC_API_KEY precisa de ao menos ${MIN_KEY_LENGTH} caracteres (tem ${apiKey.length}); ` +
        'gere uma com: openssl rand -base64 32',
    );
  }
  return {
    port: int('PORT', 3000),
    databaseUrl: env.DATABASE_URL || './data/clinic.db',
    apiKey,
    bodyLimit: int('CLINIC_BODY_LIMIT', 1024 * 1024),
    logLevel: env.LOG_LEVEL || 'info',
  };
}
