/**
 * How a call is heard in the waiting room: a two-note chime (WebAudio, nothing to download) and the
 * ticket and place spoken in pt-BR where the browser has speech synthesis. A recall sounds the same:
 * the patient who missed it hears it again.
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

/** Whether sound can play now. */
export function audioReady(): boolean {
  return audio?.state === 'running';
}

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
  return 1300;
}

/** Spells a code for speech: `N001` → `N, 0, 0, 1`, so voices never read "N mil e um". */
export function spokenCode(code: string): string {
  return code.split('').join(' ');
}

/** Chimes, then says `text`. */
export function announce(text: string, lang: string): void {
  const wait = audio && audio.state === 'running' ? chime(audio) : 0;
  if (typeof speechSynthesis === 'undefined') return;
  setTimeout(() => {
    const utterance = new SpeechSynthesisUtterance(text);
    utterance.lang = lang;
    utterance.rate = 0.9;
    speechSynthesis.cancel();
    speechSynthesis.speak(utterance);
  }, wait);
}
