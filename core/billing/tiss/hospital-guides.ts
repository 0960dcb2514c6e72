/**
 * The two hospital guides of TISS 4.01.00: guia de honorários individuais (`guiaHonorarios`,
 * ctm_honorarioIndividualGuia: the fees of a professional who worked in a hospital, billed by the
 * clinic apart from the hospital's account) and guia de resumo de internação (`guiaResumoInternacao`,
 * ctm_internacaoResumoGuia: the whole stay billed by who hosted it). Element order follows the
 * schema's sequences; optional elements with no value are left out.
 */
import { guideTotals } from './guide-totals.js';
import { beneficiary, contractorCode, cut, otherExpense } from './guides.js';
import { lineCentavos, tissDecimal } from './money-text.js';
import type { TissGuide, TissItem, TissProvider, TissStay, TissTeamMember } from './tiss-data.js';
import { leaf, node, optionalLeaf, type TissNode } from './xml-tree.js';

/** The stay of `guide`; the builders refuse a hospital guide without one, so this never throws in use. */
function stayOf(guide: TissGuide): TissStay {
  if (!guide.stay) throw new Error(`guia ${guide.guideNumber} sem dados de internação`);
  return guide.stay;
}

/** The team of a line: the ones recorded, else the guide's professional as surgeon/main (`00`). */
function teamOf(item: TissItem, guide: TissGuide): readonly TissTeamMember[] {
  return item.team?.length ? item.team : [{ ...guide.professional, role: '00' }];
}

// The professional's code at the operator is their council number until insurers' own codes are a
// setting (as the GTO's codigoProfExec, TISS-019).
const professionalCode = (who: TissTeamMember) =>
  node('codProfissional', [leaf('codigoPrestadorNaOperadora', cut(who.councilNumber, 14))]);

function procedureData(item: TissItem): TissNode {
  return node('procedimento', [
    leaf('codigoTabela', item.table),
    leaf('codigoProcedimento', cut(item.code, 10)),
    leaf('descricaoProcedimento', cut(item.description, 150)),
  ]);
}

/** The common head of an executed line (ct_procedimentoExecutadoInt / …HonorIndiv). */
function lineHead(item: TissItem, sequence: number): TissNode[] {
  return [
    leaf('sequencialItem', sequence),
    leaf('dataExecucao', item.date),
    procedureData(item),
    leaf('quantidadeExecutada', item.quantity),
    leaf('reducaoAcrescimo', '1.00'),
    leaf('valorUnitario', tissDecimal(item.unitCentavos)),
    leaf('valorTotal', tissDecimal(lineCentavos(item))),
  ];
}

function honoraryLine(item: TissItem, sequence: number, guide: TissGuide): TissNode {
  return node('procedimentoRealizado', [
    ...lineHead(item, sequence),
    ...teamOf(item, guide).map((who) =>
      node('profissionais', [
        leaf('grauParticipacao', who.role),
        professionalCode(who),
        leaf('nomeProfissional', cut(who.name, 70)),
        leaf('conselhoProfissional', who.council),
        leaf('numeroConselhoProfissional', cut(who.councilNumber, 15)),
        leaf('UF', who.state),
        leaf('CBO', who.cbo),
      ]),
    ),
  ]);
}

