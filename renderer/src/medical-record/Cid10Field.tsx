import { Alert, Badge, Button, CloseButton, Group, Stack, Text, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { searchCid10Operation } from '#core/medical-record/cid10/cid10-ops.js';
import type { RunOperation } from '../local/hooks.js';

type Entry = z.output<typeof searchCid10Operation.output>['items'][number];

/**
 * The diagnosis' CID-10 codes: the chosen ones as badges, and a search by code or words over the
 * DATASUS table the desk carries (offline, MED-005). Arrow keys are not needed: Tab reaches each
 * result, Enter picks it. `warnings` are the edit's answers (a code of the other sex), shown as such.
 */
export function Cid10Field(props: {
  run: RunOperation;
  codes: readonly string[];
  readOnly: boolean;
  warnings: readonly string[];
  onChange: (codes: string[]) => void;
}) {
  const { t } = useTranslation();
  const [query, setQuery] = useState('');
  const [found, setFound] = useState<Entry[]>([]);
  const { run } = props;

  useEffect(() => {
    const q = query.trim();
    if (q.length < 2) {
      setFound([]);
      return;
    }
    let live = true;
    const timer = setTimeout(() => {
      void run(searchCid10Operation, { q, limit: 8 }).then(
        (answer) => live && setFound(answer.items),
        () => live && setFound([]),
      );
    }, 150);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [query, run]);

  const pick = (entry: Entry) => {
    if (!props.codes.includes(entry.code)) props.onChange([...props.codes, entry.code]);
    setQuery('');
  };

  return (
    <Stack gap={6}>
      <Group gap={6} aria-label={t('medicalRecord.cid10')}>
        <Text size="sm" fw={500}>
          {t('medicalRecord.cid10')}:
        </Text>
        {props.codes.map((code) => (
          <Badge
            key={code}
            variant="light"
            data-testid="cid10-code"
            rightSection={
              props.readOnly ? undefined : (
                <CloseButton
                  size="xs"
                  aria-label={t('medicalRecord.cid10Remove', { code })}
                  onClick={() => props.onChange(props.codes.filter((c) => c !== code))}
                />
              )
            }
          >
            {code}
          </Badge>
        ))}
      </Group>
      {props.warnings.map((warning) => (
        <Alert key={warning} color="orange" role="alert" py={6}>
          {warning}
        </Alert>
      ))}
      {!props.readOnly && (
        <>
          <TextInput
            label={t('medicalRecord.cid10Search')}
            value={query}
            onChange={(e) => setQuery(e.currentTarget.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter' && found[0]) {
                e.preventDefault();
                pick(found[0]);
              }
            }}
          />
          {query.trim().length >= 2 && found.length === 0 && (
            <Text size="sm" c="dimmed">
              {t('medicalRecord.cid10None')}
            </Text>
          )}
          <Stack gap={2} role="list" aria-label={t('medicalRecord.cid10')}>
            {found.map((entry) => (
              <Button
                key={entry.code}
                role="listitem"
                variant="subtle"
                justify="flex-start"
                size="compact-sm"
                onClick={() => pick(entry)}
              >
                {entry.code} — {entry.description}
              </Button>
            ))}
          </Stack>
        </>
      )}
    </Stack>
  );
}
