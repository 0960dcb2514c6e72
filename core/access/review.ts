/**
 * How the desk's sync review names users and a person's or the account's settings, in pt-BR
 * (core/sync/review/).
 */
import type { CollectionDescriber } from '#core/sync/review/describer.js';
import { choice, flag, moment, named, nameOr, number, ref, ROLE, text } from '#core/sync/review/fields.js';

const str = (v: unknown): string => (typeof v === 'string' ? v : '');

const USER: CollectionDescriber = {
  noun: 'Usuário',
  title: named('Usuário'),
  fields: {
    role: choice('Perfil', ROLE),
    council: text('Conselho'),
    councilNumber: text('Número no conselho'),
    councilState: text('UF do conselho'),
    specialties: ref('Especialidades', 'specialties'),
    status: choice('Situação', { temporary: 'Provisório', invited: 'Convidado', active: 'Ativo' }),
    credentialsChangedAt: moment('Senha trocada em'),
  },
};

/** Access describers, by collection name (the `review` of each collection in module.ts). */
export const accessReview = {
  users: USER,
  account_configurations: {
    noun: 'Configurações da conta',
    title: () => 'Configurações da conta',
    fields: {
      timeZone: text('Fuso horário'),
      locale: choice('Idioma', { 'pt-BR': 'Português', en: 'Inglês' }),
      offlineLoginDays: number('Dias de acesso sem conexão'),
      appointmentMinutes: number('Duração padrão da consulta', ' min'),
    },
  },
  schedule_filters: {
    noun: 'Filtro de agenda',
    title: (doc, lookup) => `Filtro de agenda de ${nameOr(lookup, 'users', doc.owner)}`,
    fields: {
      owner: ref('Dono', 'users'),
      clinics: ref('Clínicas', 'clinics'),
      professionals: ref('Profissionais', 'users'),
      specialties: ref('Especialidades', 'specialties'),
      view: choice('Visão', { day: 'Dia', week: 'Semana', month: 'Mês' }),
      showCancelled: flag('Mostrar desmarcados'),
    },
  },
  personal_templates: {
    noun: 'Modelo de documento',
    title: (doc) => `Modelo “${str(doc.name)}”`,
    fields: {
      owner: ref('Dono', 'users'),
      kind: choice('Tipo', {
        prescription: 'Receita',
        certificate: 'Atestado',
        report: 'Relatório',
        examRequest: 'Pedido de exame',
        message: 'Mensagem',
        other: 'Outro',
      }),
      content: text('Conteúdo'),
    },
  },
} satisfies Record<string, CollectionDescriber>;
