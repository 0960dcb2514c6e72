/**
 * How the desk's sync review names clinics and events (procedures), in pt-BR (core/sync/review/).
 */
import type { CollectionDescriber } from '#core/sync/review/describer.js';
import { choice, flag, named, names, number, periods, text } from '#core/sync/review/fields.js';

const CLINIC: CollectionDescriber = {
  noun: 'Clínica',
  title: named('Clínica'),
  fields: {
    legalName: text('Razão social'),
    cnes: text('CNES'),
    timeZone: text('Fuso horário'),
    openingHours: periods('Horário de funcionamento'),
    places: names('Salas e guichês', 'name'),
    subspecialties: names('Subespecialidades', 'name'),
  },
};

const EVENT: CollectionDescriber = {
  noun: 'Procedimento',
  title: named('Procedimento'),
  fields: {
    code: text('Código'),
    tissTable: text('Tabela TISS'),
    type: choice('Tipo', {
      consultation: 'Consulta',
      procedure: 'Procedimento',
      exam: 'Exame',
      therapy: 'Terapia',
      material: 'Material',
      medication: 'Medicamento',
      fee: 'Taxa',
      package: 'Pacote',
    }),
    durationMinutes: number('Duração', ' min'),
    custom: flag('Criado pela clínica'),
  },
};

/** Clinic describers, by collection name (the `review` of each collection in module.ts). */
export const clinicReview = {
  clinics: CLINIC,
  events: EVENT,
} satisfies Record<string, CollectionDescriber>;
