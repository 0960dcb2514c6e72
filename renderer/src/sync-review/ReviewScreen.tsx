import { Alert, Button, Loader, Stack, Text, Title } from '@mantine/core';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocalCoreState } from '../local/LocalCoreProvider.js';
import { useSession } from '../session/session-store.js';
import { ResolutionRefused, reviewClient, type ReviewDecision, type ReviewEntry } from './review-client.js';
import { ReviewEntryCard, useCollectionWords } from './ReviewEntryCard.js';
import './review.css';

type Problem = { message: string; reasons: { path: string; message: string }[] };

/**
 * "Conflitos e recusas": the server's review list of this desk's account (issues 7 and 8). Read and
 * resolved through the server with the installation's device token; after a decision the sync
 * indicator's counts are read again. Reloads when those counts change (a new conflict arrived).
 */
export function ReviewScreen() {
  const { t } = useTranslation();
  const state = useLocalCoreState();
  const value = state.kind === 'ready' ? state.value : null;
  const installation = value?.installation;
  const sync = value?.sync ?? null;
  const who = useSession((s) => s.session?.user.name ?? '');
  const collectionWords = useCollectionWords();
  const client = useMemo(
    () =>
      installation?.mode === 'server'
        ? reviewClient(installation.serverUrl, installation.token, (url, init) => globalThis.fetch(url, init))
        : null,
    [installation],
  );
  const [entries, setEntries] = useState<ReviewEntry[] | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  const [busy, setBusy] = useState<string | null>(null);
  const [problems, setProblems] = useState<Record<string, Problem>>({});
  const [notice, setNotice] = useState<string | null>(null);
  const noticeRef = useRef<HTMLParagraphElement>(null);
  // The resolved card is gone with the focus it held: the outcome takes it.
  useEffect(() => {
    if (notice) noticeRef.current?.focus();
  }, [notice]);

  const load = useCallback(async () => {
    if (!client) return;
    try {
      setEntries(await client.list());
      setLoadFailed(false);
    } catch {
      setLoadFailed(true);
    }
  }, [client]);

  useEffect(() => {
    if (!sync) {
      void load();
      return;
    }
    // The status replays at once (first load), then on every change of the counts. Opening the screen
    // also reads the counts again: the replication reads them only at start and after a refused push,
    // so a conflict listed for another desk's push would otherwise not show on this indicator.
    void sync.handle.refreshReview().catch(() => undefined);
    let counts = '';
    const subscription = sync.status$.subscribe((status) => {
      const next = `${status.conflicts}/${status.rejections}`;
      if (next === counts) return;
      counts = next;
      void load();
    });
    return () => subscription.unsubscribe();
  }, [sync, load]);

  const decide = async (entry: ReviewEntry, decision: ReviewDecision) => {
    if (!client) return;
    setBusy(entry.id);
    setNotice(null);
    try {
      await client.resolve(entry.id, decision, who);
      setEntries((list) => list?.filter((e) => e.id !== entry.id) ?? null);
      setProblems(({ [entry.id]: _gone, ...rest }) => rest);
      setNotice(t('review.resolved', { collection: collectionWords(entry.collection) }));
      await sync?.handle.refreshReview().catch(() => undefined);
    } catch (error) {
      const problem =
        error instanceof ResolutionRefused
          ? { message: t('review.refused', { message: error.message }), reasons: error.reasons }
          : { message: t('review.failed'), reasons: [] };
      setProblems((all) => ({ ...all, [entry.id]: problem }));
    } finally {
      setBusy(null);
    }
  };

  let body;
  if (!client || installation?.mode !== 'server') body = <Text>{t('review.demo')}</Text>;
  else if (loadFailed)
    body = (
      <Alert color="orange" role="alert" title={t('review.loadFailed')}>
        <Button size="xs" variant="default" onClick={() => void load()}>
          {t('review.retry')}
        </Button>
      </Alert>
    );
  else if (entries === null)
    body = (
      <Stack align="center">
        <Loader />
        <Text c="dimmed">{t('review.loading')}</Text>
      </Stack>
    );
  else if (entries.length === 0)
    body = (
      <Text data-testid="review-empty" c="dimmed">
        {t('review.empty')}
      </Text>
    );
  else
    body = entries.map((entry) => (
      <ReviewEntryCard
        key={entry.id}
        entry={entry}
        ownInstallationId={installation.installationId}
        busy={busy === entry.id}
        problem={problems[entry.id] ?? null}
        onDecide={(decision) => void decide(entry, decision)}
      />
    ));

  return (
    <section aria-labelledby="review-title">
      <Stack gap="md">
        <Title order={3} id="review-title">
          {t('review.nav')}
        </Title>
        <Text>{t('review.intro')}</Text>
        {notice && (
          <Text role="status" c="green.9" fw={500} ref={noticeRef} tabIndex={-1}>
            {notice}
          </Text>
        )}
        {body}
      </Stack>
    </section>
  );
}
