import { Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { dayIn } from '#core/schedule/time.js';
import { clockTime } from '../reception/day-grid.js';
import type { DayBlock } from './day-blocks.js';
import { shortDay } from './repeat.js';

/** Props of {@link DayBlockList}. */
export interface DayBlockListProps {
  blocks: readonly DayBlock[] | undefined;
  timeZone: string;
  name: (professional: string) => string;
  onUnlock: (block: DayBlock) => void;
  onUnlockSeries: (block: DayBlock) => void;
}

/**
 * The day's blocks: time, professional and reason, with "Desbloquear" for a single block; a block of
 * a recurring series carries a "série" mark and offers "Desbloquear este" and "Desbloquear série".
 * The series asks first, in place (it may remove many, past days' included, and says so), and whether it can
 * be undone; Esc there cancels the question, not the dialog.
 */
export function DayBlockList(props: DayBlockListProps) {
  const { t, i18n } = useTranslation();
  const [asking, setAsking] = useState<string | null>(null);
  const zone = props.timeZone;
  const today = dayIn(new Date(), zone);
  const at = (b: DayBlock) => ({ time: clockTime(b.start, zone), name: props.name(b.professional) });
  const cancelOnEscape = (event: KeyboardEvent) => {
    if (event.key !== 'Escape') return;
    event.preventDefault();
    setAsking(null);
  };

  return (
    <Stack gap={6} aria-label={t('block.dayList')} role="list">
      {(props.blocks ?? []).map((b) => (
        <Paper key={b.id} withBorder p="xs" radius="sm" role="listitem">
          <Group justify="space-between" wrap="nowrap">
            <Text size="sm">
              <strong>
                {clockTime(b.start, zone)}–{clockTime(b.end, zone)}
              </strong>{' '}
              · {props.name(b.professional)} · {b.reason}
              {b.series && (
                <Badge
                  ml="xs"
                  size="sm"
                  variant="light"
                  color="grape"
                  title={t('block.seriesSpan', {
                    count: String(b.series.size),
                    first: shortDay(b.series.first, i18n.language),
                    last: shortDay(b.series.last, i18n.language),
                  })}
                >
                  {t('block.seriesMark')}
                </Badge>
              )}
            </Text>
            <Group gap={6} wrap="nowrap">
              <Button
                size="xs"
                variant="light"
                aria-label={t(b.series ? 'block.unlockThisOne' : 'block.unlockOne', at(b))}
                onClick={() => props.onUnlock(b)}
              >
                {t(b.series ? 'block.unlockThis' : 'block.unlock')}
              </Button>
              {b.series && (
                <Button
                  size="xs"
                  variant="light"
                  color="red"
                  aria-label={t('block.unlockSeriesOf', at(b))}
                  aria-expanded={asking === b.id}
                  onClick={() => setAsking(asking === b.id ? null : b.id)}
                >
                  {t('block.unlockSeries')}
                </Button>
              )}
            </Group>
          </Group>
          {b.series && asking === b.id && (
            <Paper
              mt="xs"
              p="xs"
              radius="sm"
              bg="var(--mantine-color-red-light)"
              role="group"
              aria-label={t('block.seriesAsk')}
              onKeyDown={cancelOnEscape}
            >
              <Text size="sm" fw={600}>
                {t('block.seriesAsk')}
              </Text>
              <Text size="sm">
                {t(b.series.first < today ? 'block.seriesBodyPast' : 'block.seriesBody', {
                  count: String(b.series.size),
                  first: shortDay(b.series.first, i18n.language),
                  last: shortDay(b.series.last, i18n.language),
                })}{' '}
                {t(b.series.again ? 'block.seriesUndoable' : 'block.seriesNoUndo')}
              </Text>
              <Group justify="flex-end" gap="sm" mt="xs">
                {/* Mantine's modal closes on Esc unless the focused element opts out: here Esc cancels the question. */}
                <Button size="xs" variant="default" data-mantine-stop-propagation onClick={() => setAsking(null)}>
                  {t('common.cancel')}
                </Button>
                <Button
                  size="xs"
                  color="red"
                  autoFocus
                  data-mantine-stop-propagation
                  onClick={() => {
                    setAsking(null);
                    props.onUnlockSeries(b);
                  }}
                >
                  {t('block.seriesConfirm', { count: String(b.series.size) })}
                </Button>
              </Group>
            </Paper>
          )}
        </Paper>
      ))}
      {props.blocks && props.blocks.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('block.none')}
        </Text>
      )}
    </Stack>
  );
}