/** `guiaHonorarios` of one guide: the clinic executes, the stay's hospital is where. */
export function honoraryGuide(guide: TissGuide, provider: TissProvider, ansRegistry: string): TissNode {
  const stay = stayOf(guide);
  const hospital = stay.hospital ?? {
    name: provider.name,
    providerCode: provider.providerCode,
    cnpj: provider.cnpj,
    cnes: provider.cnes,
  };
  const procedures = guide.items.filter((i) => !i.expenseCode);
  const total = procedures.reduce((sum, item) => sum + lineCentavos(item), 0);
  return node('guiaHonorarios', [
    node('cabecalhoGuia', [leaf('registroANS', ansRegistry), leaf('numeroGuiaPrestador', guide.guideNumber)]),
    leaf('guiaSolicInternacao', cut(stay.requestGuide, 20)),
    optionalLeaf('senha', guide.authorizationCode && cut(guide.authorizationCode, 20)),
    node('beneficiario', [
      leaf('numeroCarteira', cut(guide.cardNumber, 20)),
      leaf('atendimentoRN', guide.newborn ? 'S' : 'N'),
    ]),
    node('localContratado', [
      node('codigoContratado', [
        hospital.providerCode
          ? leaf('codigoNaOperadora', cut(hospital.providerCode, 14))
          : leaf('cnpjLocalExecutante', hospital.cnpj ?? ''),
      ]),
      leaf('nomeContratado', cut(hospital.name, 70)),
      leaf('cnes', hospital.cnes),
    ]),
    node('dadosContratadoExecutante', [
      leaf('codigonaOperadora', cut(provider.providerCode ?? provider.cnpj ?? '', 14)),
      leaf('cnesContratadoExecutante', provider.cnes),
    ]),
    node('dadosInternacao', [leaf('dataInicioFaturamento', stay.start), leaf('dataFimFaturamento', stay.end)]),
    node(
      'procedimentosRealizados',
      procedures.map((item, i) => honoraryLine(item, i + 1, guide)),
    ),
    optionalLeaf('observacao', guide.notes && cut(guide.notes, 500)),
    leaf('valorTotalHonorarios', tissDecimal(total)),
    leaf('dataEmissaoGuia', guide.date),
  ]);
}

function stayLine(item: TissItem, sequence: number, guide: TissGuide): TissNode {
  return node('procedimentoExecutado', [
    ...lineHead(item, sequence),
    ...teamOf(item, guide).map((who) =>
      node('identEquipe', [
        node('identificacaoEquipe', [
          leaf('grauPart', who.role),
          professionalCode(who),
          leaf('nomeProf', cut(who.name, 70)),
          leaf('conselho', who.council),
          leaf('numeroConselhoProfissional', cut(who.councilNumber, 15)),
          leaf('UF', who.state),
          leaf('CBOS', who.cbo),
        ]),
      ]),
    ),
  ]);
}

/** `guiaResumoInternacao` of one guide: the stay, its exit, procedures with their team, other expenses. */
export function stayGuide(guide: TissGuide, provider: TissProvider, ansRegistry: string): TissNode {
  const stay = stayOf(guide);
  const procedures = guide.items.filter((i) => !i.expenseCode);
  const expenses = guide.items.filter((i) => i.expenseCode);
  const totals = guideTotals(guide.items);
  const money = (centavos: number, name: string) => (centavos > 0 ? leaf(name, tissDecimal(centavos)) : undefined);
  return node('guiaResumoInternacao', [
    node('cabecalhoGuia', [leaf('registroANS', ansRegistry), leaf('numeroGuiaPrestador', guide.guideNumber)]),
    leaf('numeroGuiaSolicitacaoInternacao', cut(stay.requestGuide, 20)),
    node('dadosAutorizacao', [
      leaf('dataAutorizacao', guide.authorizationDate ?? stay.start),
      leaf('senha', cut(guide.authorizationCode ?? '', 20)),
    ]),
    beneficiary(guide),
    node('dadosExecutante', [node('contratadoExecutante', [contractorCode(provider)]), leaf('CNES', provider.cnes)]),
    node('dadosInternacao', [
      leaf('caraterAtendimento', stay.character),
      leaf('tipoFaturamento', stay.billingType),
      leaf('dataInicioFaturamento', stay.start),
      leaf('horaInicioFaturamento', stay.startTime),
      leaf('dataFinalFaturamento', stay.end),
      leaf('horaFinalFaturamento', stay.endTime),
      leaf('tipoInternacao', stay.admissionType),
      leaf('regimeInternacao', stay.regime),
    ]),
    node('dadosSaidaInternacao', [
      ...stay.diagnoses.slice(0, 4).map((cid) => leaf('diagnostico', cid.replace('.', '').slice(0, 4))),
      leaf('indicadorAcidente', stay.accident),
      leaf('motivoEncerramento', stay.exitReason),
    ]),
    procedures.length
      ? node(
          'procedimentosExecutados',
          procedures.map((item, i) => stayLine(item, i + 1, guide)),
        )
      : undefined,
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
    expenses.length
      ? node(
          'outrasDespesas',
          expenses.map((item, i) => otherExpense(item, procedures.length + i + 1)),
        )
      : undefined,
    optionalLeaf('observacao', guide.notes && cut(guide.notes, 500)),
  ]);
}
