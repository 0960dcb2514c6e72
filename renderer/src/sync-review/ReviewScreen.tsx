import { Alert, Button, Loader, Stack, Text, Title } from '@mantine/core';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { debounceTime, merge } from 'rxjs';
import { patients } from '#core/patient/patient-record.js';
import { appointments } from '#core/schedule/appointment-record.js';
import type { RunOperation } from '../local/hooks.js';
import { useLocalCoreState } from '../local/LocalCoreProvider.js';
import { useSession } from '../session/session-store.js';
import { ClashCard } from './ClashCard.js';
import { describeEntry, reasonInWords } from './describe/describe.js';
import { zoneOf } from './describe/collections.js';
import { instant } from '#core/sync/review/formats.js';
import { loadLookup, lookupOf, type Lookup } from './describe/lookup.js';
import { ResolutionRefused, reviewClient, type ReviewDecision, type ReviewEntry } from './review-client.js';
import { ReviewEntryCard } from './ReviewEntryCard.js';
import './review.css';

type Problem = { message: string; reasons: { path: string; message: string }[] };

/** How often the list is read again while a clash resolved here waits for the server to settle it. */
const SETTLE_POLL_MS = 2000;

/**
 * "Conflitos e recusas": the server's review list of this desk's account (issues 7, 8, 18 and 19).
 * Read and resolved through the server with the installation's device token; each card is described
 * from the desk's own records (names, not ids). A double booking is resolved with the local core's
 * operations (move, cancel, encaixe) and leaves the list when the server no longer finds it, so after
 * such a change the list is read again until the entry is gone. Reloads when the sync indicator's
 * counts change (a new conflict arrived).
 */
