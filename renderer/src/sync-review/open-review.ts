/**
 * Opens the review screen from anywhere in the shell (the sync indicator lives in the footer, the
 * shell's section state in App): App listens, the indicator asks.
 */
const listeners = new Set<() => void>();

/** Asks the shell to show the "Conflitos e recusas" screen. */
export function openReview(): void {
  for (const listener of listeners) listener();
}

/** Runs `show` whenever {@link openReview} is called; @returns the unsubscribe function (an effect's cleanup). */
export function onOpenReview(show: () => void): () => void {
  listeners.add(show);
  return () => {
    listeners.delete(show);
  };
}
