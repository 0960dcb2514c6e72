import { Badge, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { users } from '#core/access/user.js';
import { budgets } from '#core/budget/budget-record.js';
import { treatments } from '#core/budget/treatment-ops.js';
import { getDentalHistory } from '#core/medical-record/dental/dental-ops.js';
import { dentalChartEntries } from '#core/medical-record/dental/dental-record.js';
import { useLive } from '../../local/hooks.js';
import { brDateTime } from '../record-format.js';
import { STATE_COLORS } from './odontogram.js';

/**
 * A tooth's history across attendances (`patient.dentalHistory`, newest first: when, state, faces,
 * procedure, note, who) and the budget lines and treatment steps that already name it (MED-046),
 * read on the station and refreshed as entries arrive.
 */
export function ToothHistory(props: { patient: string; tooth: string; eventName: (id: string) => string }) {
  const { t } = useTranslation();
  const live = useLive(
    async (ctx) => {
      const history = await getDentalHistory.run(ctx, { id: props.patient, tooth: props.tooth });
      const people = await ctx.store.collection(users).find({ selector: { active: true }, limit: 2000 });
      return { ...history, names: new Map(people.map((u) => [u.id, u.name])) };
    },
    [dentalChartEntries, budgets, treatments, users],
    [props.patient, props.tooth],
  );
  const data = live.data;
  if (!data) return null;
  return (
    <Stack gap="sm">
      <div>
        <Text fw={600} size="sm" mb={4}>
          {t('dental.history', { tooth: props.tooth })}
        </Text>
        {data.items.length === 0 && (
          <Text size="sm" c="dimmed">
            {t('dental.historyEmpty')}
          </Text>
        )}
        <Stack gap={4}>
          {data.items.map((entry) => (
            <div key={entry.id} data-testid="tooth-history-item">
              <Group gap={6} wrap="nowrap">
                <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                  {brDateTime(entry.at)}
                </Text>
                <Badge size="sm" variant="light" color={STATE_COLORS[entry.state]}>
                  {t(`dental.state.${entry.state}`)}
                </Badge>
                {entry.faces?.length ? <Text size="xs">{entry.faces.join(' ')}</Text> : null}
              </Group>
              <Text size="xs" c="dimmed">
                {[entry.event && props.eventName(entry.event), entry.note, data.names.get(entry.professional)]
                  .filter(Boolean)
                  .join(' · ')}
              </Text>
            </div>
          ))}
        </Stack>
      </div>
      <div>
        <Text fw={600} size="sm" mb={4}>
          {t('dental.links')}
        </Text>
        {data.links.length === 0 && (
          <Text size="sm" c="dimmed">
            {t('dental.linksEmpty')}
          </Text>
        )}
        <Stack gap={4}>
          {data.links.map((link) => (
            <Group key={`${link.kind}-${link.id}-${link.order}`} gap={6} wrap="nowrap" data-testid="tooth-link">
              <Text size="xs">
                {t(`dental.link.${link.kind}`, { number: link.budgetNumber ?? '—', order: link.order })}
                {link.event ? ` · ${props.eventName(link.event)}` : ''}
                {link.toothFace?.length ? ` · ${link.toothFace.join(' ')}` : ''}
              </Text>
              <Badge size="xs" variant="outline" color={link.kind === 'budget' ? 'gray' : 'teal'}>
                {link.kind === 'budget'
                  ? t(`budget.status.${String(link.status)}`)
                  : t(`dental.step.${link.status === 'done' ? 'done' : 'pending'}`)}
              </Badge>
            </Group>
          ))}
        </Stack>
      </div>
    </Stack>
  );
}