export function ReviewScreen() {
  const { t } = useTranslation();
  const state = useLocalCoreState();
  const value = state.kind === 'ready' ? state.value : null;
  const installation = value?.installation;
  const sync = value?.sync ?? null;
  const core = value?.core;
  const actor = value?.actor;
  const who = useSession((s) => s.session?.user.name ?? '');
  const client = useMemo(
    () =>
      installation?.mode === 'server'
        ? reviewClient(installation.serverUrl, installation.token, (url, init) => globalThis.fetch(url, init))
        : null,
    [installation],
  );
  const run = useCallback<RunOperation>(
    (op, input) => (core && actor ? core.run(op, input, actor) : Promise.reject(new Error('sem núcleo local'))),
    [core, actor],
  );
  const [entries, setEntries] = useState<ReviewEntry[] | null>(null);
  const [lookup, setLookup] = useState<Lookup>(() => lookupOf({}));
  /** The entries `lookup` was read for: the clash cards judge only by a lookup of the list shown. */
  const [lookupFor, setLookupFor] = useState<readonly ReviewEntry[] | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  const [busy, setBusy] = useState<string | null>(null);
  const [problems, setProblems] = useState<Record<string, Problem>>({});
  const [notice, setNotice] = useState<string | null>(null);
  /** Clash entries changed here, followed until the server takes them off the list: id → what was done. */
  const [following, setFollowing] = useState<Record<string, string>>({});
  const followingRef = useRef(following);
  followingRef.current = following;
  const noticeRef = useRef<HTMLParagraphElement>(null);
  // The resolved card is gone with the focus it held: the outcome takes it.
  useEffect(() => {
    if (notice) noticeRef.current?.focus();
  }, [notice]);

  const load = useCallback(async () => {
    if (!client) return;
    try {
      const listed = await client.list();
      setEntries(listed);
      setLoadFailed(false);
      const ids = new Set(listed.map((e) => e.id));
      const settled = Object.entries(followingRef.current).filter(([id]) => !ids.has(id));
      if (settled.length > 0) {
        setFollowing((all) => Object.fromEntries(Object.entries(all).filter(([id]) => ids.has(id))));
        setNotice(`Choque de horários resolvido. ${settled.map(([, said]) => said).join(' ')}`);
      }
    } catch {
      setLoadFailed(true);
    }
  }, [client]);

  // The records the cards name, read again when appointments or patients change on this desk.
  useEffect(() => {
    if (!core || !actor || !entries) return;
    let live = true;
    const read = () =>
      void loadLookup(core.context(actor).store, core.collections, entries).then(
        (next) => {
          if (!live) return;
          setLookup(next);
          setLookupFor(entries);
        },
        () => undefined,
      );
    read();
    const subscription = merge(
      core.database.rxCollection(appointments).eventBulks$,
      core.database.rxCollection(patients).eventBulks$,
    )
      .pipe(debounceTime(50))
      .subscribe(read);
    return () => {
      live = false;
      subscription.unsubscribe();
    };
  }, [core, actor, entries]);

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

  // A clash resolved here leaves the server's list once the change is pushed: read again until then.
  const followingAny = Object.keys(following).length > 0;
  useEffect(() => {
    if (!followingAny) return;
    const again = () => {
      void load();
      void sync?.handle.refreshReview().catch(() => undefined);
    };
    const timer = setInterval(again, SETTLE_POLL_MS);
    const subscription = sync?.status$.subscribe((status) => {
      if (status.pendingPushes === 0) again();
    });
    return () => {
      clearInterval(timer);
      subscription?.unsubscribe();
    };
  }, [followingAny, sync, load]);

  const decide = async (entry: ReviewEntry, title: string, decision: ReviewDecision) => {
    if (!client) return;
    setBusy(entry.id);
    setNotice(null);
    try {
      await client.resolve(entry.id, decision, who);
      setEntries((list) => list?.filter((e) => e.id !== entry.id) ?? null);
      setProblems(({ [entry.id]: _gone, ...rest }) => rest);
      setNotice(t('review.resolved', { collection: title }));
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

  const whereOf = (entry: ReviewEntry): string => {
    const deskName = entry.deviceName ?? t('review.unknownDesk');
    const desk =
      installation?.mode === 'server' && entry.deviceId === installation.installationId
        ? t('review.thisDesk', { name: deskName })
        : deskName;
    const when = instant(entry.at, zoneOf(entry.document, lookup));
    return `${t('review.when', { when })} · ${t('review.desk', { name: desk })}`;
  };

  // Offline, the list last read stays on screen (a clash resolved here waits for the server there).
  const failedAlert = loadFailed && (
    <Alert color="orange" role="alert" title={t('review.loadFailed')}>
      <Button size="xs" variant="default" onClick={() => void load()}>
        {t('review.retry')}
      </Button>
    </Alert>
  );
  let body;
  if (!client || installation?.mode !== 'server') body = <Text>{t('review.demo')}</Text>;
  else if (entries === null && loadFailed) body = null;
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
    body = entries.map((entry) => {
      const description = describeEntry(entry, lookup);
      if (description.situation === 'clash' && entry.collection === 'appointments')
        return (
          <ClashCard
            key={entry.id}
            entry={entry}
            description={description}
            lookup={lookup}
            ready={lookupFor === entries}
            run={run}
            where={whereOf(entry)}
            onChanged={(done) => {
              // Found gone here (no `done`): keep what a change made here said, if any.
              setFollowing((all) => {
                const said = done ?? all[entry.id] ?? `${description.title}.`;
                return all[entry.id] === said ? all : { ...all, [entry.id]: said };
              });
            }}
          />
        );
      const zone = zoneOf(entry.document, lookup);
      return (
        <ReviewEntryCard
          key={entry.id}
          entry={entry}
          description={description}
          where={whereOf(entry)}
          busy={busy === entry.id}
          problem={problems[entry.id] ?? null}
          // A clash is not settled by choosing a version: only undoing it takes it off the list.
          decides={description.situation !== 'clash'}
          onDecide={(decision) => void decide(entry, description.noun, decision)}
          reasonInWords={(reason) => reasonInWords(entry.collection, reason, lookup, zone)}
        />
      );
    });

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
        {entries === null && failedAlert}
        {body}
        {/* Below a list already shown: a failed re-read does not shift the cards under the pointer. */}
        {entries !== null && failedAlert}
      </Stack>
    </section>
  );
}
