/**
 * The describer of medical records (core/medical-record): how the sync review names a record and shows
 * its sections, so a person deciding between two desks' versions reads both texts.
 */
import { SECTION_TITLES, type SectionName } from './record.js';
import { shortInstant } from '#core/sync/review/formats.js';
import { choice, counted, moment, nameOr, ref } from '#core/sync/review/fields.js';
import type { CollectionDescriber } from '#core/sync/review/describer.js';

const str = (v: unknown): string => (typeof v === 'string' ? v : '');

/** "Prontuário de Maria Silva, 25/11 às 15:00": an attendance's record, by patient and start. */
const MEDICAL_RECORD: CollectionDescriber = {
  noun: 'Prontuário',
  title: (doc, lookup, timeZone) =>
    `Prontuário de ${nameOr(lookup, 'patients', doc.patient)}${str(doc.startedAt) ? `, ${shortInstant(str(doc.startedAt), timeZone)}` : ''}`,
  fields: {
    patient: ref('Paciente', 'patients'),
    professional: ref('Profissional', 'users'),
    status: choice('Situação', { open: 'aberto', finished: 'finalizado' }),
    startedAt: moment('Início'),
    finishedAt: moment('Finalizado em'),
    sections: {
      label: 'Seções',
      // Each section with its text, so the two versions of a conflict can be read side by side.
      show: (v) =>
        Object.entries((v ?? {}) as Record<string, { text?: string }>)
          .map(([name, entry]) => `${SECTION_TITLES[name as SectionName] ?? name}: ${entry.text ?? ''}`)
          .join('\n') || '—',
    },
    comments: counted('Comentários', 'comentário', 'comentários'),
    addenda: counted('Adendos', 'adendo', 'adendos'),
    transfers: counted('Transferências', 'transferência', 'transferências'),
    protocols: counted('Protocolos abertos', 'protocolo', 'protocolos'),
    protocolNotes: counted('Informações de protocolo', 'informação', 'informações'),
    formAnswers: counted('Formulários respondidos', 'versão', 'versões'),
  },
};

/** "Protocolo Dengue: classificação de risco e manejo": a protocol of the clinic's library. */
const MEDICAL_PROTOCOL: CollectionDescriber = {
  noun: 'Protocolo',
  title: (doc) => `Protocolo ${str(doc.name)}`.trim(),
  fields: {
    name: { label: 'Nome', show: (v) => str(v) || '—' },
    text: { label: 'Etapas', show: (v) => str(v) || '—' },
    cid10: { label: 'CID-10', show: (v) => (Array.isArray(v) ? v.join(', ') : '') || '—' },
    active: choice('Situação', { true: 'ativo', false: 'inativo' }),
  },
};

/** "Odontograma: dente 36, cariado": one recorded state of a tooth. */
const DENTAL_CHART_ENTRY: CollectionDescriber = {
  noun: 'Registro do odontograma',
  title: (doc, lookup) =>
    `Odontograma de ${nameOr(lookup, 'patients', doc.patient)}: dente ${str(doc.tooth)}, ${str(doc.state).replace(/_/g, ' ')}`,
  fields: {
    patient: ref('Paciente', 'patients'),
    tooth: { label: 'Dente', show: (v) => str(v) || '—' },
    state: { label: 'Estado', show: (v) => str(v).replace(/_/g, ' ') || '—' },
    faces: { label: 'Faces', show: (v) => (Array.isArray(v) ? v.join('') : '') || '—' },
    professional: ref('Profissional', 'users'),
    at: moment('Registrado em'),
  },
};

/** "Formulário PHQ-9 (da clínica)": a custom form by its questionnaire's title. */
const CUSTOM_FORM: CollectionDescriber = {
  noun: 'Formulário do prontuário',
  title: (doc) => {
    const q = (doc.questionnaire ?? {}) as { title?: string };
    return `Formulário ${q.title ?? ''}${doc.owner === 'clinic' ? ' (da clínica)' : ''}`.trim();
  },
  fields: {
    owner: choice('Dono', { clinic: 'clínica', professional: 'profissional' }),
    professional: ref('Profissional', 'users'),
    questionnaire: {
      label: 'Perguntas',
      show: (v) => {
        const items = ((v ?? {}) as { item?: { text?: string; linkId: string }[] }).item ?? [];
        return items.map((i) => i.text ?? i.linkId).join('\n') || '—';
      },
    },
  },
};

/** "Configuração do prontuário de Dra. Ana": which sections and forms a professional sees. */
const CONFIG: CollectionDescriber = {
  noun: 'Configuração do prontuário',
  title: (doc, lookup) => `Configuração do prontuário de ${nameOr(lookup, 'users', doc.professional)}`,
  fields: {
    professional: ref('Profissional', 'users'),
    sections: {
      label: 'Seções',
      show: (v) => ((v ?? []) as string[]).map((name) => SECTION_TITLES[name as SectionName] ?? name).join(', ') || '—',
    },
    forms: counted('Formulários', 'formulário', 'formulários'),
  },
};

/** "Gestação de Maria Silva, DPP 08/02/2027": a gestation a professional follows (MED-056). */
const GESTATION: CollectionDescriber = {
  noun: 'Gestação',
  title: (doc, lookup) =>
    `Gestação de ${nameOr(lookup, 'patients', doc.patient)}${str(doc.dueDate) ? `, DPP ${str(doc.dueDate).split('-').reverse().join('/')}` : ''}`,
  fields: {
    patient: ref('Paciente', 'patients'),
    professional: ref('Profissional', 'users'),
    lastMenstrualPeriod: { label: 'DUM', show: (v) => str(v).split('-').reverse().join('/') || '—' },
    dueDate: { label: 'DPP', show: (v) => str(v).split('-').reverse().join('/') || '—' },
    status: choice('Situação', { ongoing: 'em curso', ended: 'encerrada' }),
    outcome: { label: 'Desfecho', show: (v) => str(v).replace(/_/g, ' ') || '—' },
    note: { label: 'Observação', show: (v) => str(v) || '—' },
  },
};

/** Medical-record describers, by collection name (the `review` of each collection in module.ts). */
export const medicalRecordReview = {
  medical_records: MEDICAL_RECORD,
  medical_protocols: MEDICAL_PROTOCOL,
  dental_chart_entries: DENTAL_CHART_ENTRY,
  medical_record_forms: CUSTOM_FORM,
  medical_record_configs: CONFIG,
  gestations: GESTATION,
} satisfies Record<string, CollectionDescriber>;
