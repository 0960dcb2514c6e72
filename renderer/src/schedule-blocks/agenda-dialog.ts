import type { ClinicChoice } from '../reception/load-day.js';

/** A professional the agenda shows, with the slot length of their column. */
export interface AgendaProfessional {
  id: string;
  name: string;
  slotMinutes: number;
}

/** What the agenda's toolbar dialogs (block a time, squeeze in) open with. */
export interface AgendaDialogProps {
  clinic: ClinicChoice;
  professionals: readonly AgendaProfessional[];
  /** The agenda's day, `YYYY-MM-DD` in the clinic's zone. */
  date: string;
  /** The grid's selection: professional id and UTC key of the slot's start, when any. */
  selected: { professional: string | null; startUtc: string | null };
  onClose: () => void;
}

/** The professional a dialog starts on: the one selected in the grid, else the agenda's first. */
export function startingProfessional(props: AgendaDialogProps): AgendaProfessional | undefined {
  return props.professionals.find((p) => p.id === props.selected.professional) ?? props.professionals[0];
}
