/**
 * The core's refusal of a taken or blocked slot (409 `conflict` of `assertSlotFree`), as the desk
 * shows it wherever a booking or a move can be refused: the encaixe and booking dialogs under the
 * time, the move notice under its sentence. Each detail is already one pt-BR line in the clinic's
 * time ("Já há agendamento de Maria Silva das 14:00 às 14:30", "Bloqueado das 12:00 às 13:00:
 * Almoço"); the ids stay in the details' `ref`, never on screen.
 */
import { isDomainError } from '#core/errors.js';

/** The lines of a slot refusal, one per appointment or block in the way; none for any other error. */
export function slotRefusalLines(error: unknown): string[] {
  if (!isDomainError(error) || error.code !== 'conflict') return [];
  return error.details.filter((d) => d.path === 'start').map((d) => d.message);
}

/**
 * The lines one under another. Spans shown as blocks, so they fit inside a field's error (a `<p>`)
 * as well as inside a notice.
 */
export function RefusalLines({ lines }: { lines: readonly string[] }) {
  return (
    <>
      {lines.map((line, i) => (
        <span key={i} className="slot-refusal-line" style={{ display: 'block' }}>
          {line}
        </span>
      ))}
    </>
  );
}
