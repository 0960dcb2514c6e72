/**
 * How the desk's sync review names a patient and reads their fields, in pt-BR (core/sync/review/).
 */
import type { CollectionDescriber } from '#core/sync/review/describer.js';
import { choice, counted, date, flag, moment, names, ref, text } from '#core/sync/review/fields.js';

const str = (v: unknown): string => (typeof v === 'string' ? v : '');

const PATIENT: CollectionDescriber = {
  noun: 'Paciente',
  title: (doc) => `Paciente ${str(doc.socialName) || str(doc.name)}`.trim(),
  fields: {
    socialName: text('Nome social'),
    cns: text('Cartão Nacional de Saúde'),
    rg: text('RG'),
    birthDate: date('Data de nascimento'),
    sex: choice('Sexo', { female: 'Feminino', male: 'Masculino', intersex: 'Intersexo' }),
    motherName: text('Nome da mãe'),
    insurances: names('Convênios', 'insurance', 'insurances'),
    allergies: names('Alergias', 'substance'),
    vaccines: names('Vacinas', 'name'),
    temporary: flag('Cadastro provisório'),
    active: flag('Ativo'),
    inactivatedAt: moment('Inativado em'),
    inactivationReason: text('Motivo da inativação'),
    mergedInto: ref('Unificado com', 'patients'),
    merges: counted('Unificações', 'cadastro unificado', 'cadastros unificados'),
  },
};

/** Patient describers, by collection name (the `review` of each collection in module.ts). */
export const patientReview = {
  patients: PATIENT,
} satisfies Record<string, CollectionDescriber>;
