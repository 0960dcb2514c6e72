/**
 * The protocols the project ships (MED-041): short summaries written for this project from the
 * Ministério da Saúde's public guidance, named in each `source`. They are a starting point the
 * clinic reviews and edits (an edit stores the clinic's copy, `basedOn` the shipped id); they are no
 * substitute for the guideline itself. Fixed ids, the same on every account.
 */
import type { MedicalProtocol } from './protocol-record.js';

/** A shipped protocol: the stored shape without tenant and stamps. */
export type SeedProtocol = Omit<MedicalProtocol, 'tenantId' | 'createdAt' | 'updatedAt' | 'nameKey' | 'basedOn'>;

/** The date the shipped texts were written (their `createdAt`/`updatedAt`). */
export const SEED_DATE = '2026-11-27T00:00:00-03:00';

export const SEED_PROTOCOLS: readonly SeedProtocol[] = [
  {
    id: '019a0000-0000-7000-8000-000000000101',
    name: 'Hipertensão arterial sistêmica: acompanhamento na atenção primária',
    cid10: ['I10'],
    symptoms: ['cefaleia', 'tontura', 'pressão alta'],
    illnesses: ['hipertensão arterial', 'pressão alta'],
    text: [
      '1. Confirmar o diagnóstico: PA ≥ 140/90 mmHg em ao menos duas consultas, técnica correta, manguito adequado.',
      '2. Estratificar o risco cardiovascular (tabagismo, diabetes, dislipidemia, lesão de órgão-alvo).',
      '3. Orientar mudanças de estilo de vida: menos sal, atividade física, peso, álcool, tabagismo.',
      '4. Iniciar tratamento medicamentoso conforme risco e níveis pressóricos; reavaliar em 30 dias.',
      '5. Retorno periódico conforme controle; exames anuais.',
    ].join('\n'),
    exams: ['Creatinina', 'Potássio', 'Glicemia de jejum', 'Perfil lipídico', 'Urina tipo 1', 'Eletrocardiograma'],
    prescriptions: ['Hidroclorotiazida 25 mg, 1 comprimido ao dia', 'Losartana 50 mg, 1 comprimido de 12/12 h'],
    source:
      'Ministério da Saúde, Cadernos de Atenção Básica nº 37 (Estratégias para o cuidado da pessoa com doença crônica: hipertensão arterial sistêmica), 2013',
    active: true,
  },
  {
    id: '019a0000-0000-7000-8000-000000000102',
    name: 'Diabetes mellitus tipo 2: acompanhamento na atenção primária',
    cid10: ['E11'],
    symptoms: ['poliúria', 'polidipsia', 'perda de peso', 'sede excessiva'],
    illnesses: ['diabetes', 'diabetes mellitus tipo 2', 'glicemia alta'],
    text: [
      '1. Confirmar o diagnóstico: glicemia de jejum ≥ 126 mg/dL (duas vezes), HbA1c ≥ 6,5% ou glicemia ao acaso ≥ 200 mg/dL com sintomas.',
      '2. Avaliar complicações: pés (sensibilidade, pulsos), fundo de olho, função renal, pressão arterial.',
      '3. Orientar alimentação, atividade física e automonitoramento.',
      '4. Iniciar metformina se não houver contraindicação; metas individualizadas de HbA1c.',
      '5. Reavaliar a cada 3 a 6 meses; exame dos pés e fundo de olho anuais.',
    ].join('\n'),
    exams: ['Hemoglobina glicada (HbA1c)', 'Glicemia de jejum', 'Creatinina', 'Microalbuminúria', 'Perfil lipídico'],
    prescriptions: ['Metformina 500 mg, 1 comprimido após o jantar, aumentando conforme tolerância'],
    source:
      'Ministério da Saúde, Cadernos de Atenção Básica nº 36 (Estratégias para o cuidado da pessoa com doença crônica: diabetes mellitus), 2013',
    active: true,
  },
  {
    id: '019a0000-0000-7000-8000-000000000103',
    name: 'Dengue: classificação de risco e manejo',
    cid10: ['A90', 'A91'],
    symptoms: ['febre', 'cefaleia', 'dor retro-orbitária', 'mialgia', 'artralgia', 'exantema', 'petéquias'],
    illnesses: ['dengue', 'arbovirose'],
    text: [
      '1. Suspeitar de dengue: febre de 2 a 7 dias com duas ou mais manifestações (cefaleia, dor retro-orbitária, mialgia, artralgia, exantema, náuseas, petéquias, prova do laço positiva).',
      '2. Pesquisar sinais de alarme (dor abdominal intensa, vômitos persistentes, acúmulo de líquidos, sangramento de mucosa, letargia, hepatomegalia, aumento do hematócrito) e de choque.',
      '3. Classificar em grupo A, B, C ou D e conduzir conforme o grupo.',
      '4. Grupo A: hidratação oral, paracetamol ou dipirona; evitar AINEs e ácido acetilsalicílico; orientar retorno imediato diante de sinais de alarme.',
      '5. Notificar o caso suspeito.',
    ].join('\n'),
    exams: ['Hemograma completo', 'NS1 ou sorologia IgM para dengue'],
    prescriptions: ['Dipirona 500 mg, 1 comprimido de 6/6 h se febre ou dor', 'Soro de reidratação oral conforme peso'],
    source: 'Ministério da Saúde, Dengue: diagnóstico e manejo clínico (adulto e criança), 6ª edição, 2024',
    active: true,
  },
];
