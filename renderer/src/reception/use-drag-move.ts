/**
 * Native HTML5 drag and drop of appointments between grid cells (no package): the grid's cells take
 * the handlers `target` gives, the dragged appointment's cell reports the drag through `onDrag`.
 * The browser's drag data cannot be read while hovering, so the dragged appointment is kept here.
 */
import { useRef, useState, type DragEvent } from 'react';

/** Drag state of one grid: the hovered cell (for its outline), cell handlers, and the drag's source hook. */
export function useDragMove<A>() {
  const dragged = useRef<A | null>(null);
  const [over, setOver] = useState<string | null>(null);

  /** Handlers for the cell `key`: it takes a drop when `accepts`, then `drop` runs with the appointment. */
  const target = (key: string, accepts: (appointment: A) => boolean, drop: (appointment: A) => void) => ({
    onDragOver: (event: DragEvent) => {
      const a = dragged.current;
      if (!a || !accepts(a)) return;
      event.preventDefault();
      event.dataTransfer.dropEffect = 'move';
      if (over !== key) setOver(key);
    },
    onDragLeave: () => setOver((o) => (o === key ? null : o)),
    onDrop: (event: DragEvent) => {
      event.preventDefault();
      setOver(null);
      const a = dragged.current;
      dragged.current = null;
      if (a) drop(a);
    },
  });

  /** Called by the source cell: the appointment as the drag starts, null as it ends. */
  const onDrag = (appointment: A | null) => {
    dragged.current = appointment;
    if (!appointment) setOver(null);
  };

  return { over, target, onDrag };
}
