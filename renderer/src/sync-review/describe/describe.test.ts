import { describe, expect, it } from 'vitest';
import { describeEntry, isClash, reasonInWords } from './describe.js';
import { DESCRIBERS } from './collections.js';
import { cpf, day, instant, money, moneyCentavos, phone } from '#core/sync/review/formats.js';
import { lookupOf } from './lookup.js';
import { APPOINTMENT_STATUS, BUDGET_STATUS, PRIORITY, ROLE } from '#core/sync/review/fields.js';
import { ptBR } from '../../i18n/pt-BR.js';
import { waitListPtBR } from '../../i18n/waitlist.pt-BR.js';

const ID = (n: number) => `0193a1c2-7b3e-7cc1-9a52-${String(n).padStart(12, '0')}`;
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-/i;
const ISO = /\d{4}-\d{2}-\d{2}/;

const clinic = { id: ID(1), name: 'Centro', timeZone: 'America/Sao_Paulo' };
const maria = { id: ID(2), name: 'Maria Silva', cellPhone: '+5511987654321' };
const lucia = { id: ID(3), name: 'Lúcia Souza' };
const helena = { id: ID(4), name: 'Dra. Helena' };
const lookup = lookupOf({ clinics: [clinic], patients: [maria, lucia], users: [helena] });

const appointment = {
  id: ID(10),
  tenantId: ID(99),
  clinic: clinic.id,
  patient: maria.id,
  professional: helena.id,
  start: '2026-11-25T15:00:00.000-03:00',
  end: '2026-11-25T15:30:00.000-03:00',
  startUtc: '2026-11-25T18:00:00.000Z',
  endUtc: '2026-11-25T18:30:00.000Z',
  timeZone: 'America/Sao_Paulo',
  status: 1,
  selfBooked: false,
  overbooking: false,
  events: [],
  history: [],
  createdAt: '2026-11-24T10:00:00-03:00',
  updatedAt: '2026-11-24T10:00:00-03:00',
};

