import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** What the fake voice did, in order: `start:<text>`, `end:<text>`, `cancel`. */
let log: string[];
/** How long the fake voice takes to say anything, ms. */
const SAYING_MS = 2500;

/** A speech engine that, like the browser's, says one utterance at a time and queues the rest. */
function fakeSpeech() {
  const queue: { text: string; onend: (() => void) | null }[] = [];
  let speaking = false;
  const run = () => {
    const u = queue.shift();
    if (!u) {
      speaking = false;
      return;
    }
    speaking = true;
    log.push(`start:${u.text}`);
    setTimeout(() => {
      log.push(`end:${u.text}`);
      u.onend?.();
      run();
    }, SAYING_MS);
  };
  return {
    speak: (u: { text: string; onend: (() => void) | null }) => {
      queue.push(u);
      if (!speaking) run();
    },
    cancel: () => log.push('cancel'),
  };
}

class FakeUtterance {
  lang = '';
  rate = 1;
  onend: (() => void) | null = null;
  onerror: (() => void) | null = null;
  constructor(readonly text: string) {}
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.resetModules();
  log = [];
  vi.stubGlobal('speechSynthesis', fakeSpeech());
  vi.stubGlobal('SpeechSynthesisUtterance', FakeUtterance);
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('announcing calls', () => {
  it('lets each call be heard whole: a call 800 ms after another waits for it, nothing is cancelled', async () => {
    const { announce } = await import('./announce.js');
    announce('Senha N 0 0 1, Guichê 1', 'pt-BR');
    await vi.advanceTimersByTimeAsync(800);
    announce('Senha N 0 0 2, Guichê 2', 'pt-BR');
    await vi.advanceTimersByTimeAsync(800);
    // The second is not even handed to the engine while the first is being said.
    expect(log).toEqual(['start:Senha N 0 0 1, Guichê 1']);
    await vi.advanceTimersByTimeAsync(2 * SAYING_MS);
    expect(log).toEqual([
      'start:Senha N 0 0 1, Guichê 1',
      'end:Senha N 0 0 1, Guichê 1',
      'start:Senha N 0 0 2, Guichê 2',
      'end:Senha N 0 0 2, Guichê 2',
    ]);
  });

  it('moves on when the engine never says it ended (no voice installed)', async () => {
    vi.stubGlobal('speechSynthesis', { speak: (u: FakeUtterance) => log.push(`start:${u.text}`), cancel: vi.fn() });
    const { announce, speechDeadlineMs } = await import('./announce.js');
    announce('A', 'pt-BR');
    announce('B', 'pt-BR');
    await vi.advanceTimersByTimeAsync(1);
    expect(log).toEqual(['start:A']);
    await vi.advanceTimersByTimeAsync(speechDeadlineMs('A') + 10);
    expect(log).toEqual(['start:A', 'start:B']);
  });
});
