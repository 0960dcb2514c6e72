import { Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { listGestations } from '#core/medical-record/gestation/gestation-ops.js';
import { gestations } from '#core/medical-record/gestation/gestation-record.js';
import { patients } from '#core/patient/patient-record.js';
import { useLive } from '../../local/hooks.js';
import { brDay, gestationalAgeText } from './gestation-format.js';

/**
 * "Gestantes acompanhadas" (spec §4.4 Patient: the gestations accessible to the logged professional,
 * UI-098): the ongoing ones this station holds, by due date, with today's gestational age. Shown in
 * the prontuário's left column under the patients of the day; nothing when there is none to follow.
 */
export function FollowedGestations() {
  const { t } = useTranslation();
  const live = useLive(
    async (ctx) => {
      const { items } = await listGestations.run(ctx, { status: 'ongoing', limit: 200 });
      const people = await Promise.all(items.map((g) => ctx.store.collection(patients).get(g.patient)));
      return items.map((g, i) => ({ ...g, name: people[i]?.socialName ?? people[i]?.name ?? '—' }));
    },
    [gestations, patients],
    [],
  );
  if (!live.data) return null;
  return (
    <Stack gap="xs" aria-labelledby="mr-gestations-title">
      <Title order={4} id="mr-gestations-title">
        {t('gestation.followed')}
      </Title>
      {live.data.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('gestation.followedEmpty')}
        </Text>
      )}
      {live.data.map((g) => (
        <Paper key={g.id} withBorder p="xs" data-testid="followed-gestation">
          <Text fw={600} size="sm">
            {g.name}
          </Text>
          <Text size="xs" c="dimmed">
            {t('gestation.followedLine', { dpp: brDay(g.dueDate), age: gestationalAgeText(g.gestationalAge) })}
          </Text>
        </Paper>
      ))}
    </Stack>
  );
}
