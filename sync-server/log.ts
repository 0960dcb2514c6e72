import pino, { type Logger } from 'pino';

/**
 * Paths pino blanks in every log line: credentials and the patient fields of spec §2.1/2.2
 * (patient data is sensitive health data, LGPD art. 11). Extend it when a record gains such a field.
 */
export const REDACTED_PATHS = [
  'req.headers["auth-bearer"]',
  'req.headers.authorization',
  'req.headers.cookie',
  '*.password',
  '*.token',
  '*.refreshToken',
  '*.apiKey',
  '*.key',
  '*.cpf',
  '*.email',
  '*.cellPhone',
  '*.phone',
  '*.patientData',
  '*.identificationOnInsurance',
];

/** The server's logger: JSON lines on stdout, secrets and patient fields redacted. */
export function createLogger(options: { level?: string; destination?: pino.DestinationStream } = {}): Logger {
  return pino(
    {
      level: options.level ?? 'info',
      redact: { paths: REDACTED_PATHS, censor: '[redigido]' },
      base: { service: 'clinic-sync' },
    },
    options.destination,
  );
}
