import { Alert, Button, Group, NativeSelect, Stack, Text, Title } from '@mantine/core';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatPhone } from '#core/br/format.js';
import { listInteractions } from '#core/billing/requests/interaction-ops.js';
import { getProcedureRequest } from '#core/billing/requests/request-ops.js';
import { sendInsuranceToken } from '#core/billing/requests/token-ops.js';
import { formFailure } from '../common/domain-errors.js';
import { NoticeAlert } from '../common/NoticeAlert.js';
import { useSyncStatus } from '../local/SyncIndicator.js';
import { useAdminRun } from '../setup/use-admin-run.js';
import type { DeskInteraction, DeskProcedureRequest } from './authorization-requests.js';
import { RequestCard } from './RequestCard.js';
import { RequestForm, type SentRequest } from './RequestForm.js';

type Channel = 'whatsapp' | 'sms' | 'email';
const CHANNELS: { value: Channel; label: string }[] = [
  { value: 'whatsapp', label: 'WhatsApp' },
  { value: 'sms', label: 'SMS' },
  { value: 'email', label: 'E-mail' },
];

/**
 * "Autorização do convênio" of an appointment with insurance (issue 25, TISS-026..032; UI-094): its
 * procedure requests (found through the attendance's interactions, the one list by attendance the
 * server has) with status, password and "Consultar status"; a new SP/SADT request; the manual
 * authorization in contingency; "Enviar token ao paciente" with the channel; and the interaction list.
 * Everything runs on the server (the insurer and the outbox are there): offline (no session on the
 * server, or sync sees the link down) or on a demo desk it says so and shows nothing else; it reloads
 * when the server is back.
 */
export function InsuranceAuthorization(props: { appointment: string; timeZone: string }) {
  const { t } = useTranslation();
  const { run, offline, hasServer } = useAdminRun();
  // Sync tells when the link drops: the panel says so instead of failing at the first click.
  const linked = useSyncStatus()?.online !== false;
  const online = hasServer && !offline && linked;
  const [requests, setRequests] = useState<DeskProcedureRequest[]>([]);
  const [interactions, setInteractions] = useState<DeskInteraction[]>([]);
  const [contingent, setContingent] = useState<Set<string>>(new Set());
  const [asking, setAsking] = useState(false);
  const [channel, setChannel] = useState<Channel>('whatsapp');
  const [notice, setNotice] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const reload = useCallback(async () => {
    if (!online) return;
    try {
      const { interactions: found } = await run(listInteractions, { id: props.appointment });
      setInteractions(found);
      const ids = [...new Set(found.map((i) => i.request).filter((id): id is string => Boolean(id)))];
      const loaded = await Promise.all(ids.map((id) => run(getProcedureRequest, { id })));
      // Newest first; the guide number breaks ties (its series only grows).
      setRequests(
        loaded.sort((a, b) => b.createdAt.localeCompare(a.createdAt) || Number(b.guideNumber) - Number(a.guideNumber)),
      );
    } catch (failure) {
      setError(formFailure(failure, []).general);
    }
  }, [online, run, props.appointment]);

  useEffect(() => {
    setRequests([]);
    setInteractions([]);
    setContingent(new Set());
    setAsking(false);
    setNotice(null);
    setError(null);
    void reload();
  }, [reload]);

  if (!online)
    return (
      <Stack gap="xs" data-testid="insurance-authorization">
        <Title order={4}>{t('insuranceAuth.title')}</Title>
        <Text size="sm" c="dimmed">
          {t('insuranceAuth.needsServer')}
        </Text>
      </Stack>
    );

  const sent = (answer: SentRequest) => {
    setAsking(false);
    if (answer.contingency) setContingent((all) => new Set(all).add(answer.request.id));
    setNotice(
      t(answer.contingency ? 'insuranceAuth.contingency' : 'insuranceAuth.sent', { guide: answer.request.guideNumber }),
    );
    void reload();
  };

  const changed = (request: DeskProcedureRequest, text: string) => {
    setContingent((all) => {
      const next = new Set(all);
      next.delete(request.id);
      return next;
    });
    setNotice(text);
    void reload();
  };

  const sendToken = async () => {
    setBusy(true);
    setError(null);
    setNotice(null);
    try {
      const answer = await run(sendInsuranceToken, { id: props.appointment, channel });
      setNotice(t('insuranceAuth.tokenSent', { to: channel === 'email' ? answer.to : formatPhone(answer.to) }));
      await reload();
    } catch (failure) {
      setError(formFailure(failure, []).general);
    } finally {
      setBusy(false);
    }
  };

  const hasPassword = requests.some((r) => r.authorization?.password);
  return (
    <Stack gap="xs" data-testid="insurance-authorization" role="region" aria-label={t('insuranceAuth.title')}>
      <Group justify="space-between">
        <Title order={4}>{t('insuranceAuth.title')}</Title>
        {!asking && (
          <Button size="xs" onClick={() => setAsking(true)}>
            {t('insuranceAuth.new')}
          </Button>
        )}
      </Group>
      {error && (
        <Alert color="red" role="alert" variant="light">
          {error}
        </Alert>
      )}
      <NoticeAlert notice={notice} onClose={() => setNotice(null)} />
      {asking && (
        <RequestForm appointment={props.appointment} run={run} onSent={sent} onCancel={() => setAsking(false)} />
      )}
      {requests.length === 0 && !asking && (
        <Text size="sm" c="dimmed">
          {t('insuranceAuth.none')}
        </Text>
      )}
      {requests.map((r) => (
        <RequestCard
          key={`${r.id}:${r.updatedAt}`}
          request={r}
          run={run}
          contingency={contingent.has(r.id)}
          onChanged={changed}
        />
      ))}
      {hasPassword && (
        <Group gap="xs" align="flex-end">
          <NativeSelect
            label={t('insuranceAuth.tokenChannel')}
            data={CHANNELS}
            value={channel}
            onChange={(e) => setChannel(e.currentTarget.value as Channel)}
            w={130}
          />
          <Button variant="default" loading={busy} onClick={() => void sendToken()}>
            {t('insuranceAuth.token')}
          </Button>
        </Group>
      )}
      <Text fw={600} size="sm" mt="xs">
        {t('insuranceAuth.interactions')}
      </Text>
      {interactions.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('insuranceAuth.noInteractions')}
        </Text>
      ) : (
        <ul aria-label={t('insuranceAuth.interactions')} style={{ margin: 0, paddingLeft: 18 }}>
          {interactions.map((i) => (
            <li key={i.id}>
              <Text size="xs" c={i.ok ? undefined : 'red'}>
                {new Date(i.at).toLocaleString('pt-BR', {
                  dateStyle: 'short',
                  timeStyle: 'short',
                  timeZone: props.timeZone,
                })}{' '}
                · {i.summary}
                {!i.ok && ` (${t('insuranceAuth.failed')})`}
              </Text>
            </li>
          ))}
        </ul>
      )}
    </Stack>
  );
}
