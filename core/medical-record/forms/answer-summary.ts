/**
 * A form answer as pt-BR text (the desk's read-only view, and the addendum kept when answers saved
 * offline meet a finished record, MED-021): each answered question with its answer, then the score.
 */
import { formatDate } from '#core/br/format.js';
import type { FormAnswer } from '#core/medical-record/record.js';
import type { AnswerValue, ResponseItem } from './response.js';

/** One answer value as a person reads it (dates dd/mm/aaaa, decimals with comma, units). */
export function answerText(value: AnswerValue): string {
  if (value.valueBoolean !== undefined) return value.valueBoolean ? 'Sim' : 'Não';
  if (value.valueCoding) return value.valueCoding.display ?? value.valueCoding.code ?? '';
  if (value.valueQuantity)
    return `${formatNumber(value.valueQuantity.value)} ${value.valueQuantity.unit ?? value.valueQuantity.code ?? ''}`.trim();
  if (value.valueDecimal !== undefined) return formatNumber(value.valueDecimal);
  if (value.valueInteger !== undefined) return String(value.valueInteger);
  if (value.valueDate) return formatDate(value.valueDate);
  return value.valueString ?? '';
}

/** A number in pt-BR (comma decimal, no grouping needed for scores and measures). */
const formatNumber = (value: number): string => value.toLocaleString('pt-BR', { maximumFractionDigits: 4 });

function lines(items: readonly ResponseItem[], depth: number): string[] {
  return items.flatMap((item) => {
    const pad = '  '.repeat(depth);
    const title = item.text ?? item.linkId;
    if (item.item?.length) return [`${pad}${title}`, ...lines(item.item, depth + 1)];
    return [`${pad}${title}: ${(item.answer ?? []).map(answerText).join(', ')}`];
  });
}

/** The answer's text: title, questions and answers, and the score when the form has one. */
export function answerSummary(answer: FormAnswer): string {
  const score = answer.score
    ? [
        `Escore total: ${formatNumber(answer.score.total)}${answer.score.band ? ` (${answer.score.band})` : ''}${answer.score.complete ? '' : ' — incompleto'}`,
      ]
    : [];
  return [`Formulário ${answer.title}`, ...lines(answer.response.item, 0), ...score].join('\n');
}
