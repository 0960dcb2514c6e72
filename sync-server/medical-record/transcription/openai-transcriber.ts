/**
 * The adapter for the `POST /v1/audio/transcriptions` HTTP API (OpenAI's audio API, which
 * self-hosted Whisper servers such as faster-whisper-server and whisper.cpp's server also speak),
 * MED-047: a multipart form with `file`, `model`, `language` and `response_format=json`, bearer key
 * when the server wants one; the answer `{ "text": "…" }`. Tested against a local double
 * (`test-whisper.ts`), not against a provider.
 */
import {
  TranscriptionError,
  type AudioFile,
  type Transcription,
  type TranscriptionProvider,
} from './transcription-port.js';

/** Where and how to reach the provider (per account; the key is stored sealed). */
export interface OpenAiTranscriberConfig {
  /** `https://api.openai.com` or `http://whisper.local:8000` (without `/v1`). */
  baseUrl: string;
  /** Bearer key; absent for a self-hosted server without authentication. Never logged. */
  apiKey?: string | undefined;
  /** `whisper-1`, `Systran/faster-whisper-small`… */
  model: string;
  /** Gives up after this many ms (default 120 s: a long consultation takes a while). */
  timeoutMs?: number;
  /** For tests and proxies; defaults to the global fetch. */
  fetch?: typeof fetch;
}

/** A provider over the OpenAI-compatible transcription endpoint. */
export function openAiTranscriber(config: OpenAiTranscriberConfig): TranscriptionProvider {
  const url = `${config.baseUrl.replace(/\/+$/, '')}/v1/audio/transcriptions`;
  const call = config.fetch ?? fetch;
  return {
    async transcribe(audio: AudioFile, options = {}): Promise<Transcription> {
      const form = new FormData();
      form.set('file', new Blob([new Uint8Array(audio.bytes)], { type: audio.mediaType }), audio.fileName);
      form.set('model', config.model);
      form.set('language', options.language ?? 'pt');
      form.set('response_format', 'json');
      let response: Response;
      try {
        response = await call(url, {
          method: 'POST',
          body: form,
          headers: config.apiKey ? { authorization: `Bearer ${config.apiKey}` } : {},
          signal: AbortSignal.timeout(config.timeoutMs ?? 120_000),
        });
      } catch (error) {
        throw new TranscriptionError(
          `serviço de transcrição inacessível: ${(error as Error).name === 'TimeoutError' ? 'tempo esgotado' : (error as Error).message}`,
          undefined,
          true,
        );
      }
      const body = (await response.json().catch(() => undefined)) as
        { text?: unknown; error?: { message?: unknown } } | undefined;
      if (!response.ok) {
        const said = typeof body?.error?.message === 'string' ? `: ${body.error.message.slice(0, 300)}` : '';
        throw new TranscriptionError(
          `o serviço de transcrição recusou o áudio (HTTP ${response.status})${said}`,
          response.status,
          response.status === 429 || response.status >= 500,
        );
      }
      if (typeof body?.text !== 'string')
        throw new TranscriptionError('resposta do serviço de transcrição sem `text`', response.status, false);
      return { text: body.text.trim() };
    },
  };
}
