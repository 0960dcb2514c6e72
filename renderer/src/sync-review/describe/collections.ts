/**
 * One describer per replicated collection: what the record is called ("Consulta de Maria Silva, 25/11
 * às 15:00, Dra. Helena"), its fields' pt-BR labels and how their values read. A new collection adds
 * its describer here; one without falls back to a plain noun and shows only the common fields.
 */
import { DEFAULT_TIME_ZONE, day, money, moneyCentavos, shortInstant, time } from './formats.js';
import {
  APPOINTMENT_STATUS,
  BUDGET_STATUS,
  centavos,
  choice,
  counted,
  date,
  flag,
  moment,
  nameIn,
  nameOr,
  names,
  number,
  PAYMENT_METHOD,
  periods,
  PRIORITY,
  reais,
  ref,
  ROLE,
  text,
  type FieldSpec,
} from './fields.js';
import type { Lookup } from './lookup.js';
import { CHAT_DESCRIBERS } from './chat.js';
import { FINANCE_DESCRIBERS } from './finance.js';
import { INVENTORY_DESCRIBERS } from './inventory.js';
import { MEDICAL_RECORD_DESCRIBERS } from './medical-record.js';

type Doc = Record<string, unknown>;

/** How the records of one collection are named and read. */
export interface CollectionDescriber {
  /** The kind of record, capitalised: "Agendamento". */
  noun: string;
  /** The record as a person names it. */
  title(doc: Doc, lookup: Lookup, timeZone: string): string;
  /** Labels and formats of its own fields (on top of {@link COMMON}). */
  fields: Readonly<Record<string, FieldSpec>>;
}

const str = (v: unknown): string => (typeof v === 'string' ? v : '');
const named = (prefix: string) => (doc: Doc) => (str(doc.name) ? `${prefix} ${str(doc.name)}` : prefix);

/** "Consulta de Maria Silva, 25/11 às 15:00, Dra. Helena": what the reception calls an appointment. */
export function appointmentTitle(doc: Doc, lookup: Lookup, timeZone: string): string {
  const patient = nameOr(lookup, 'patients', doc.patient);
  const professional = nameIn(lookup, 'users', doc.professional);
  const when = str(doc.start) ? `, ${shortInstant(str(doc.start), timeZone)}` : '';
  return `Consulta de ${patient}${when}${professional ? `, ${professional}` : ''}`;
}

const APPOINTMENT: CollectionDescriber = {
  noun: 'Agendamento',
  title: appointmentTitle,
  fields: {
    start: moment('Início'),
    end: moment('Fim'),
    status: choice('Situação', APPOINTMENT_STATUS),
    events: ref('Procedimentos', 'events'),
    insurancePlan: text('Plano'),
    place: text('Sala'),
    copart: reais('Coparticipação'),
    paymentMethod: choice('Forma de pagamento', PAYMENT_METHOD),
    patientConfirmation: {
      label: 'Confirmado pelo paciente',
      show: (v) => ((v as { confirmed?: boolean } | null)?.confirmed ? 'sim' : 'não'),
    },
    reservation: {
      label: 'Reserva',
      show: (v, c) => {
        const r = (v ?? {}) as { reason?: string; until?: string };
        return [r.reason, r.until ? `até ${shortInstant(r.until, c.timeZone)}` : ''].filter(Boolean).join(', ') || '—';
      },
    },
    selfBooked: flag('Marcado pelo próprio paciente'),
    overbooking: flag('Encaixe'),
    cancellation: {
      label: 'Desmarcação',
      show: (v) => str((v as { reason?: string } | null)?.reason) || '—',
    },
    rescheduledTo: { label: 'Remarcado para', show: (v, c) => describeRef(c.lookup, 'appointments', v, c.timeZone) },
    receivable: { label: 'Cobrança', show: () => 'gerada' },
  },
};

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

