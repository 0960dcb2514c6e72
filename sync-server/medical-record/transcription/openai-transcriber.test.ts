/**
 * The `POST /v1/audio/transcriptions` adapter against a local double implementing that endpoint
 * (test-whisper.ts), not against a provider: the multipart form as documented, the bearer key, the
 * text answered, refusals and an unreachable server as TranscriptionError.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openAiTranscriber } from './openai-transcriber.js';
import { startTestWhisper, type TestWhisper } from './test-whisper.js';
import { TranscriptionError } from './transcription-port.js';

const KEY = 'sk-teste-chave-do-servidor-whisper';
const audio = {
  bytes: new Uint8Array([0x49, 0x44, 0x33, 0x04, ...new Array<number>(2000).fill(7)]),
  fileName: 'consulta.mp3',
  mediaType: 'audio/mpeg',
};

describe('OpenAI-compatible transcription adapter (MED-047)', () => {
  let whisper: TestWhisper;
  beforeAll(async () => {
    whisper = await startTestWhisper(KEY);
  });
  afterAll(() => whisper?.close());

  it('sends the documented multipart form and reads the text', async () => {
    const provider = openAiTranscriber({ baseUrl: `${whisper.baseUrl}/`, apiKey: KEY, model: 'whisper-1' });
    const result = await provider.transcribe(audio);
    expect(result.text).toBe('Paciente refere dor de garganta há dois dias (consulta.mp3, 2004 bytes).');
    const { contentType, ...received } = whisper.received.at(-1)!;
    expect(contentType).toMatch(/^multipart\/form-data; boundary=/);
    expect(received).toEqual({
      authorization: `Bearer ${KEY}`,
      fileName: 'consulta.mp3',
      fileType: 'audio/mpeg',
      size: 2004,
      firstBytes: [0x49, 0x44, 0x33, 0x04],
      model: 'whisper-1',
      language: 'pt',
      responseFormat: 'json',
    });
  });

  it('turns a refusal, a provider failure and an unreachable server into TranscriptionError, never echoing the key', async () => {
    const wrong = openAiTranscriber({ baseUrl: whisper.baseUrl, apiKey: 'sk-outra', model: 'whisper-1' });
    const refused = await wrong.transcribe(audio).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(TranscriptionError);
    expect(refused).toMatchObject({ status: 401, retryable: false });
    expect((refused as Error).message).toMatch(/HTTP 401.*Incorrect API key/);
    expect((refused as Error).message).not.toContain('sk-outra');

    whisper.failWith = 503;
    const failing = openAiTranscriber({ baseUrl: whisper.baseUrl, apiKey: KEY, model: 'whisper-1' });
    await expect(failing.transcribe(audio)).rejects.toMatchObject({ status: 503, retryable: true });
    whisper.failWith = undefined;

    const gone = openAiTranscriber({ baseUrl: 'http://127.0.0.1:9', apiKey: KEY, model: 'whisper-1', timeoutMs: 2000 });
    await expect(gone.transcribe(audio)).rejects.toMatchObject({ status: undefined, retryable: true });
  });
});
