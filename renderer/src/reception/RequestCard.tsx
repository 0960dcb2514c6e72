import { Badge, Button, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { authorizeManually } from '#core/billing/requests/request-ops.js';
import type { RequestStatus } from '#core/billing/requests/request-record.js';
import { brDay } from '../billing/billing-format.js';
import { formFailure } from '../common/domain-errors.js';
import type { RunOperation } from '../local/hooks.js';
import { procedureRequestStatus, type DeskProcedureRequest } from './authorization-requests.js';

const COLORS: Record<RequestStatus, string> = {
  draft: 'gray',
  sent: 'blue',
  authorized: 'green',
  partiallyAuthorized: 'lime',
  inAnalysis: 'yellow',
  awaitingDocuments: 'orange',
  denied: 'red',
  cancelled: 'gray',
  billed: 'teal',
};
const OPEN = (s: RequestStatus) => s !== 'cancelled' && s !== 'billed';
const EMPTY = { password: '', guide: '', validUntil: '', reason: '' };

/**
 * One procedure request of the appointment: its guide number, items, status as a word (autorizado,
 * em análise, negado…), the password with its validity (marked when typed in contingency) and the
 * insurer's refusals; "Consultar status" asks the insurer (through the server) about a request it
 * received (not one authorized by hand without ever reaching it); "Autorizar
 * manualmente (contingência)" opens the password-and-reason form (TISS-028) — offered at once when
 * the insurer was unreachable (`contingency`), and for any open request not yet authorized.
 */
export function RequestCard(props: {
  request: DeskProcedureRequest;
  run: RunOperation;
  contingency: boolean;
  onChanged: (request: DeskProcedureRequest, notice: string) => void;
}) {
  const { t } = useTranslation();
  const r = props.request;
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [manual, setManual] = useState(props.contingency);
  const [form, setForm] = useState(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});

  const check = async () => {
    setBusy(true);
    setError(null);
    try {
      const answer = await props.run(procedureRequestStatus, { id: r.id });
      props.onChanged(
        answer.request,
        answer.online
          ? `${t('insuranceAuth.request', { guide: r.guideNumber })}: ${t(`insuranceAuth.status.${answer.request.status}`)}`
          : t('insuranceAuth.checkOffline'),
      );
    } catch (failure) {
      setError(formFailure(failure, []).general);
    } finally {
      setBusy(false);
    }
  };

  const authorize = async () => {
    setBusy(true);
    setError(null);
    setErrors({});
    try {
      const answer = await props.run(authorizeManually, {
        id: r.id,
        password: form.password,
        reason: form.reason,
        ...(form.guide.trim() ? { operatorGuideNumber: form.guide.trim() } : {}),
        ...(form.validUntil ? { passwordValidUntil: form.validUntil } : {}),
      });
      setManual(false);
      setForm(EMPTY);
      props.onChanged(answer.request, t('insuranceAuth.manualDone', { guide: r.guideNumber }));
    } catch (failure) {
      const problems = formFailure(failure, ['password', 'operatorGuideNumber', 'passwordValidUntil', 'reason']);
      setErrors(problems.fields);
      setError(problems.general);
    } finally {
      setBusy(false);
    }
  };

  const auth = r.authorization;
  const authorized = r.status === 'authorized' || r.status === 'partiallyAuthorized';
  return (
    <Paper withBorder p="xs" role="group" aria-label={t('insuranceAuth.request', { guide: r.guideNumber })}>
      <Stack gap={4}>
        <Group gap="xs" justify="space-between" wrap="nowrap">
          <Text fw={600} size="sm">
            {t('insuranceAuth.request', { guide: r.guideNumber })}
          </Text>
          <Badge color={COLORS[r.status]} variant="light" data-testid="request-status">
            {t(`insuranceAuth.status.${r.status}`)}
          </Badge>
        </Group>
        {r.procedures.map((p, i) => (
          <Text key={i} size="xs" c="dimmed">
            {p.code} · {p.description} × {p.quantity}
          </Text>
        ))}
        {auth?.password && (
          <Text size="sm" data-testid="request-password">
            {t('insuranceAuth.password', { password: auth.password })}
            {auth.passwordValidUntil && ` · ${t('insuranceAuth.validUntil', { day: brDay(auth.passwordValidUntil) })}`}
            {auth.manual && ` · ${t('insuranceAuth.manualMark')}`}
          </Text>
        )}
        {r.refusals.map((g, i) => (
          <Text key={i} size="xs" c="red">
            {t('insuranceAuth.refusal', { code: g.glosaCode })}
            {g.description ? ` · ${g.description}` : ''}
          </Text>
        ))}
        {error && (
          <Text size="sm" c="red" role="alert">
            {error}
          </Text>
        )}
        {OPEN(r.status) && (
          <Group gap="xs">
            {(r.insurerStatus !== undefined || r.status === 'sent') && (
              <Button size="xs" variant="default" loading={busy} onClick={() => void check()}>
                {t('insuranceAuth.check')}
              </Button>
            )}
            {!authorized && !manual && (
              <Button size="xs" variant="light" color="orange" onClick={() => setManual(true)} disabled={busy}>
                {t('insuranceAuth.manual')}
              </Button>
            )}
          </Group>
        )}
        {manual && OPEN(r.status) && !authorized && (
          <Stack gap={6} className="ask-box" aria-label={t('insuranceAuth.manual')} role="form">
            <Text fw={600} size="sm">
              {t('insuranceAuth.manual')}
            </Text>
            <Group gap={6} grow align="flex-start">
              <TextInput
                label={t('insuranceAuth.manualPassword')}
                value={form.password}
                onChange={(e) => setForm({ ...form, password: e.currentTarget.value })}
                error={errors.password}
                maxLength={20}
                data-autofocus
              />
              <TextInput
                label={t('insuranceAuth.manualGuide')}
                value={form.guide}
                onChange={(e) => setForm({ ...form, guide: e.currentTarget.value })}
                error={errors.operatorGuideNumber}
                maxLength={20}
              />
            </Group>
            <TextInput
              type="date"
              label={t('insuranceAuth.manualValidity')}
              value={form.validUntil}
              onChange={(e) => setForm({ ...form, validUntil: e.currentTarget.value })}
              error={errors.passwordValidUntil}
              w={180}
            />
            <TextInput
              label={t('insuranceAuth.manualReason')}
              placeholder={t('insuranceAuth.manualReasonPlaceholder')}
              value={form.reason}
              onChange={(e) => setForm({ ...form, reason: e.currentTarget.value })}
              error={errors.reason}
              maxLength={500}
            />
            <Group gap="xs" justify="flex-end">
              <Button size="xs" variant="default" onClick={() => setManual(false)} disabled={busy}>
                {t('insuranceAuth.cancelForm')}
              </Button>
              <Button size="xs" color="orange" loading={busy} onClick={() => void authorize()}>
                {t('insuranceAuth.manualSave')}
              </Button>
            </Group>
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
