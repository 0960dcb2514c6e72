/**
 * The prontuário's Documentos panel (MED-032..MED-035): prints the attendance's receita simples, receita
 * de controle especial, atestado (with the CID-10 only when the patient authorized), pedido de exames
 * as the server's PDFs, opened in a new window; creates a share with the patient, showing
 * the address and key once with the expiry; lists shares and revokes them. Laudos have their own tab
 * (ReportsPanel.tsx). Needs the server.
 */
import { Alert, Button, Checkbox, Code, Group, NumberInput, Paper, Stack, Text, Title } from '@mantine/core';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formFailure } from '../common/domain-errors.js';
import { brInstant, callServer, openServerFile, useDocumentsTarget, type ServerFile } from './documents-api.js';

const KINDS = ['receita', 'receitaControleEspecial', 'atestado', 'pedidoExame'] as const;

interface Share {
  id: string;
  kind: 'patient' | 'professional';
  status: 'active' | 'pending' | 'accepted' | 'revoked' | 'expired';
  expiresAt: string;
}

/** The panel for record `recordId`; `flush` saves what is being typed before a document is drawn. */
export function DocumentsPanel({ recordId, flush }: { recordId: string; flush: () => Promise<void> }) {
  const { t } = useTranslation();
  const target = useDocumentsTarget();
  const [cid, setCid] = useState(false);
  const [days, setDays] = useState<number>(7);
  const [error, setError] = useState<string | null>(null);
  const [created, setCreated] = useState<{ url: string; key: string; expiresAt: string } | null>(null);
  const [shares, setShares] = useState<Share[]>([]);

  const reload = useCallback(async () => {
    if (!target) return;
    try {
      const s = await callServer<{ items: Share[] }>(target, 'GET', `/medicalRecord/${recordId}/share`);
      setShares(s.items);
    } catch {
      // The lists are a convenience: offline they stay as they were, and printing says why it fails.
    }
  }, [target, recordId]);
  useEffect(() => void reload(), [reload]);

  if (!target)
    return (
      <Paper withBorder p="sm">
        <Title order={5}>{t('documents.title')}</Title>
        <Text size="sm" c="dimmed">
          {t('documents.needsServer')}
        </Text>
      </Paper>
    );

  const attempt = async (work: () => Promise<void>) => {
    setError(null);
    try {
      await work();
    } catch (e) {
      setError(formFailure(e, []).general ?? String(e));
    }
  };
  const print = (kind: string, query = '') =>
    attempt(async () => {
      await flush();
      openServerFile(
        await callServer<ServerFile>(target, 'GET', `/medicalRecord/${recordId}/document/${kind}/pdf${query}`),
      );
    });
  const share = () =>
    attempt(async () => {
      await flush();
      const answer = await callServer<{ url: string; key: string; expiresAt: string }>(
        target,
        'POST',
        `/medicalRecord/${recordId}/share`,
        { kind: 'patient', days },
      );
      setCreated({ ...answer, url: answer.url.startsWith('/') ? `${target.baseUrl}${answer.url}` : answer.url });
      await reload();
    });
  const revoke = (id: string) =>
    attempt(async () => {
      await callServer(target, 'DELETE', `/medicalRecord/share/${id}`);
      setCreated(null);
      await reload();
    });

  return (
    <Paper withBorder p="sm">
      <Stack gap="xs">
        <Title order={5}>{t('documents.title')}</Title>
        {error && (
          <Alert color="red" withCloseButton onClose={() => setError(null)}>
            {error}
          </Alert>
        )}
        <Group gap="xs">
          {KINDS.map((kind) => (
            <Button
              key={kind}
              size="xs"
              variant="default"
              onClick={() => void print(kind, kind === 'atestado' && cid ? '?cid=true' : '')}
            >
              {t(`documents.${kind}`)}
            </Button>
          ))}
        </Group>
        <Checkbox
          size="xs"
          label={t('documents.cid')}
          checked={cid}
          onChange={(e) => setCid(e.currentTarget.checked)}
        />
        <Group gap="xs" align="end">
          <NumberInput
            size="xs"
            w={120}
            label={t('documents.shareDays')}
            min={1}
            max={90}
            value={days}
            onChange={(v) => setDays(typeof v === 'number' ? v : 7)}
          />
          <Button size="xs" onClick={() => void share()}>
            {t('documents.share')}
          </Button>
        </Group>
        {created && (
          <Alert color="blue" withCloseButton onClose={() => setCreated(null)}>
            <Text size="sm">{t('documents.shareCreated')}</Text>
            <Text size="sm">
              {t('documents.shareUrl')}: <Code>{created.url}</Code>
            </Text>
            <Text size="sm">
              {t('documents.shareKey')}: <Code>{created.key}</Code>
            </Text>
            <Text size="sm">{t('documents.shareExpires', { at: brInstant(created.expiresAt) })}</Text>
          </Alert>
        )}
        {shares.length > 0 && (
          <Stack gap={4}>
            <Text size="sm" fw={500}>
              {t('documents.shares')}
            </Text>
            {shares.map((s) => (
              <Group key={s.id} gap="xs">
                <Text size="sm">
                  {t(`documents.kind.${s.kind}`)} · {t(`documents.status.${s.status}`)} ·{' '}
                  {t('documents.shareExpires', { at: brInstant(s.expiresAt) })}
                </Text>
                {(s.status === 'active' || s.status === 'pending' || s.status === 'accepted') && (
                  <Button size="compact-xs" color="red" variant="subtle" onClick={() => void revoke(s.id)}>
                    {t('documents.revoke')}
                  </Button>
                )}
              </Group>
            ))}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
