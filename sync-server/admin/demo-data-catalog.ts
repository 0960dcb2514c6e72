/**
 * The fixed part of the demo account: a fictitious clinic in São Paulo, its specialties (real CBO
 * codes), fictitious insurances (ANS numbers in the unused 9xxxxx range) and the services it prices.
 * TUSS codes are only used for the few procedures whose code is certain; the rest are the clinic's own.
 */

/** Specialties with their CBO code and council. */
export const DEMO_SPECIALTIES = [
  { name: 'Clínica médica', cbo: '225125', council: 'CRM' },
  { name: 'Pediatria', cbo: '225124', council: 'CRM' },
  { name: 'Ginecologia e obstetrícia', cbo: '225250', council: 'CRM' },
  { name: 'Cardiologia', cbo: '225120', council: 'CRM' },
  { name: 'Dermatologia', cbo: '225135', council: 'CRM' },
  { name: 'Odontologia', cbo: '223208', council: 'CRO' },
  { name: 'Psicologia', cbo: '251510', council: 'CRP' },
  { name: 'Fisioterapia', cbo: '223605', council: 'CREFITO' },
  { name: 'Nutrição', cbo: '223710', council: 'CRN' },
] as const;

/** Professionals: name, council (with the specialty's index above). Fictitious names. */
export const DEMO_PROFESSIONALS = [
  { name: 'Dra. Helena Martins Duarte', specialty: 0, council: 'CRM' },
  { name: 'Dr. Ricardo Azevedo Prado', specialty: 1, council: 'CRM' },
  { name: 'Dra. Camila Ferraz Nogueira', specialty: 2, council: 'CRM' },
  { name: 'Dr. Otávio Brandão Lemos', specialty: 3, council: 'CRM' },
  { name: 'Dra. Luana Teles Vasconcelos', specialty: 5, council: 'CRO' },
  { name: 'Marina Quintela Rocha', specialty: 6, council: 'CRP' },
  { name: 'Thiago Sardinha Paes', specialty: 7, council: 'CREFITO' },
  { name: 'Renata Bastos Figueira', specialty: 8, council: 'CRN' },
] as const;

/** The clinic (CNPJ, CNES and address are generated/fictitious). */
export const DEMO_CLINIC = {
  legalName: 'Bem Viver Serviços Médicos Ltda. (demonstração)',
  email: 'contato@example.com',
  phone: '(11) 3000-0000',
  address: {
    zipCode: '04000-000',
    street: 'Rua das Acácias',
    number: '100',
    district: 'Vila Demonstração',
    city: 'São Paulo',
    state: 'SP',
  },
  timeZone: 'America/Sao_Paulo',
  openingHours: [1, 2, 3, 4, 5]
    .map((weekday) => ({ weekday, opens: '07:00', closes: '19:00' }))
    .concat([{ weekday: 6, opens: '08:00', closes: '12:00' }]),
  places: [
    { name: 'Guichê 1', kind: 'desk', ticketPrefix: 'G' },
    { name: 'Guichê 2', kind: 'desk', ticketPrefix: 'G' },
    { name: 'Consultório 1', kind: 'room' },
    { name: 'Consultório 2', kind: 'room' },
    { name: 'Consultório 3', kind: 'room' },
    { name: 'Sala de exames', kind: 'room' },
    { name: 'Totem — particular', kind: 'totem', ticketPrefix: 'P' },
    { name: 'Totem — convênios', kind: 'totem', ticketPrefix: 'C' },
  ],
} as const;

/** The price list as the clinic would keep it in a spreadsheet: imported through the CSV import. */
export const DEMO_PRICE_CSV = [
  'Código;Descrição;Valor (R$);Tipo;Tabela',
  '10101012;Consulta em consultório (no horário normal ou preestabelecido);350,00;consulta;22',
  '10101039;Consulta em pronto socorro;420,00;consulta;22',
  '40301630;Hemograma com contagem de plaquetas ou frações;45,00;exame;22',
  '40302040;Glicose - pesquisa e/ou dosagem;18,50;exame;22',
  'BV-001;Retorno de consulta (até 30 dias);0,00;consulta;00',
  'BV-002;Consulta pediátrica com puericultura;380,00;consulta;00',
  'BV-003;Eletrocardiograma com laudo;120,00;exame;00',
  'BV-004;Aplicação de injetável intramuscular;35,00;procedimento;00',
  'BV-005;Sessão de fisioterapia motora;140,00;terapia;00',
  'BV-006;Sessão de psicoterapia individual (50 min);220,00;terapia;00',
  'BV-007;Avaliação nutricional com plano alimentar;260,00;consulta;00',
  'BV-008;Profilaxia dental (limpeza);180,00;procedimento;00',
  'BV-009;Restauração em resina (1 face);240,00;procedimento;00',
  'BV-010;Clareamento dental de consultório (pacote);1.200,00;pacote;00',
  'BV-011;Curativo simples;60,00;procedimento;00',
  'BV-012;Taxa de sala para pequenos procedimentos;95,00;taxa;00',
].join('\n');

/** Insurances: share of the private price each pays, and plans with a bonus on top. */
export const DEMO_INSURANCES = [
  { name: 'Vida Plena Saúde', ansRegistry: '900001', share: 0.55, plans: ['Enfermaria', 'Apartamento'] },
  { name: 'Amparo Assistência Médica', ansRegistry: '900002', share: 0.6, plans: ['Essencial', 'Executivo'] },
  { name: 'Horizonte Saúde Integral', ansRegistry: '900003', share: 0.5, plans: ['Regional', 'Nacional'] },
] as const;

/** Common allergies and vaccines a reception records. */
export const DEMO_ALLERGIES = ['Dipirona', 'Penicilina', 'Látex', 'Ácido acetilsalicílico', 'Iodo', 'Frutos do mar'];
export const DEMO_VACCINES = ['Influenza', 'Covid-19', 'Hepatite B', 'Febre amarela', 'Tétano e difteria (dT)'];
