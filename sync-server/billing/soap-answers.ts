/**
 * Readers of the operator's web-service answers (already checked against the ANS schemas by the SOAP
 * adapter, soap-insurer.ts): respostaElegibilidadeWS, situacaoAutorizacaoWS,
 * protocoloRecebimentoRecursoWS and situacaoProtocoloRecursoWS, as the port's plain answers.
 */
import type { XMLBuilder } from 'xmlbuilder2/lib/interfaces.js';
import type {
  AppealReceipt,
  AppealStatus,
  AuthorizationStatus,
  CancelReceipt,
  EligibilityAnswer,
} from '#core/billing/insurer-transport.js';
import { child, refusal, text } from './soap-xml.js';

const localName = (n: XMLBuilder) => (n.node as { localName?: string }).localName;

/** Every ct_motivoGlosa named `name` under `parent`. */
function reasons(parent: XMLBuilder | undefined, name: string): { glosaCode: string; description?: string }[] {
  if (!parent) return [];
  return parent
    .filter((n) => localName(n) === name, false, true)
    .map((n) => {
      const description = text(n, 'descricaoGlosa');
      return { glosaCode: text(n, 'codigoGlosa') ?? '', ...(description ? { description } : {}) };
    });
}

const optional = <K extends string>(key: K, value: string | undefined) =>
  (value ? { [key]: value } : {}) as Partial<Record<K, string>>;

/** respostaElegibilidadeWS → {@link EligibilityAnswer}. */
export function readEligibility(element: XMLBuilder): EligibilityAnswer {
  const answer = child(element, 'respostaElegibilidade')!;
  const receipt = child(answer, 'reciboElegibilidade');
  if (!receipt) {
    const refused = refusal(answer, 'mensagemErro') ?? refusal(answer, 'codigoGlosa');
    return { answered: false, ...(refused ?? { glosaCode: '' }) };
  }
  return {
    answered: true,
    eligible: text(receipt, 'respostaSolicitacao') === 'S',
    cardNumber: text(receipt, 'numeroCarteira') ?? '',
    beneficiaryName: text(receipt, 'nomeBeneficiario') ?? '',
    ...optional('cardValidity', text(receipt, 'validadeCarteira')),
    refusals: reasons(child(receipt, 'motivosNegativa'), 'motivoNegativa'),
  };
}

/**
 * situacaoAutorizacaoWS (or autorizacaoProcedimentoWS, whose ct_situacaoAutorizacao is named
 * `autorizacaoProcedimento`) → {@link AuthorizationStatus}: the authorization of SP/SADT, internação or odonto.
 */
export function readAuthorizationStatus(element: XMLBuilder, name = 'situacaoAutorizacao'): AuthorizationStatus {
  const situation = child(element, name)!;
  const refused = refusal(situation);
  if (refused && situation.first() && localName(situation.first()) === 'mensagemErro')
    return { found: false, ...refused };
  const data = child(situation, 'dadosAutorizacao');
  return {
    found: true,
    status: text(situation, 'statusSolicitacao') ?? '',
    guideNumber: (data && text(data, 'numeroGuiaPrestador')) ?? '',
    ...optional('operatorGuideNumber', data && text(data, 'numeroGuiaOperadora')),
    ...optional('password', data && text(data, 'senha')),
    ...optional('authorizedOn', data && text(data, 'dataAutorizacao')),
    ...optional('passwordValidUntil', data && text(data, 'dataValidadeSenha')),
    refusals: reasons(child(situation, 'motivosNegativa'), 'motivoNegativa'),
  };
}

/** protocoloRecebimentoRecursoWS → {@link AppealReceipt}. */
export function readAppealReceipt(element: XMLBuilder): AppealReceipt {
  const receipt = child(element, 'recebimentoRecurso')!;
  const refused = refusal(receipt);
  if (refused) return { accepted: false, ...refused };
  return {
    accepted: true,
    protocol: text(receipt, 'nrProtocoloRecursoGlosa') ?? '',
    receivedOn: text(receipt, 'dataRecebimentoRecurso') ?? '',
  };
}

/** situacaoProtocoloRecursoWS → {@link AppealStatus}. */
export function readAppealStatus(element: XMLBuilder): AppealStatus {
  const answer = child(element, 'situacaoProtocoloRecurso')!;
  const status = child(answer, 'reciboGlosaStatus');
  if (status)
    return {
      found: true,
      protocol: text(status, 'nrProtocoloRecursoGlosa') ?? '',
      ...optional('status', text(status, 'situacaoProtocolo')),
    };
  const receipt = child(answer, 'reciboGlosa') ?? child(answer, 'reciboGlosaOdonto');
  if (!receipt) return { found: false, glosaCode: '' };
  return {
    found: true,
    protocol: text(receipt, 'numeroProtocolo') ?? '',
    appealed: Number(text(receipt, 'valorTotalRecursado') ?? 0),
    granted: Number(text(receipt, 'valorTotalAcatado') ?? 0),
  };
}

/** reciboCancelaGuiaWS → {@link CancelReceipt} (the status of the first guide, or of the batch). */
export function readCancelReceipt(element: XMLBuilder): CancelReceipt {
  const answer = child(element, 'reciboCancelaGuia')!;
  const refused = refusal(answer);
  if (refused) return { accepted: false, ...refused };
  return { accepted: true, status: text(answer, 'statusCancelamento') ?? '' };
}
