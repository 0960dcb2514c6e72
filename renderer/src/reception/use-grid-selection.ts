import { useCallback, useRef, useState, type SetStateAction } from 'react';
import type { GridSelection } from './grid-keys.js';

/**
 * The selected cell of an agenda grid, the grid's table, and whether the selected cell takes the
 * focus once drawn (`focusNext`: after keyboard moves and closed dialogs, not on reloads).
 */
export function useGridSelection(initial: GridSelection) {
  const [selected, setSelected] = useState(initial);
  const focusNext = useRef(false);
  const grid = useRef<HTMLTableElement>(null);
  /** Selects from the keyboard: the cell takes the focus. */
  const step = useCallback((next: SetStateAction<GridSelection>) => {
    focusNext.current = true;
    setSelected(next);
  }, []);
  /** Gives the focus back to the selected cell, as a dialog over the grid closes. */
  const refocus = useCallback(() => step((s) => ({ ...s })), [step]);
  return { selected, setSelected, focusNext, grid, step, refocus };
}
