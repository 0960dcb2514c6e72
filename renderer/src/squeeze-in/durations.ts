/** Lengths offered for an appointment booked at a typed time, minutes. */
const COMMON = [10, 15, 20, 30, 40, 45, 60, 90, 120];

/** The common lengths plus the professional's slot length, ascending, each once. */
export function durationChoices(slotMinutes: number): number[] {
  return [...new Set([...COMMON, slotMinutes])].sort((a, b) => a - b);
}
