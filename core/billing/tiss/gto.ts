/**
 * The guia de tratamento odontológico (GTO, `guiaOdonto`, cto_guiaOdontologia of TISS 4.01.00) and a
 * batch of them, with each procedure's tooth (FDI, dm_dente) and faces (denteFace, the face letters
 * together: `OM`) or mouth region (dm_regiao), as the clinic's budget and treatment already record
 * them (core/budget: `tooth`, `toothFace`, `toothRegion`). Element order follows the schema.
 */
import type { BudgetItem } from '#core/budget/budget-record.js';
import { plainPunctuation } from './latin1.js';
import { lineCentavos, tissDecimal } from './money-text.js';
import type { TissBatch, TissGuide, TissItem, TissProvider } from './tiss-data.js';
import { leaf, node, optionalLeaf, type TissNode } from './xml-tree.js';

/** A dental procedure line: a TISS line with where in the mouth it was done (`tooth`, `faces`, `region`). */
export type TissDentalItem = TissItem;

/** A GTO: the guide's common data, the beneficiary's plan and the dental lines. */
export interface TissDentalGuide extends Omit<TissGuide, 'items' | 'consultationType'> {
  /** planoBeneficiario (≤ 40). */
  planName: string;
  /** dm_tipoAtendimentoOdonto: 1 tratamento, 2 radiologia, 3 ortodontia, 4 urgência, 5 auditoria. */
  attendanceType: '1' | '2' | '3' | '4' | '5';
  /** dm_tipoFaturamentoOdonto: 1 parcial, 4 total. */
  billingType: '1' | '4';
  /** Last day of the treatment, when it ended, `YYYY-MM-DD`. */
  treatmentEnd?: string;
  items: readonly TissDentalItem[];
}

/** A batch of GTOs. */
export interface TissDentalBatch extends Omit<TissBatch, 'guideType' | 'guides'> {
  guides: readonly TissDentalGuide[];
}

const cut = (text: string, max: number) => plainPunctuation(text).trim().slice(0, max);

function dentalLine(item: TissDentalItem, index: number): TissNode {
  const place = item.tooth ? leaf('codDente', item.tooth) : item.region ? leaf('codRegiao', item.region) : undefined;
  return node('procedimentosExecutados', [
    leaf('sequencialItem', index + 1),
    node('procSolic', [
      leaf('codigoTabela', item.table),
      leaf('codigoProcedimento', item.code),
      leaf('descricaoProcedimento', cut(item.description, 150)),
    ]),
    place ? node('denteRegiao', [place]) : undefined,
    item.tooth && item.faces?.length ? leaf('denteFace', item.faces.join('').slice(0, 5)) : undefined,
    leaf('qtdProc', item.quantity),
    leaf('valorProc', tissDecimal(lineCentavos(item))),
    leaf('autorizado', 'true'),
    leaf('dataRealizacao', item.date),
  ]);
}

/** `guiaOdonto` of one guide. */
export function dentalGuide(guide: TissDentalGuide, provider: TissProvider, ansRegistry: string): TissNode {
  const who = guide.professional;
  const total = guide.items.reduce((sum, item) => sum + lineCentavos(item), 0);
  return node('guiaOdonto', [
    leaf('registroANS', ansRegistry),
    leaf('numeroGuiaPrestador', guide.guideNumber),
    optionalLeaf('dataAutorizacao', guide.authorizationCode ? guide.authorizationDate : undefined),
    optionalLeaf('senhaAutorizacao', guide.authorizationCode),
    node('dadosBeneficiario', [
      leaf('numeroCarteira', cut(guide.cardNumber, 20)),
      leaf('atendimentoRN', guide.newborn ? 'S' : 'N'),
    ]),
    leaf('planoBeneficiario', cut(guide.planName, 40)),
    node('dadosProfissionaisResponsaveis', [
      // The executing dentist's code at the operator is their CRO number unless it assigned another.
      leaf('codigoProfExec', cut(who.councilNumber, 14)),
      leaf('croExec', cut(who.councilNumber, 15)),
      leaf('ufExec', who.state),
      leaf('cnesExec', provider.cnes),
      leaf('cbosExec2', who.cbo),
    ]),
    ...guide.items.map(dentalLine),
    optionalLeaf('dataTerminoTrat', guide.treatmentEnd),
    leaf('tipoAtendimento', guide.attendanceType),
    leaf('tipoFaturamento', guide.billingType),
    leaf('valorTotalProc', tissDecimal(total)),
    optionalLeaf('observacao', guide.notes ? cut(guide.notes, 500) : undefined),
  ]);
}

/**
 * A billed guide as a GTO: its plan's name, a treatment (tipoAtendimento 1) billed whole
 * (tipoFaturamento 4), the day of the attendance as the treatment's last day.
 */
export function dentalGuideOf(guide: TissGuide): TissDentalGuide {
  const { consultationType: _notDental, ...rest } = guide;
  return {
    ...rest,
    planName: guide.planName ?? 'Plano',
    attendanceType: '1',
    billingType: '4',
    treatmentEnd: guide.date,
  };
}

/** What a GTO line needs of a budget line; the procedure's TUSS code and name come from its event. */
export type DentalBudgetLine = Pick<BudgetItem, 'quantity' | 'totalValue' | 'tooth' | 'toothFace' | 'toothRegion'>;

/**
 * GTO lines from the budget (or treatment) lines done on `date`: each line's tooth and faces, or its
 * region; the unit price is the line's total over its quantity, in centavos.
 */
export function dentalItemsFromBudget(
  lines: readonly (DentalBudgetLine & { code: string; description: string; table?: string })[],
  date: string,
): TissDentalItem[] {
  return lines.map((line) => {
    const quantity = Math.max(1, Math.round(line.quantity ?? 1));
    return {
      table: line.table ?? '22',
      code: line.code,
      description: line.description,
      quantity,
      unitCentavos: Math.round((line.totalValue * 100) / quantity),
      date,
      ...(line.tooth ? { tooth: line.tooth } : {}),
      ...(line.tooth && line.toothFace?.length ? { faces: line.toothFace } : {}),
      ...(!line.tooth && line.toothRegion ? { region: line.toothRegion } : {}),
    };
  });
}
