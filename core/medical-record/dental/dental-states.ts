/**
 * The states a professional records on a tooth or on faces of it (MED-045), as Brazilian
 * odontograms show them (CFO's prontuário odontológico; Feegow, Amplimed): whole-tooth states
 * and face states. `higido` resets the tooth.
 */

/** State codes, with their pt-BR label and whether they apply to faces or the whole tooth. */
export const DENTAL_STATES = {
  higido: { label: 'Hígido', scope: 'tooth' },
  cariado: { label: 'Cariado', scope: 'face' },
  restaurado: { label: 'Restaurado', scope: 'face' },
  restauracao_provisoria: { label: 'Restauração provisória', scope: 'face' },
  selante: { label: 'Selante', scope: 'face' },
  fraturado: { label: 'Fraturado', scope: 'face' },
  ausente: { label: 'Ausente', scope: 'tooth' },
  extracao_indicada: { label: 'Extração indicada', scope: 'tooth' },
  implante: { label: 'Implante', scope: 'tooth' },
  coroa: { label: 'Coroa', scope: 'tooth' },
  tratamento_canal: { label: 'Tratamento de canal', scope: 'tooth' },
  protese: { label: 'Prótese', scope: 'tooth' },
} as const satisfies Record<string, { label: string; scope: 'tooth' | 'face' }>;

/** A state code. */
export type DentalState = keyof typeof DENTAL_STATES;

/** The state codes, in the order the options list them. */
export const DENTAL_STATE_CODES = Object.keys(DENTAL_STATES) as [DentalState, ...DentalState[]];
