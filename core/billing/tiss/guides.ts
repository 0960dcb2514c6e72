/**
 * The two guides of this slice as TISS 4.01.00 trees: guia de consulta (ctm_consultaGuia) and guia
 * de SP/SADT (ctm_sp-sadtGuia). Element order follows the schema's sequences exactly; optional
 * elements with no value are left out.
 */
import { guideTotals } from './guide-totals.js';
import { plainPunctuation } from './latin1.js';
import { lineCentavos, tissDecimal } from './money-text.js';
import type { TissGuide, TissItem, TissProfessional, TissProvider } from './tiss-data.js';
import { leaf, node, optionalLeaf, type TissNode } from './xml-tree.js';

/**
 * Free text as the schema takes it: typographic punctuation made plain, cut to the schema's length
 * (the operator's system refuses a longer value; the full text stays on the attendance).
 */
export function cut(text: string, max: number): string {
  return plainPunctuation(text).trim().slice(0, max);
}

/** ct_contratadoDados: the operator's provider code when it gave one, else the clinic's CNPJ. */
export function contractorCode(provider: TissProvider): TissNode {
  return provider.providerCode
    ? leaf('codigoPrestadorNaOperadora', provider.providerCode)
    : leaf('cnpjContratado', provider.cnpj ?? '');
}

function professional(name: string, who: TissProfessional): TissNode {
  return node(name, [
    leaf('nomeProfissional', cut(who.name, 70)),
    leaf('conselhoProfissional', who.council),
    leaf('numeroConselhoProfissional', cut(who.councilNumber, 15)),
    leaf('UF', who.state),
    leaf('CBOS', who.cbo),
  ]);
}

/** ct_beneficiarioDados: card number and newborn flag. */
export function beneficiary(guide: TissGuide): TissNode {
  return node('dadosBeneficiario', [
    leaf('numeroCarteira', cut(guide.cardNumber, 20)),
    leaf('atendimentoRN', guide.newborn ? 'S' : 'N'),
  ]);
}

/** The consultation's procedure: its first procedure line (a consultation guide bills one). */
function consultationProcedure(guide: TissGuide): TissItem | undefined {
  return guide.items.find((i) => !i.expenseCode);
}

/** `guiaConsulta` of one guide. */
export function consultationGuide(guide: TissGuide, provider: TissProvider, ansRegistry: string): TissNode {
  const procedure = consultationProcedure(guide);
  return node('guiaConsulta', [
    node('cabecalhoConsulta', [leaf('registroANS', ansRegistry), leaf('numeroGuiaPrestador', guide.guideNumber)]),
    optionalLeaf('numeroGuiaOperadora', guide.authorizationCode),
    beneficiary(guide),
    node('contratadoExecutante', [contractorCode(provider), leaf('CNES', provider.cnes)]),
    professional('profissionalExecutante', guide.professional),
    leaf('indicacaoAcidente', '9'),
    node('dadosAtendimento', [
      leaf('regimeAtendimento', '01'),
      leaf('dataAtendimento', guide.date),
      leaf('tipoConsulta', guide.consultationType),
      node('procedimento', [
        leaf('codigoTabela', procedure?.table ?? '22'),
        leaf('codigoProcedimento', cut(procedure?.code ?? '', 10)),
        leaf('valorProcedimento', tissDecimal(procedure ? lineCentavos(procedure) : 0)),
      ]),
    ]),
    optionalLeaf('observacao', guide.notes && cut(guide.notes, 500)),
  ]);
}

function executedProcedure(item: TissItem, sequence: number): TissNode {
  return node('procedimentoExecutado', [
    leaf('sequencialItem', sequence),
    leaf('dataExecucao', item.date),
    node('procedimento', [
      leaf('codigoTabela', item.table),
      leaf('codigoProcedimento', cut(item.code, 10)),
      leaf('descricaoProcedimento', cut(item.description, 150)),
    ]),
    leaf('quantidadeExecutada', item.quantity),
    leaf('reducaoAcrescimo', '1.00'),
    leaf('valorUnitario', tissDecimal(item.unitCentavos)),
    leaf('valorTotal', tissDecimal(lineCentavos(item))),
  ]);
}