/** Nothing a person cannot read: no ids, no ISO dates, no English field names, no JSON. */
function expectReadable(text: string): void {
  expect(text).not.toMatch(UUID);
  expect(text).not.toMatch(ISO);
  expect(text).not.toMatch(/startUtc|selfBooked|clinic\b|\{"/);
}

describe('formats', () => {
  it('writes dates, times, money, phones and CPFs the Brazilian way', () => {
    expect(day('2026-11-25')).toBe('25/11/2026');
    expect(instant('2026-11-25T18:00:00.000Z', 'America/Sao_Paulo')).toBe('25/11/2026 às 15:00');
    expect(instant('2026-11-25T18:00:00.000Z', 'America/Manaus')).toBe('25/11/2026 às 14:00');
    expect(money(1234.56)).toBe('R$ 1.234,56');
    expect(moneyCentavos(123456)).toBe('R$ 1.234,56');
    expect(phone('+5511987654321')).toBe('(11) 98765-4321');
    expect(phone('1133334444')).toBe('(11) 3333-4444');
    expect(cpf('52998224725')).toBe('529.982.247-25');
  });
});

describe('describeEntry', () => {
  it('names an appointment as the reception does and says statuses by name', () => {
    const described = describeEntry(
      {
        kind: 'rejection',
        collection: 'appointments',
        document: { ...appointment, status: 3, updatedAt: '2026-11-25T15:02:00-03:00' },
        master: appointment,
        reasons: [{ path: 'status', message: 'a tabela de status não permite 1 → 3' }],
      },
      lookup,
    );
    expect(described.title).toBe('Consulta de Maria Silva, 25/11 às 15:00, Dra. Helena');
    expect(described.fields).toEqual([{ field: 'status', label: 'Situação', mine: 'Chamado', server: 'Agendado' }]);
    expect(described.reasons).toEqual(['Situação: a tabela de status não permite Agendado → Chamado']);
    expect(described.situation).toBe('refused');
    expect(described.explanation).toMatch(/não aceitou/);
  });

  it('shows only the patient fields that differ, labelled and formatted, with no id', () => {
    const patient = {
      id: maria.id,
      tenantId: ID(99),
      name: 'Maria Silva',
      nameKey: 'maria silva',
      cellPhone: '+5511987654321',
      birthDate: '1980-03-09',
      insurances: [],
      allergies: [],
      active: true,
      updatedAt: '2026-11-24T10:00:00-03:00',
    };
    const described = describeEntry(
      {
        kind: 'conflict',
        collection: 'patients',
        document: { ...patient, cellPhone: '+5511912345678', birthDate: '1980-03-19', updatedAt: 'x' },
        master: patient,
        reasons: [{ path: '', message: 'o registro foi alterado em outro lugar; prevaleceu a versão do servidor' }],
      },
      lookup,
    );
    expect(described.title).toBe('Paciente Maria Silva');
    expect(described.fields).toEqual([
      { field: 'cellPhone', label: 'Celular', mine: '(11) 91234-5678', server: '(11) 98765-4321' },
      { field: 'birthDate', label: 'Data de nascimento', mine: '19/03/1980', server: '09/03/1980' },
    ]);
    expect(described.situation).toBe('lost');
    expectReadable(
      [
        described.title,
        described.explanation,
        ...described.reasons,
        ...described.fields.flatMap((f) => [f.label, f.mine, f.server]),
      ].join(' | '),
    );
  });

  it('names a budget by number and patient, with money in reais', () => {
    const budget = { id: ID(20), budgetNumber: 42, patient: lucia.id, clinic: clinic.id, value: 1234.56, status: 1 };
    const described = describeEntry(
      {
        kind: 'conflict',
        collection: 'budgets',
        document: { ...budget, status: 2, value: 1500 },
        master: budget,
        reasons: [],
      },
      lookup,
    );
    expect(described.title).toBe('Orçamento nº 42 de Lúcia Souza');
    expect(described.fields).toEqual([
      { field: 'value', label: 'Valor', mine: 'R$ 1.500,00', server: 'R$ 1.234,56' },
      { field: 'status', label: 'Situação', mine: 'Aprovado', server: 'Aguardando aprovação' },
    ]);
  });

  it('tells a double booking apart and names the patient in the way instead of "outro paciente"', () => {
    const other = { ...appointment, id: ID(11), patient: lucia.id };
    const withOther = lookupOf({ clinics: [clinic], patients: [maria, lucia], users: [helena], appointments: [other] });
    const entry = {
      kind: 'conflict' as const,
      collection: 'appointments',
      document: appointment,
      master: null,
      reasons: [
        {
          path: 'start',
          message: 'Já há agendamento de outro paciente das 15:00 às 15:30',
          ref: { collection: 'appointments', id: other.id },
        },
      ],
    };
    expect(isClash(entry)).toBe(true);
    const described = describeEntry(entry, withOther);
    expect(described.situation).toBe('clash');
    expect(described.reasons).toEqual(['Início: Já há agendamento de Lúcia Souza das 15:00 às 15:30']);
    expect(described.explanation).not.toMatch(/não guardou outra versão/);
  });

  it('tells two charges of one appointment apart as a clash, not a lost version', () => {
    const entry = {
      kind: 'conflict' as const,
      collection: 'receivables',
      document: { id: ID(70), patient: maria.id, appointment: ID(10), amountCentavos: 15000, dueDate: '2026-11-25' },
      master: null,
      reasons: [{ path: 'appointment', message: `consulta já cobrada por: ${ID(71)}` }],
    };
    expect(isClash(entry)).toBe(true);
    const described = describeEntry(entry, lookup);
    expect(described.title).toBe('Cobrança de Maria Silva, R$ 150,00, vencimento 25/11/2026');
    expect(described.explanation).toMatch(/Cancele um deles/);
    expect(described.reasons).toEqual(['Consulta: consulta já cobrada por: outro registro']);
    // A push over a purged booking lists no server version either, but is no clash.
    expect(isClash({ ...entry, collection: 'appointments', reasons: [{ path: '', message: 'excluído' }] })).toBe(false);
  });

  it('replaces ids in a reason by the record they name, or by words', () => {
    const other = { ...appointment, id: ID(11) };
    const withOther = lookupOf({ patients: [maria], users: [helena], appointments: [other] });
    expect(
      reasonInWords(
        'receivables',
        { path: 'appointment', message: `consulta já cobrada por: ${ID(11)}, ${ID(12)}` },
        withOther,
        'America/Sao_Paulo',
      ),
    ).toBe('Consulta: consulta já cobrada por: Consulta de Maria Silva, 25/11 às 15:00, Dra. Helena, outro registro');
  });

  it('says who a record names even when this desk does not hold it, never by its id', () => {
    const described = describeEntry(
      {
        kind: 'rejection',
        collection: 'wait_list',
        document: { patient: ID(50), priority: 'high', periods: [] },
        master: null,
        reasons: [],
      },
      lookupOf({}),
    );
    expect(described.title).toBe('Lista de espera: paciente não encontrado nesta estação');
    expect(described.fields).toEqual([
      { field: 'patient', label: 'Paciente', mine: 'paciente não encontrado nesta estação', server: null },
      { field: 'priority', label: 'Prioridade', mine: 'Alta', server: null },
    ]);
  });

  it('says a refused type in words and shows the refused value as sent', () => {
    const described = describeEntry(
      {
        kind: 'rejection',
        collection: 'patients',
        document: { id: ID(60), name: 'Joana', active: 'sim', allergies: [] },
        master: null,
        reasons: [{ path: 'active', message: 'deve ser boolean' }],
      },
      lookupOf({}),
    );
    expect(described.reasons).toEqual(['Ativo: deve ser sim ou não']);
    expect(described.fields).toEqual([
      { field: 'name', label: 'Nome', mine: 'Joana', server: null },
      { field: 'active', label: 'Ativo', mine: 'sim', server: null },
    ]);
  });

  it('has a describer for every collection a desk replicates, each titling a record without ids', async () => {
    const { allCollections } = await import('#core/catalogue.js');
    const { syncPermissions } = await import('#core/sync/record-rules.js');
    const replicated = allCollections.map((def) => def.name).filter((name) => syncPermissions(name).read !== '*');
    expect(replicated.filter((name) => !DESCRIBERS[name])).toEqual([]);
    for (const name of replicated) {
      const title = DESCRIBERS[name]!.title(
        { ...appointment, name: 'X', code: 'N001', day: '2026-11-25' },
        lookup,
        'America/Sao_Paulo',
      );
      expect(title.length).toBeGreaterThan(3);
      expectReadable(title);
    }
  });

  it("names statuses, roles and priorities with the desk's own words (core's describers hold a copy)", () => {
    const words = (prefix: string, table: Record<string, string>) =>
      Object.fromEntries(
        Object.entries(table)
          .filter(([key]) => key.startsWith(prefix) && /^[\w]+$/.test(key.slice(prefix.length)))
          .map(([key, word]) => [key.slice(prefix.length), word]),
      );
    expect(APPOINTMENT_STATUS).toEqual(words('appointment.status.', ptBR));
    expect(BUDGET_STATUS).toEqual(words('budget.status.', ptBR));
    expect(ROLE).toEqual(words('role.', ptBR));
    expect(PRIORITY).toEqual(words('waitlist.priority.', waitListPtBR));
  });
});
