import { Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { users } from '#core/access/user.js';
import { medicalRecords, SECTIONS } from '#core/medical-record/record.js';
import { useLive } from '../local/hooks.js';
import { loadHistory } from './load-attendances.js';
import { brDateTime } from './record-format.js';

/**
 * The patient's other attendances, newest first, as this station holds them (the records of its
 * professional, MED-007): date, professional, CID-10 codes, the sections written and the addenda.
 */
export function PatientHistory(props: { patient: string; exceptId: string }) {
  const { t } = useTranslation();
  const live = useLive(
    async (ctx) => {
      const items = await loadHistory(ctx, props.patient, props.exceptId);
      const people = await ctx.store.collection(users).find({ selector: { role: 'professional' } });
      return { items, names: new Map(people.map((u) => [u.id, u.name])) };
    },
    [medicalRecords, users],
    [props.patient, props.exceptId],
  );
  const data = live.data;
  return (
    <Stack gap="xs" aria-labelledby="mr-history-title">
      <Title order={4} id="mr-history-title">
        {t('medicalRecord.history')}
      </Title>
      {data && data.items.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('medicalRecord.historyEmpty')}
        </Text>
      )}
      {data?.items.map((r) => (
        <Paper key={r.id} withBorder p="xs" data-testid="mr-history-item">
          <Group justify="space-between" mb={4}>
            <Text fw={600} size="sm">
              {brDateTime(r.startedAt)} · {data.names.get(r.professional) ?? '—'}
            </Text>
            <Group gap={4}>
              {(r.sections.hipoteseDiagnostica?.cid10 ?? []).map((code) => (
                <Badge key={code} size="xs" variant="light">
                  {code}
                </Badge>
              ))}
              <Badge size="xs" variant="outline">
                {t(`medicalRecord.status.${r.status}`)}
              </Badge>
            </Group>
          </Group>
          {SECTIONS.filter((s) => r.sections[s]?.text).map((s) => (
            <Text key={s} size="sm" lineClamp={3}>
              <strong>{t(`medicalRecord.section.${s}`)}:</strong> {r.sections[s]!.text}
            </Text>
          ))}
          {r.addenda.map((a) => (
            <Text key={a.id} size="sm" c="dimmed">
              {t('medicalRecord.addenda')} {brDateTime(a.at)}: {a.text}
            </Text>
          ))}
        </Paper>
      ))}
    </Stack>
  );
}
