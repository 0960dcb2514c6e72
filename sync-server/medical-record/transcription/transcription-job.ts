/**
 * The job that transcribes submitted audios (MED-047, MED-048): every
 * `CLINIC_TRANSCRIPTION_INTERVAL_MS` (default 30 s) it takes the pending transcriptions that are due,
 * calls the account's provider, and records the text (dropping the audio). A retryable failure
 * (429, 5xx, network) is tried again after a growing delay (1, 2, 4, 8… minutes, at most
 * {@link MAX_ATTEMPTS} tries); any other failure, an account without settings, or the last try marks
 * it failed with a pt-BR reason and drops the audio. Logs name ids and errors only, never the key or
 * the text.
 */
import type { Logger } from 'pino';
import { isoWithOffset, type Clock } from '#core/clock.js';
import { RepeatingPasses } from '../../jobs/repeating-passes.js';
import { checkLiteralHost } from '../../webhooks/address-guard.js';
import { openAiTranscriber } from './openai-transcriber.js';
import { TranscriptionError, type TranscriptionProvider } from './transcription-port.js';
import type { ProviderSettings, Transcriptions } from './transcription-store.js';

/** Default milliseconds between passes: 30 s. */
export const DEFAULT_TRANSCRIPTION_INTERVAL_MS = 30_000;
/** Tries before a retryable failure is given up. */
export const MAX_ATTEMPTS = 6;
/** The first retry's delay, ms (doubled at each try). */
export const FIRST_RETRY_MS = 60_000;

/** What one pass did. */
export interface TranscriptionPassResult {
  done: number;
  retrying: number;
  failed: number;
}

/** Options of {@link transcriptionJob}. */
export interface TranscriptionJobOptions {
  transcriptions: Transcriptions;
  clock: Clock;
  logger: Logger;
  /** Whether the account lets calls reach private networks (the webhooks' setting). */
  allowPrivate(tenantId: string): Promise<boolean>;
  /** The provider for a settings row; default the `POST /v1/audio/transcriptions` adapter. */
  providerFor?: (settings: ProviderSettings) => TranscriptionProvider;
  intervalMs?: number;
}

/** The job: built with the server, timed once started. */
export interface TranscriptionJob {
  start(): void;
  /** Runs one pass now (after the one in flight); works before {@link start} too. */
  runOnce(): Promise<TranscriptionPassResult>;
  stop(): Promise<void>;
}

/** Builds the job; nothing runs until `start` or `runOnce`. */
export function transcriptionJob(options: TranscriptionJobOptions): TranscriptionJob {
  const { transcriptions, clock } = options;
  const log = options.logger.child({ module: 'audio-transcription' });
  const providerFor = options.providerFor ?? ((s: ProviderSettings) => openAiTranscriber(s));
  const passes = new RepeatingPasses<TranscriptionPassResult>(options.intervalMs ?? DEFAULT_TRANSCRIPTION_INTERVAL_MS);

  async function transcribeOne(row: Awaited<ReturnType<Transcriptions['due']>>[number]) {
    const attempts = row.attempts + 1;
    const settings = await transcriptions.provider(row.tenant_id);
    if (!settings) {
      await transcriptions.failed(row.id, 'serviço de transcrição não configurado na conta', attempts);
      return 'failed' as const;
    }
    try {
      checkLiteralHost(new URL(settings.baseUrl).hostname, await options.allowPrivate(row.tenant_id));
    } catch {
      await transcriptions.failed(row.id, 'endereço do serviço de transcrição em rede privada ou local', attempts);
      return 'failed' as const;
    }
    try {
      const { text } = await providerFor(settings).transcribe(
        { bytes: Buffer.from(row.audio ?? '', 'base64'), fileName: row.file_name, mediaType: row.media_type },
        { language: 'pt' },
      );
      await transcriptions.done(row.id, text);
      return 'done' as const;
    } catch (error) {
      const known = error instanceof TranscriptionError;
      const reason = known ? error.message : 'falha inesperada ao transcrever o áudio';
      if (!known) log.error({ id: row.id, message: (error as Error).message }, 'transcription failed unexpectedly');
      if (known && error.retryable && attempts < MAX_ATTEMPTS) {
        const next = new Date(clock.now().getTime() + FIRST_RETRY_MS * 2 ** (attempts - 1));
        await transcriptions.retryLater(row.id, reason, attempts, isoWithOffset(next));
        log.warn(
          { id: row.id, tenantId: row.tenant_id, attempts, status: error.status },
          'transcription retried later',
        );
        return 'retrying' as const;
      }
      await transcriptions.failed(row.id, reason, attempts);
      log.warn(
        { id: row.id, tenantId: row.tenant_id, attempts, status: known ? error.status : undefined },
        'transcription failed',
      );
      return 'failed' as const;
    }
  }

  async function pass(): Promise<TranscriptionPassResult> {
    const total: TranscriptionPassResult = { done: 0, retrying: 0, failed: 0 };
    for (const row of await transcriptions.due(20)) {
      if (passes.stopping) break;
      // Longer than the adapter's 120 s timeout: a crashed process's row is tried again after it.
      if (!(await transcriptions.claim(row, 10 * 60_000))) continue;
      total[await transcribeOne(row)] += 1;
    }
    return total;
  }

  let started = false;
  const ensure = () => {
    if (started) return;
    started = true;
    passes.start(pass, { now: false });
  };
  return {
    start: ensure,
    runOnce() {
      ensure();
      return passes.runOnce();
    },
    stop: () => passes.stop(),
  };
}
