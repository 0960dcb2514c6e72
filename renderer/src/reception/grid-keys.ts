/** The selected cell of an agenda grid: row and column indexes. */
export interface GridSelection {
  row: number;
  col: number;
}

const STEPS: Record<string, [number, number]> = {
  ArrowUp: [-1, 0],
  ArrowDown: [1, 0],
  ArrowLeft: [0, -1],
  ArrowRight: [0, 1],
};

const clamp = (n: number, size: number) => Math.max(0, Math.min(size - 1, n));

/**
 * The agenda grid's own keys: arrows step the selection, kept inside `rows` × `cols`, through `step`;
 * Enter runs `enter`. Alt and Ctrl combinations pass on to the screen's shortcuts (Alt+arrows change
 * the day or the week).
 */
export function gridKeyDown(
  rows: number,
  cols: number,
  step: (next: (s: GridSelection) => GridSelection) => void,
  enter: () => void,
) {
  return (event: React.KeyboardEvent) => {
    if (event.altKey || event.ctrlKey) return;
    const move = STEPS[event.key];
    if (move) {
      event.preventDefault();
      step((s) => ({ row: clamp(s.row + move[0], rows), col: clamp(s.col + move[1], cols) }));
    } else if (event.key === 'Enter') {
      event.preventDefault();
      enter();
    }
  };
}
