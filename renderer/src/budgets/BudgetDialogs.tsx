import { Alert, Badge, Button, Group, Loader, Modal, Paper, Stack, Text, Textarea } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { deleteBudget, disapproveBudget } from '../../../core/budget/budget-status-ops.js';
import { formFailure } from '../common/domain-errors.js';
import { useLocalCore, useRun } from '../local/hooks.js';
import { useSession } from '../session/session-store.js';
import { fetchBudgetPdf, type PdfAnswer } from './budget-pdf.js';

const kilobytes = (bytes: number) => `${Math.max(1, Math.round(bytes / 1024)).toLocaleString('pt-BR')} KB`;

/** The budget a dialog acts on. */
export interface BudgetRef {
  id: string;
  budgetNumber: number;
}

/** Disapproval asks for the reason the core requires; its message shows under the field. */
export function DisapproveDialog(props: { budget: BudgetRef; onClose: () => void }) {
  const { t } = useTranslation();
  const run = useRun();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<{ field?: string; general?: string | null }>({});
  const [saving, setSaving] = useState(false);
  const submit = async () => {
    setSaving(true);
    try {
      await run(disapproveBudget, { id: props.budget.id, reason });
      props.onClose();
    } catch (failure) {
      const found = formFailure(failure, ['reason']);
      setError({ ...(found.fields['reason'] ? { field: found.fields['reason'] } : {}), general: found.general });
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal
      opened
      onClose={props.onClose}
      title={t('budget.disapproveTitle', { number: String(props.budget.budgetNumber) })}
    >
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <Stack gap="md">
          {error.general && (
            <Alert color="red" role="alert" variant="light">
              {error.general}
            </Alert>
          )}
          <Textarea
            label={t('budget.reason')}
            placeholder={t('budget.reasonHint')}
            autosize
            minRows={2}
            data-autofocus
            value={reason}
            error={error.field}
            onChange={(e) => setReason(e.currentTarget.value)}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={props.onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" color="red" loading={saving}>
              {t('budget.disapprove')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** Logical delete, asked once. */
export function DeleteDialog(props: { budget: BudgetRef; onClose: () => void; onError: (m: string) => void }) {
  const { t } = useTranslation();
  const run = useRun();
  const [saving, setSaving] = useState(false);
  const confirm = async () => {
    setSaving(true);
    try {
      await run(deleteBudget, { id: props.budget.id });
    } catch (failure) {
      props.onError(formFailure(failure, []).general ?? '');
    } finally {
      setSaving(false);
      props.onClose();
    }
  };
  return (
    <Modal
      opened
      onClose={props.onClose}
      title={t('budget.deleteTitle', { number: String(props.budget.budgetNumber) })}
    >
      <Stack gap="md">
        <Text size="sm">{t('budget.deleteBody')}</Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={props.onClose}>
            {t('common.cancel')}
          </Button>
          <Button color="red" loading={saving} onClick={() => void confirm()} data-autofocus>
            {t('budget.delete')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/**
 * The budget's PDF, rendered by the server: its name and size with a download button (the page's CSP
 * allows no blob: objects or frames, so it is not embedded), or why it cannot be had (demo desk,
 * offline, not yet synced).
 */
export function PdfDialog(props: { budget: BudgetRef; onClose: () => void }) {
  const { t } = useTranslation();
  const { installation } = useLocalCore();
  const accessToken = useSession((s) => s.session?.accessToken);
  const [answer, setAnswer] = useState<PdfAnswer | 'demo' | null>(null);
  const [url, setUrl] = useState<string | null>(null);

  useEffect(() => {
    if (installation.mode !== 'server') {
      setAnswer('demo');
      return;
    }
    let live = true;
    let objectUrl: string | null = null;
    void fetchBudgetPdf(installation.serverUrl, accessToken, props.budget.id).then((found) => {
      if (!live) return;
      if (found.kind === 'ok') {
        objectUrl = URL.createObjectURL(new Blob([found.bytes], { type: 'application/pdf' }));
        setUrl(objectUrl);
      }
      setAnswer(found);
    });
    return () => {
      live = false;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [installation, accessToken, props.budget.id]);

  const title = t('budget.pdfTitle', { number: String(props.budget.budgetNumber) });
  return (
    <Modal opened onClose={props.onClose} title={title} size="md">
      {answer === null && (
        <Group gap="sm">
          <Loader size="sm" />
          <Text size="sm">{t('budget.pdfLoading')}</Text>
        </Group>
      )}
      {answer === 'demo' && (
        <Alert color="blue" variant="light" role="status">
          {t('budget.pdfDemo')}
        </Alert>
      )}
      {answer !== null && answer !== 'demo' && answer.kind === 'offline' && (
        <Alert color="yellow" variant="light" role="status">
          {t('budget.pdfOffline')}
        </Alert>
      )}
      {answer !== null && answer !== 'demo' && answer.kind === 'notYet' && (
        <Alert color="yellow" variant="light" role="status">
          {t('budget.pdfNotYet')}
        </Alert>
      )}
      {answer !== null && answer !== 'demo' && answer.kind === 'failed' && (
        <Alert color="red" variant="light" role="alert">
          {t('budget.pdfFailed', { status: String(answer.status) })}
        </Alert>
      )}
      {answer !== null && answer !== 'demo' && answer.kind === 'ok' && url && (
        <Stack gap="sm">
          <Paper withBorder radius="md" p="md">
            <Group gap="md" wrap="nowrap">
              <Badge color="red" variant="filled" size="lg" radius="sm">
                PDF
              </Badge>
              <div>
                <Text fw={600} data-testid="budget-pdf-name">
                  {answer.fileName}
                </Text>
                <Text size="sm" c="dimmed">
                  {t('budget.pdfReady', { size: kilobytes(answer.bytes.length) })}
                </Text>
              </div>
            </Group>
          </Paper>
          <Group justify="flex-end">
            <Button component="a" href={url} download={answer.fileName}>
              {t('budget.download')}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
