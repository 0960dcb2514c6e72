/**
 * The prontuário's Laudos tab (MED-032..MED-034; UI-071): the attendance's reports on the server
 * (`GET /medicalRecord/{id}/report`), a form that writes a new one or changes one while the attendance
 * is open (`POST /medicalRecord/{id}/report`), delete with a confirmation while it is open (`DELETE
 * …/report/{reportId}`), each one's PDF opened in a new window (`…/document/laudo/pdf?reportId=`), and
 * a share with the patient that shows each laudo's address and the key once. Needs the server.
 */
import { Alert, Button, Code, Divider, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formFailure } from '../common/domain-errors.js';
import { brInstant, callServer, openServerFile, useDocumentsTarget, type ServerFile } from './documents-api.js';
import { ReportForm, type ReportDraft } from './ReportForm.js';

interface Report {
  id: string;
  title: string;
  text: string;
  fileId: string | null;
  updatedAt: string;
}
interface Shared {
  url: string;
  key: string;
  expiresAt: string;
}

const EMPTY: ReportDraft = { title: '', text: '' };

/** The tab for record `recordId`; `open` while the attendance is not finished. */
export function ReportsPanel({ recordId, open }: { recordId: string; open: boolean }) {
  const { t } = useTranslation();
  const target = useDocumentsTarget();
  const [reports, setReports] = useState<Report[] | null>(null);
  const [draft, setDraft] = useState<{ n: number; value: ReportDraft }>({ n: 0, value: EMPTY });
  const [confirming, setConfirming] = useState<string | null>(null);
  const [shared, setShared] = useState<Shared | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const reload = useCallback(async () => {
    if (!target) return;
    const answer = await callServer<{ items: Report[] }>(target, 'GET', `/medicalRecord/${recordId}/report`);
    setReports(answer.items);
  }, [target, recordId]);
  const attempt = useCallback(async (work: () => Promise<void>) => {
    setError(null);
    setNotice(null);
    try {
      await work();
    } catch (e) {
      setError(formFailure(e, []).general ?? String(e));
    }
  }, []);
  useEffect(() => void attempt(reload), [attempt, reload]);

  if (!target)
    return (
      <Paper withBorder p="sm">
        <Text size="sm" c="dimmed">
          {t('reports.needsServer')}
        </Text>
      </Paper>
    );

  const fresh = () => setDraft((d) => ({ n: d.n + 1, value: EMPTY }));
  const save = async (value: ReportDraft) => {
    setError(null);
    setNotice(null);
    try {
      await callServer(target, 'POST', `/medicalRecord/${recordId}/report`, {
        ...(value.reportId ? { reportId: value.reportId } : {}),
        title: value.title,
        text: value.text,
      });
      fresh();
      setNotice(t('reports.saved', { title: value.title }));
      await reload();
    } catch (e) {
      setError(formFailure(e, []).general ?? String(e));
    }
  };
  const remove = (report: Report) =>
    attempt(async () => {
      setConfirming(null);
      await callServer(target, 'DELETE', `/medicalRecord/${recordId}/report/${report.id}`);
      if (draft.value.reportId === report.id) fresh();
      await reload();
      setNotice(t('reports.deleted', { title: report.title }));
    });
  const pdf = (report: Report) =>
    attempt(async () =>
      openServerFile(
        await callServer<ServerFile>(
          target,
          'GET',
          `/medicalRecord/${recordId}/document/laudo/pdf?reportId=${encodeURIComponent(report.id)}`,
        ),
      ),
    );
  const share = () =>
    attempt(async () => {
      const answer = await callServer<Shared>(target, 'POST', `/medicalRecord/${recordId}/share`, {
        kind: 'patient',
      });
      setShared({ ...answer, url: answer.url.startsWith('/') ? `${target.baseUrl}${answer.url}` : answer.url });
    });

  return (
    <Paper withBorder p="sm">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={5}>{t('reports.title')}</Title>
          {reports && reports.length > 0 && (
            <Button size="xs" variant="default" onClick={() => void share()}>
              {t('reports.share')}
            </Button>
          )}
        </Group>
        {error && (
          <Alert color="red" role="alert" withCloseButton onClose={() => setError(null)}>
            {error}
          </Alert>
        )}
        {notice && (
          <Text size="sm" c="green.8" role="status">
            {notice}
          </Text>
        )}
        {shared && (
          <Alert color="blue" withCloseButton onClose={() => setShared(null)}>
            <Text size="sm">{t('reports.shareCreated', { at: brInstant(shared.expiresAt) })}</Text>
            <Text size="sm">
              {t('reports.key')}: <Code data-testid="report-share-key">{shared.key}</Code>
            </Text>
          </Alert>
        )}
        {reports?.length === 0 && (
          <Text size="sm" c="dimmed">
            {t('reports.empty')}
          </Text>
        )}
        {reports?.map((report) => (
          <Paper key={report.id} withBorder p="xs" data-testid="report-item">
            <Group justify="space-between" align="flex-start" wrap="nowrap">
              <div style={{ minWidth: 0 }}>
                <Text fw={600} size="sm">
                  {report.title}
                </Text>
                <Text size="xs" c="dimmed">
                  {t('reports.savedAt', { at: brInstant(report.updatedAt) })}
                </Text>
                <Text size="sm" lineClamp={3} style={{ whiteSpace: 'pre-wrap' }}>
                  {report.text}
                </Text>
                {shared && (
                  <Text size="xs" mt={4}>
                    {t('reports.link')}:{' '}
                    <Code data-testid="report-share-url">{`${shared.url}/report/${report.id}`}</Code>
                  </Text>
                )}
              </div>
              <Group gap={4} wrap="nowrap">
                <Button size="compact-xs" variant="default" onClick={() => void pdf(report)}>
                  {t('reports.pdf')}
                </Button>
                {open && (
                  <Button
                    size="compact-xs"
                    variant="subtle"
                    onClick={() =>
                      setDraft((d) => ({
                        n: d.n + 1,
                        value: { reportId: report.id, title: report.title, text: report.text },
                      }))
                    }
                  >
                    {t('reports.edit')}
                  </Button>
                )}
                {open && (
                  <Button size="compact-xs" variant="subtle" color="red" onClick={() => setConfirming(report.id)}>
                    {t('reports.delete')}
                  </Button>
                )}
              </Group>
            </Group>
            {confirming === report.id && (
              <Group gap="xs" mt="xs" justify="flex-end">
                <Text size="sm">{t('reports.deleteConfirm', { title: report.title })}</Text>
                <Button size="compact-sm" color="red" autoFocus onClick={() => void remove(report)}>
                  {t('reports.deleteYes')}
                </Button>
                <Button size="compact-sm" variant="default" onClick={() => setConfirming(null)}>
                  {t('reports.keep')}
                </Button>
              </Group>
            )}
          </Paper>
        ))}
        <Divider />
        {!open && (
          <Text size="xs" c="dimmed">
            {t('reports.finished')}
          </Text>
        )}
        <ReportForm key={draft.n} draft={draft.value} onSave={save} onCancel={fresh} />
      </Stack>
    </Paper>
  );
}
