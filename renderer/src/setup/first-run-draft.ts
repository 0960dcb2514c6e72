/**
 * The first-run assistant's draft (issue 22): everything typed in each step, kept in this
 * browser's localStorage per account on every change, so leaving half-way (another area, a reload,
 * a crash) loses nothing and the assistant reopens on the step it was left at. What a step saved
 * is remembered by id (the clinic, the professionals, the procedures, the price table) so going
 * back edits those records instead of creating them twice.
 */
import type { Council, State } from '#core/access/user.js';
import { fromCentavos, parseMoneyText } from '#core/price/money.js';
import { clinicDraft, type ClinicDraft } from './clinic-draft.js';
import { weekOf, type WeekDraft } from './week-hours.js';

/** The steps in order (the texts are `first.step.<id>`). */
export const FIRST_RUN_STEPS = ['clinic', 'professionals', 'procedures', 'insurances', 'station'] as const;
/** One step of the assistant. */
export type FirstRunStep = (typeof FIRST_RUN_STEPS)[number];

/** What this station runs as once set up. */
export type StationRole = 'reception' | 'totem' | 'panel';

/** The professional being typed in the professionals step. */
export interface ProfessionalDraft {
  name: string;
  email: string;
  council: Council;
  councilNumber: string;
  councilState: State;
  /** A specialty's name: an existing one is picked by name, a new one is created. */
  specialty: string;
  /** Own working hours; false follows the clinic's opening hours. */
  ownHours: boolean;
  hours: WeekDraft;
  /** Minutes per slot of the agenda's grid. */
  slotMinutes: number;
  /** The user once the server created it (a refused later part then retries without inviting twice). */
  savedId?: string;
}

/** One typed procedure row: its name, usual length in minutes and price ("R$ 150,00"). */
export interface ProcedureRow {
  name: string;
  minutes: string;
  price: string;
  /** The event once saved (its name and length are then fixed; the price can still change). */
  event?: string;
}

/** One insurance the clinic accepts: its name and, optionally, its ANS registry. */
export interface InsuranceRow {
  name: string;
  ansRegistry: string;
  /** The insurance once saved. */
  id?: string;
}

/** The whole draft. */
export interface FirstRunDraft {
  step: FirstRunStep;
  /** The clinic once the first step saved it. */
  clinicId?: string;
  clinic: ClinicDraft;
  professional: ProfessionalDraft;
  /** Professionals saved by the assistant, by id, with their names for the list. */
  professionals: { id: string; name: string }[];
  procedures: ProcedureRow[];
  /** The price table the typed prices go to, once made. */
  priceTable?: string;
  insurances: InsuranceRow[];
  station: StationRole;
  /** The assistant ran to its end (or the admin said they finish later in Administração). */
  finished: boolean;
}

/** A new professional's form: CRM in São Paulo, 30-minute slots, the clinic's hours. */
export function emptyProfessional(): ProfessionalDraft {
  return {
    name: '',
    email: '',
    council: 'CRM',
    councilNumber: '',
    councilState: 'SP',
    specialty: '',
    ownHours: false,
    hours: weekOf([]),
    slotMinutes: 30,
  };
}

/** A blank procedure row. */
export const emptyProcedure = (): ProcedureRow => ({ name: '', minutes: '30', price: '' });

/** A new account's draft: a Brasília clinic open Monday to Friday 08:00–18:00, to be changed. */
export function emptyFirstRun(): FirstRunDraft {
  const clinic = clinicDraft();
  clinic.hours = weekOf([1, 2, 3, 4, 5].map((weekday) => ({ weekday, start: '08:00', end: '18:00' })));
  return {
    step: 'clinic',
    clinic,
    professional: emptyProfessional(),
    professionals: [],
    procedures: [emptyProcedure()],
    insurances: [],
    station: 'reception',
    finished: false,
  };
}

/** Where the draft of `tenantId`'s account lives in localStorage. */
export const firstRunKey = (tenantId: string): string => `clinic.firstRun.${tenantId}`;

/** The stored draft of the account, or undefined when none was started (or it is unreadable). */
export function readFirstRun(storage: Pick<Storage, 'getItem'>, tenantId: string): FirstRunDraft | undefined {
  try {
    const raw = storage.getItem(firstRunKey(tenantId));
    if (!raw) return undefined;
    const stored = JSON.parse(raw) as Partial<FirstRunDraft>;
    const base = emptyFirstRun();
    const step = FIRST_RUN_STEPS.includes(stored.step as FirstRunStep) ? (stored.step as FirstRunStep) : 'clinic';
    return { ...base, ...stored, step, professional: { ...base.professional, ...stored.professional } };
  } catch {
    return undefined;
  }
}

/** Keeps `draft`; a full or refused storage leaves the assistant working from memory. */
export function writeFirstRun(storage: Pick<Storage, 'setItem'>, tenantId: string, draft: FirstRunDraft): void {
  try {
    storage.setItem(firstRunKey(tenantId), JSON.stringify(draft));
  } catch {
    // Private windows may refuse storage: the assistant still runs, the draft is not kept.
  }
}

/** A typed price in reais (`R$ 1.234,56`, `150`), or undefined when it is no amount. */
export function priceOf(text: string): number | undefined {
  const centavos = parseMoneyText(text);
  return centavos === undefined ? undefined : fromCentavos(centavos);
}

/** The rows that say something (a name or a price); blank rows are ignored, not refused. */
export function filledProcedures(rows: readonly ProcedureRow[]): { row: ProcedureRow; index: number }[] {
  return rows
    .map((row, index) => ({ row, index }))
    .filter(({ row }) => row.name.trim() !== '' || row.price.trim() !== '');
}

/** What each step of the assistant gets: the draft, how to change it (kept at once), and how to move on. */
export interface StepProps {
  draft: FirstRunDraft;
  update: (change: (draft: FirstRunDraft) => FirstRunDraft) => void;
  /** Goes to the next step (or ends, from the last). */
  next: () => void;
}
