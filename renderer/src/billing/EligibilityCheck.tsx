import { Alert, Button, Group } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BillingAttendance } from '#core/billing/attendance-record.js';
import { formFailure } from '../common/domain-errors.js';
import type { RunOperation } from '../local/hooks.js';
import { brDay } from './billing-format.js';
import { checkEligibility, type EligibilityAnswer } from './tiss-requests.js';

/**
 * "Verificar elegibilidade": asks the insurer (tissVerificaElegibilidade, through the server) whether
 * the guide's card may be attended, and says it in pt-BR: elegível with the name and the card's
 * validity, or não elegível with the insurer's reasons (glosa code and text).
 */
export function EligibilityCheck(props: { attendance: BillingAttendance; run: RunOperation }) {
  const { t } = useTranslation();
  const [answer, setAnswer] = useState<EligibilityAnswer | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [asking, setAsking] = useState(false);
  const { attendance } = props;

  const ask = async () => {
    setAsking(true);
    setError(null);
    setAnswer(null);
    try {
      setAnswer(
        await props.run(checkEligibility, {
          insurance: attendance.insurance,
          cardNumber: attendance.cardNumber,
          clinic: attendance.clinic,
        }),
      );
    } catch (failure) {
      setError(formFailure(failure, []).general);
    } finally {
      setAsking(false);
    }
  };

  const reasons = (answer?.refusals ?? []).map((r) => `${r.glosaCode}${r.description ? ` · ${r.description}` : ''}`);
  if (answer && !answer.answered && answer.glosaCode)
    reasons.push(`${answer.glosaCode}${answer.description ? ` · ${answer.description}` : ''}`);

  return (
    <div>
      <Group gap="xs">
        <Button variant="default" size="xs" loading={asking} onClick={() => void ask()}>
          {t('billing.eligibility.check')}
        </Button>
      </Group>
      {answer?.eligible === true && (
        <Alert color="green" mt="xs" role="status" title={t('billing.eligibility.yes')}>
          {t('billing.eligibility.yesDetail', {
            name: answer.beneficiaryName ?? '—',
            card: answer.cardNumber ?? attendance.cardNumber,
            validity: answer.cardValidity ? brDay(answer.cardValidity) : '—',
          })}
        </Alert>
      )}
      {answer && answer.eligible !== true && (
        <Alert
          color="red"
          mt="xs"
          role="alert"
          title={t(answer.answered ? 'billing.eligibility.no' : 'billing.eligibility.noAnswer')}
        >
          {reasons.length > 0 ? reasons.join('; ') : t('billing.eligibility.noReason')}
        </Alert>
      )}
      {error && (
        <Alert color="red" mt="xs" role="alert">
          {error}
        </Alert>
      )}
    </div>
  );
}
