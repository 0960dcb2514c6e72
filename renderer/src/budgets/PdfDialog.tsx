import { Alert, Badge, Button, Group, Loader, Modal, Paper, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { budgetDocument } from '#core/budget/budget-document-ops.js';
import { budgets } from '#core/budget/budget-record.js';
import { useLive, useLocalCore } from '../local/hooks.js';
import { usePrintFrame } from '../common/use-print-frame.js';
import { useSession } from '../session/session-store.js';
import type { BudgetRef } from './BudgetDialogs.js';
import { fetchBudgetPdf, type PdfAnswer } from './budget-pdf.js';
import { budgetHtml } from './budget-print.js';
import { BUDGET_REF_COLLECTIONS } from './budget-refs.js';

const kilobytes = (bytes: number) => `${Math.max(1, Math.round(bytes / 1024)).toLocaleString('pt-BR')} KB`;

/**
 * The budget's PDF dialog. Above: the server's PDF (its name and size with a download button, or why
 * it cannot be had: demo desk, offline, not yet synced). Below: a preview of the same document,
 * rendered on the desk from its own database (so it works offline), in a sandboxed frame, and
 * "Imprimir": in the desktop app through the bridge (to the configured printer), in a browser the
 * frame's own print. The server's PDF is not embedded: the page's CSP allows no blob: frames, the
 * desktop window runs without Chromium's PDF plugin, and Electron cannot print a PDF viewer's
 * contents (docs/decisions/renderer.md).
 */
export function PdfDialog(props: { budget: BudgetRef; onClose: () => void }) {
  const { t } = useTranslation();
  const { installation } = useLocalCore();
  const accessToken = useSession((s) => s.session?.accessToken);
  const [answer, setAnswer] = useState<PdfAnswer | 'demo' | null>(null);
  const [url, setUrl] = useState<string | null>(null);
  const html = useLive(
    async (ctx) => budgetHtml(await budgetDocument(ctx.store, props.budget.id)),
    [budgets, ...BUDGET_REF_COLLECTIONS],
    [props.budget.id],
  );
  const { frame, printer, printing, printError, print } = usePrintFrame(html.data);

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
    <Modal opened onClose={props.onClose} title={title} size="xl">
      <Stack gap="sm">
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
          <Paper withBorder radius="md" p="sm">
            <Group gap="md" wrap="nowrap" justify="space-between">
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
              <Button component="a" href={url} download={answer.fileName} variant="light">
                {t('budget.download')}
              </Button>
            </Group>
          </Paper>
        )}
        <Text size="sm" c="dimmed">
          {t('budget.preview')}
        </Text>
        {html.data ? (
          <iframe
            ref={frame}
            title={t('budget.previewFrame', { number: String(props.budget.budgetNumber) })}
            srcDoc={html.data}
            // Same origin so the page can call the frame's print(); no scripts, and modals for print.
            sandbox="allow-same-origin allow-modals"
            style={{ width: '100%', height: '60vh', border: '1px solid var(--mantine-color-gray-4)', borderRadius: 6 }}
          />
        ) : (
          <Loader size="sm" />
        )}
        {printError !== null && (
          <Alert color="red" variant="light" role="alert">
            {t('budget.printFailed', { reason: printError })}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          {printer && (
            <Text size="xs" c="dimmed">
              {t('budget.printTo', { printer })}
            </Text>
          )}
          <Button onClick={() => void print()} disabled={!html.data} loading={printing}>
            {t('budget.print')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
