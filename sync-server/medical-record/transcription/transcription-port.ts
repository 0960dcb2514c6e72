/**
 * The audio transcription port (spec §4.4 Medical Record: "submit an audio file for transcription;
 * get an audio transcription"), MED-047: what the server asks of a speech-to-text provider. One
 * adapter: `openai-transcriber.ts`, for the `POST /v1/audio/transcriptions` HTTP API.
 */

/** An audio file to transcribe. */
export interface AudioFile {
  bytes: Uint8Array;
  /** As uploaded (`consulta.m4a`); providers read the format from the extension. */
  fileName: string;
  /** `audio/mpeg`, `audio/wav`, `audio/webm`, `audio/mp4`, `audio/ogg`. */
  mediaType: string;
}

/** What a provider answers. */
export interface Transcription {
  text: string;
}

/** A speech-to-text provider. */
export interface TranscriptionProvider {
  /**
   * The text spoken in `audio` (pt-BR unless `language` says otherwise).
   * @throws TranscriptionError when the provider refuses or cannot be reached.
   */
  transcribe(audio: AudioFile, options?: { language?: string }): Promise<Transcription>;
}

/** A provider's refusal or failure; `retryable` when trying later may succeed (5xx, 429, network). */
export class TranscriptionError extends Error {
  constructor(
    message: string,
    readonly status: number | undefined,
    readonly retryable: boolean,
  ) {
    super(message);
    this.name = 'TranscriptionError';
  }
}

/** The audio types accepted (the formats Whisper-compatible servers document). */
export const AUDIO_TYPES: Readonly<Record<string, string>> = {
  'audio/mpeg': 'mp3',
  'audio/mp3': 'mp3',
  'audio/mp4': 'm4a',
  'audio/x-m4a': 'm4a',
  'audio/wav': 'wav',
  'audio/x-wav': 'wav',
  'audio/webm': 'webm',
  'audio/ogg': 'ogg',
  'audio/flac': 'flac',
};

/** The largest audio accepted, bytes (25 MB, the limit the OpenAI API documents). */
export const AUDIO_MAX_BYTES = 25 * 1024 * 1024;
