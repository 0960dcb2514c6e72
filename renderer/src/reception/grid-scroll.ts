/**
 * Scrolls a schedule cell into view inside the grid's own scroll box only. `Element.scrollIntoView` also scrolls
 * the page, which under the fixed AppShell header hid the agenda's toolbar (the day's navigation) on a 768 px
 * screen; the grid is the one thing that should move.
 *
 * @param cell a `[data-cell]` element of the grid
 * @param block `center`: the cell in the middle of the box; `nearest`: the least scroll that shows it whole
 */
export function scrollCellIntoGrid(cell: HTMLElement, block: 'center' | 'nearest'): void {
  const box = cell.closest<HTMLElement>('.day-grid-wrap');
  if (!box) return;
  const boxRect = box.getBoundingClientRect();
  const cellRect = cell.getBoundingClientRect();
  // The header row sticks to the top of the box: a cell under it is not visible.
  const header = box.querySelector('thead')?.getBoundingClientRect().height ?? 0;
  const top = cellRect.top - boxRect.top - header;
  const bottom = cellRect.bottom - boxRect.bottom;
  if (block === 'center') {
    box.scrollTop += top - (box.clientHeight - header - cellRect.height) / 2;
  } else if (top < 0) {
    box.scrollTop += top;
  } else if (bottom > 0) {
    box.scrollTop += bottom;
  }
}