const BUDGET: CollectionDescriber = {
  noun: 'Orçamento',
  title: (doc, lookup) =>
    `Orçamento nº ${typeof doc.budgetNumber === 'number' ? doc.budgetNumber : '—'} de ${nameOr(lookup, 'patients', doc.patient)}`,
  fields: {
    type: choice('Tipo', { dental: 'Odontológico', medical: 'Médico', aesthetic: 'Estético' }),
    budgetNumber: number('Número'),
    status: choice('Situação', BUDGET_STATUS),
    items: counted('Itens', 'item', 'itens'),
    value: reais('Valor'),
    approvedBy: ref('Aprovado por', 'users'),
    approvedAt: moment('Aprovado em'),
    disapprovedBy: ref('Reprovado por', 'users'),
    disapprovedAt: moment('Reprovado em'),
    disapprovalReason: text('Motivo da reprovação'),
    validUntil: date('Válido até'),
    executedAt: moment('Executado em'),
    expiredAt: moment('Vencido em'),
    paymentInformation: {
      label: 'Pagamento',
      show: (v) => {
        const p = (v ?? {}) as { quantity?: number; parcelValue?: number; entry?: number; method?: string };
        const parcels = p.quantity ? `${p.quantity}× de ${reaisText(p.parcelValue)}` : '';
        const entry = p.entry ? `entrada de ${reaisText(p.entry)}` : '';
        const method = p.method ? (PAYMENT_METHOD[p.method] ?? p.method) : '';
        return [parcels, entry, method].filter(Boolean).join(', ') || '—';
      },
    },
  },
};

function reaisText(reaisValue: unknown): string {
  return typeof reaisValue === 'number' ? money(reaisValue) : '—';
}

const RECEIVABLE_STATUS = { open: 'Em aberto', paid: 'Paga', cancelled: 'Cancelada' };

const RECEIVABLE: CollectionDescriber = {
  noun: 'Cobrança',
  title: (doc, lookup) => {
    const amount = typeof doc.amountCentavos === 'number' ? `, ${moneyCentavos(doc.amountCentavos)}` : '';
    const due = str(doc.dueDate) ? `, vencimento ${day(str(doc.dueDate))}` : '';
    return `Cobrança de ${nameOr(lookup, 'patients', doc.patient)}${amount}${due}`;
  },
  fields: {
    appointment: { label: 'Consulta', show: (v, c) => describeRef(c.lookup, 'appointments', v, c.timeZone) },
    amountCentavos: centavos('Valor'),
    dueDate: date('Vencimento'),
    description: text('Descrição'),
    paymentMethod: choice('Forma de pagamento', PAYMENT_METHOD),
    status: choice('Situação', RECEIVABLE_STATUS),
  },
};

const BLOCK: CollectionDescriber = {
  noun: 'Bloqueio de agenda',
  title: (doc, lookup, zone) =>
    `Bloqueio da agenda de ${nameOr(lookup, 'users', doc.professional)}, ${shortInstant(str(doc.start), zone)}–${time(str(doc.end), zone)}`,
  fields: { start: moment('Início'), end: moment('Fim'), reason: text('Motivo') },
};

const WAIT_LIST: CollectionDescriber = {
  noun: 'Lista de espera',
  title: (doc, lookup) => `Lista de espera: ${nameOr(lookup, 'patients', doc.patient)}`,
  fields: { periods: periods('Períodos preferidos'), priority: choice('Prioridade', PRIORITY) },
};

const TICKET: CollectionDescriber = {
  noun: 'Senha de atendimento',
  title: (doc) => `Senha ${str(doc.code)}${str(doc.day) ? ` de ${day(str(doc.day))}` : ''}`,
  fields: {
    day: date('Dia'),
    code: text('Senha'),
    number: number('Número'),
    service: text('Serviço'),
    class: choice('Tipo', { normal: 'Normal', priority: 'Prioritária', super: 'Prioritária (80+)' }),
    priorityReason: choice('Prioridade', {
      elderly: 'Pessoa idosa (60+)',
      elderly80: 'Pessoa idosa (80+)',
      pregnant: 'Gestante',
      lactating: 'Lactante',
      lapInfant: 'Pessoa com criança de colo',
      disabled: 'Pessoa com deficiência',
      autism: 'Pessoa com autismo',
      reducedMobility: 'Mobilidade reduzida',
      obesity: 'Pessoa obesa',
      bloodDonor: 'Doador(a) de sangue',
    }),
    status: choice('Situação', { waiting: 'Aguardando', called: 'Chamada', started: 'Em atendimento' }),
    appointment: { label: 'Consulta', show: (v, c) => describeRef(c.lookup, 'appointments', v, c.timeZone) },
    issuedAt: moment('Emitida em'),
    calledAt: moment('Chamada em'),
    lastCalledAt: moment('Última chamada'),
    calledBy: ref('Chamada por', 'users'),
    recalls: number('Rechamadas'),
    startedAt: moment('Atendimento iniciado em'),
  },
};

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

