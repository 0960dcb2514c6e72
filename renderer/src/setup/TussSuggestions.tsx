import { Button, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { searchTussProcedureOperation } from '#core/billing/tuss/tuss-ops.js';
import type { RunOperation } from '../local/hooks.js';

type Entry = z.output<typeof searchTussProcedureOperation.output>['items'][number];

/**
 * Under a new procedure's name and code: the TUSS table 22 terms (ANS, 2020; TISS-045) matching the
 * code typed (its start) or else the name (its words), up to five; picking one fills the code, and
 * the name when it is empty. A code found exactly shows its term instead. Silent when nothing matches
 * or the search fails: the code may be the clinic's own.
 */
export function TussSuggestions(props: {
  run: RunOperation;
  name: string;
  code: string;
  onPick: (entry: Entry) => void;
}) {
  const { t } = useTranslation();
  const [found, setFound] = useState<Entry[]>([]);
  const { run } = props;
  const code = props.code.replace(/[\s.-]/g, '');
  const query = /^\d{3,}$/.test(code) ? code : props.name.trim().length >= 3 ? props.name.trim() : '';

  useEffect(() => {
    if (query === '') {
      setFound([]);
      return;
    }
    let live = true;
    const timer = setTimeout(() => {
      void run(searchTussProcedureOperation, { q: query, limit: 5 }).then(
        (answer) => live && setFound(answer.items),
        () => live && setFound([]),
      );
    }, 200);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [query, run]);

  const exact = found.find((entry) => entry.code === code && !entry.ended);
  if (exact)
    return (
      <Text size="sm" c="dimmed" data-testid="tuss-term">
        {t('admin.proc.tussTerm', { term: exact.term })}
      </Text>
    );
  if (found.length === 0) return null;
  return (
    <Stack gap={2} role="list" aria-label={t('admin.proc.tussList')}>
      <Text size="sm" c="dimmed">
        {t('admin.proc.tussList')}
      </Text>
      {found.map((entry) => (
        <Button
          key={`${entry.code}/${entry.validFrom}`}
          role="listitem"
          variant="subtle"
          justify="flex-start"
          size="compact-sm"
          styles={{ label: { whiteSpace: 'normal', textAlign: 'left' } }}
          onClick={() => props.onPick(entry)}
        >
          {entry.code} — {entry.term}
          {entry.ended ? ` (${t('admin.proc.tussEnded')})` : ''}
        </Button>
      ))}
    </Stack>
  );
}