/** One `despesa` of ct_outrasDespesas (materials, medicines, fees…), numbered after the procedures. */
export function otherExpense(item: TissItem, sequence: number): TissNode {
  return node('despesa', [
    leaf('sequencialItem', sequence),
    leaf('codigoDespesa', item.expenseCode ?? '03'),
    node('servicosExecutados', [
      leaf('dataExecucao', item.date),
      leaf('codigoTabela', item.table),
      leaf('codigoProcedimento', cut(item.code, 10)),
      leaf('quantidadeExecutada', `${item.quantity}.0000`),
      leaf('unidadeMedida', '036'),
      leaf('reducaoAcrescimo', '1.00'),
      leaf('valorUnitario', tissDecimal(item.unitCentavos)),
      leaf('valorTotal', tissDecimal(lineCentavos(item))),
      leaf('descricaoProcedimento', cut(item.description, 150)),
    ]),
  ]);
}

/** `guiaSP-SADT` of one guide: the professional requests and executes (a clinic's own exams and procedures). */
export function spSadtGuide(guide: TissGuide, provider: TissProvider, ansRegistry: string): TissNode {
  const procedures = guide.items.filter((i) => !i.expenseCode);
  const expenses = guide.items.filter((i) => i.expenseCode);
  const totals = guideTotals(guide.items);
  const money = (centavos: number, name: string) => (centavos > 0 ? leaf(name, tissDecimal(centavos)) : undefined);
  return node('guiaSP-SADT', [
    node('cabecalhoGuia', [leaf('registroANS', ansRegistry), leaf('numeroGuiaPrestador', guide.guideNumber)]),
    guide.authorizationCode
      ? node('dadosAutorizacao', [
          leaf('numeroGuiaOperadora', cut(guide.authorizationCode, 20)),
          leaf('dataAutorizacao', guide.authorizationDate ?? guide.date),
          leaf('senha', cut(guide.authorizationCode, 20)),
        ])
      : undefined,
    beneficiary(guide),
    node('dadosSolicitante', [
      node('contratadoSolicitante', [contractorCode(provider)]),
      leaf('nomeContratadoSolicitante', cut(provider.name, 70)),
      professional('profissionalSolicitante', guide.professional),
    ]),
    node('dadosSolicitacao', [leaf('dataSolicitacao', guide.date), leaf('caraterAtendimento', '1')]),
    node('dadosExecutante', [node('contratadoExecutante', [contractorCode(provider)]), leaf('CNES', provider.cnes)]),
    node('dadosAtendimento', [
      leaf('tipoAtendimento', '23'),
      leaf('indicacaoAcidente', '9'),
      leaf('tipoConsulta', guide.consultationType),
      leaf('regimeAtendimento', '01'),
    ]),
    procedures.length
      ? node(
          'procedimentosExecutados',
          procedures.map((item, i) => executedProcedure(item, i + 1)),
        )
      : undefined,
    expenses.length
      ? node(
          'outrasDespesas',
          expenses.map((item, i) => otherExpense(item, procedures.length + i + 1)),
        )
      : undefined,
    optionalLeaf('observacao', guide.notes && cut(guide.notes, 500)),
    node('valorTotal', [
      money(totals.procedures, 'valorProcedimentos'),
      money(totals.dailyRates, 'valorDiarias'),
      money(totals.feesAndRentals, 'valorTaxasAlugueis'),
      money(totals.materials, 'valorMateriais'),
      money(totals.medicines, 'valorMedicamentos'),
      money(totals.opme, 'valorOPME'),
      money(totals.gases, 'valorGasesMedicinais'),
      leaf('valorTotalGeral', tissDecimal(totals.total)),
    ]),
  ]);
}
