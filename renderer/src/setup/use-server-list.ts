/**
 * A list only the server holds (installations, API keys): fetched as the signed-in admin when the
 * section opens and again on `reload`; without the server, `reason` says why there is none.
 */
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import type { Operation } from '#core/operation.js';
import { formFailure } from '../common/domain-errors.js';
import { useAdminRun } from './use-admin-run.js';

/** The list's state: `items` once loaded, `error` (translated) when loading failed. */
export interface ServerList<T> {
  items: T[] | null;
  error: string | null;
  /** Why the section is off (no server, or signed in without it); null when it works. */
  reason: string | null;
  reload: () => void;
}

/** Loads `op` (an `{items}` list without input) from the server. */
export function useServerList<T>(op: Operation<z.ZodType, z.ZodType<{ items: T[] }>>): ServerList<T> {
  const { t } = useTranslation();
  const { run, offline, hasServer } = useAdminRun();
  const [items, setItems] = useState<T[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [round, setRound] = useState(0);
  const reason = !hasServer ? t('admin.server.none') : offline ? t('admin.server.offline') : null;
  useEffect(() => {
    if (reason) return;
    let live = true;
    run(op, {})
      .then((answer) => {
        if (!live) return;
        setItems(answer.items);
        setError(null);
      })
      .catch((failure: unknown) => {
        if (live) setError(formFailure(failure, []).general);
      });
    return () => {
      live = false;
    };
  }, [op, run, reason, round]);
  const reload = useCallback(() => setRound((n) => n + 1), []);
  return { items, error, reason, reload };
}
