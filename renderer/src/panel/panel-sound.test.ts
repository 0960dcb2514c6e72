import { describe, expect, it, vi } from 'vitest';
import { rememberSound, resumeOnFirstTouch, SOUND_KEY, soundRemembered } from './panel-sound.js';

describe('the panel’s sound consent', () => {
  it('is remembered in the browser once given, and a storage that throws only means asking again', () => {
    const kept = new Map<string, string>();
    const storage = {
      getItem: (k: string) => kept.get(k) ?? null,
      setItem: (k: string, v: string) => void kept.set(k, v),
    };
    expect(soundRemembered(storage)).toBe(false);
    rememberSound(storage);
    expect(kept.get(SOUND_KEY)).toBe('on');
    expect(soundRemembered(storage)).toBe(true);
    const broken = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
    };
    expect(soundRemembered(broken)).toBe(false);
    expect(() => rememberSound(broken)).not.toThrow();
  });

  it('resumes the audio on the first touch or key after a reload, once', () => {
    const target = new EventTarget();
    const resume = vi.fn();
    resumeOnFirstTouch(target, resume);
    target.dispatchEvent(new Event('keydown'));
    target.dispatchEvent(new Event('pointerdown'));
    expect(resume).toHaveBeenCalledTimes(1);
  });
});
