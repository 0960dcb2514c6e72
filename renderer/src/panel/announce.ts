/**
 * How a call is heard in the waiting room: a two-note chime (WebAudio, nothing to download) and the
 * ticket and place spoken in pt-BR where the browser has speech synthesis. A recall sounds the same:
 * the patient who missed it hears it again.
 *
 * Announcements queue (issue 19): a call made while another is being said waits for it to end, so
 * each is heard whole; nothing ever cancels speech mid-sentence.
 */

let audio: AudioContext | undefined;

/** Creates (or resumes) the audio context; browsers allow it only after a touch, kiosks at once. */
export function unlockAudio(): boolean {
  try {
    audio ??= new AudioContext();
    if (audio.state === 'suspended') void audio.resume();
    return audio.state === 'running';
  } catch {
    return false;
  }
}

/**
 * Calls `then` once the audio context runs: a new context starts suspended for a moment even where
 * the browser allows sound (the desktop app), so the panel must not take that moment for a refusal.
 * @returns a function that stops listening.
 */
export function whenAudioRuns(then: () => void): () => void {
  const context = audio;
  if (!context) return () => undefined;
  if (context.state === 'running') {
    then();
    return () => undefined;
  }
  const listener = () => {
    if (context.state !== 'running') return;
    context.removeEventListener('statechange', listener);
    then();
  };
  context.addEventListener('statechange', listener);
  return () => context.removeEventListener('statechange', listener);
}

/** Whether sound can play now. */
export function audioReady(): boolean {
  return audio?.state === 'running';
}

/** Milliseconds the chime lasts: the voice starts after it. */
const CHIME_MS = 1300;

function chime(context: AudioContext): number {
  const start = context.currentTime + 0.05;
  for (const [i, frequency] of [659.25, 880].entries()) {
    const oscillator = context.createOscillator();
    const gain = context.createGain();
    oscillator.type = 'sine';
    oscillator.frequency.value = frequency;
    const at = start + i * 0.45;
    gain.gain.setValueAtTime(0.0001, at);
    gain.gain.exponentialRampToValueAtTime(0.4, at + 0.03);
    gain.gain.exponentialRampToValueAtTime(0.0001, at + 0.8);
    oscillator.connect(gain).connect(context.destination);
    oscillator.start(at);
    oscillator.stop(at + 0.85);
  }
  return CHIME_MS;
}

/** Spells a code for speech: `N001` → `N, 0, 0, 1`, so voices never read "N mil e um". */
export function spokenCode(code: string): string {
  return code.split('').join(' ');
}

/**
 * The longest an utterance may take before the queue moves on anyway: some browsers never fire `end`
 * (no voice installed, a stuck engine), and a silent panel must not hold every later call. Generous:
 * about a third of a second per character at the panel's slower rate, plus slack.
 */
export function speechDeadlineMs(text: string): number {
  return 4000 + text.length * 300;
}

/** More waiting announcements than this are a burst nobody can follow: the oldest waiting one goes. */
const MAX_WAITING = 6;

interface Announcement {
  text: string;
  lang: string;
}

const waiting: Announcement[] = [];
let busy = false;

/** Says `text` and resolves when the voice has finished (or could not speak, or the deadline passed). */
function speak({ text, lang }: Announcement): Promise<void> {
  if (typeof speechSynthesis === 'undefined' || typeof SpeechSynthesisUtterance === 'undefined')
    return Promise.resolve();
  return new Promise((resolve) => {
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      clearTimeout(deadline);
      resolve();
    };
    const deadline = setTimeout(finish, speechDeadlineMs(text));
    const utterance = new SpeechSynthesisUtterance(text);
    utterance.lang = lang;
    utterance.rate = 0.9;
    utterance.onend = finish;
    utterance.onerror = finish;
    try {
      speechSynthesis.speak(utterance);
    } catch {
      finish();
    }
  });
}

function next(): void {
  const item = waiting.shift();
  if (!item) {
    busy = false;
    return;
  }
  busy = true;
  const wait = audio && audio.state === 'running' ? chime(audio) : 0;
  setTimeout(() => void speak(item).then(next), wait);
}

/** Queues a chime and `text` spoken in `lang`; starts at once when nothing is being announced. */
export function announce(text: string, lang: string): void {
  waiting.push({ text, lang });
  if (waiting.length > MAX_WAITING) waiting.shift();
  if (!busy) next();
}