const INSURANCE: CollectionDescriber = {
  noun: 'Convênio',
  title: named('Convênio'),
  fields: {
    legalName: text('Razão social'),
    ansRegistry: text('Registro ANS'),
    tissVersion: text('Versão TISS'),
    providerCode: text('Código do prestador'),
    priceTable: ref('Tabela de preços', 'price_tables'),
    returnDays: number('Prazo de retorno', ' dias'),
    plans: names('Planos', 'name'),
  },
};

const PRICE: CollectionDescriber = {
  noun: 'Preço',
  title: (doc, lookup) =>
    `Preço de ${nameOr(lookup, 'events', doc.event)} na tabela ${nameOr(lookup, 'price_tables', doc.priceTable)}`,
  fields: {
    priceTable: ref('Tabela de preços', 'price_tables'),
    event: ref('Procedimento', 'events'),
    insurancePlan: text('Plano'),
    value: reais('Valor'),
  },
};

const MESSAGE: CollectionDescriber = {
  noun: 'Mensagem',
  title: (doc) => {
    const channel = { email: 'e-mail', whatsapp: 'WhatsApp', sms: 'SMS', webhook: 'integração' }[str(doc.channel)];
    return `Mensagem${channel ? ` por ${channel}` : ''}${str(doc.to) ? ` para ${str(doc.to)}` : ''}`;
  },
  fields: {
    channel: choice('Canal', { email: 'E-mail', whatsapp: 'WhatsApp', sms: 'SMS', webhook: 'Integração' }),
    to: text('Destinatário'),
    status: choice('Situação', { pending: 'Na fila', sending: 'Enviando', sent: 'Enviada', failed: 'Não enviada' }),
    attempts: number('Tentativas'),
    nextAttemptAt: moment('Próxima tentativa'),
    lastError: text('Último erro'),
    sentAt: moment('Enviada em'),
    attachments: counted('Anexos', 'anexo', 'anexos'),
  },
};

/** Every describer, by collection name. */
export const DESCRIBERS: Readonly<Record<string, CollectionDescriber>> = {
  ...MEDICAL_RECORD_DESCRIBERS,
  ...FINANCE_DESCRIBERS,
  ...INVENTORY_DESCRIBERS,
  ...CHAT_DESCRIBERS,
  appointments: APPOINTMENT,
  patients: PATIENT,
  budgets: BUDGET,
  receivables: RECEIVABLE,
  schedule_blocks: BLOCK,
  wait_list: WAIT_LIST,
  tickets: TICKET,
  users: USER,
  clinics: CLINIC,
  events: EVENT,
  specialties: {
    noun: 'Especialidade',
    title: named('Especialidade'),
    fields: { cbo: text('CBO'), council: text('Conselho') },
  },
  insurances: INSURANCE,
  price_tables: {
    noun: 'Tabela de preços',
    title: named('Tabela de preços'),
    fields: { description: text('Descrição') },
  },
  prices: PRICE,
  outbox_messages: MESSAGE,
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
};

/** The describer of `collection`: its own, or a plain one ("Registro") for a collection without. */
export function describerOf(collection: string): CollectionDescriber {
  return DESCRIBERS[collection] ?? { noun: 'Registro', title: () => 'Registro', fields: {} };
}

/** The zone a record's instants are said in: its own, its clinic's, else the default. */
export function zoneOf(doc: Doc, lookup: Lookup): string {
  if (str(doc.timeZone)) return str(doc.timeZone);
  const clinic = lookup.get('clinics', doc.clinic);
  return str(clinic?.timeZone) || DEFAULT_TIME_ZONE;
}

/** A referenced record by its title ("Consulta de …"), or a phrase when this desk does not hold it. */
export function describeRef(lookup: Lookup, collection: string, id: unknown, timeZone: string): string {
  const doc = lookup.get(collection, id);
  if (!doc) return nameOr(lookup, collection, id);
  return describerOf(collection).title(doc, lookup, str(doc.timeZone) || timeZone);
}
