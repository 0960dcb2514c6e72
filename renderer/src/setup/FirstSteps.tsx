import { Badge, Button, CloseButton, Group, Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { users, type User } from '#core/access/user.js';
import { clinics } from '#core/clinic/clinic-record.js';
import { events } from '#core/clinic/event-record.js';
import { prices } from '#core/price/price-table-record.js';
import { useLive, useLocalCore } from '../local/hooks.js';
import { openFirstRun } from './first-run-open.js';
import type { AdminSection } from './admin-sections.js';
import { setupSteps } from './first-steps.js';
import { attends } from './load-professionals.js';
import type { SetupMessageKey } from './setup.pt-BR.js';

/**
 * "Primeiros passos": while the account still lacks what bookable slots need (a clinic with hours,
 * a professional, priced procedures), a card above the sections lists the steps, marks the done
 * ones and opens the section of each. Nothing once all are done; "Ocultar" puts it away until
 * Administração opens again.
 */
export function FirstSteps(props: { onOpen: (section: AdminSection) => void; onHide: () => void }) {
  const { t } = useTranslation();
  const { actor } = useLocalCore();
  const facts = useLive(
    async (ctx) => {
      const withHours = await ctx.store.collection(clinics).find({ selector: { active: true } });
      const people = (await ctx.store.collection(users).find()) as User[];
      return {
        clinicsWithHours: withHours.filter((c) => c.openingHours.length > 0).length,
        professionals: people.filter((u) => u.active && attends(u)).length,
        procedures: (await ctx.store.collection(events).find({ selector: { active: true }, limit: 1 })).length,
        prices: (await ctx.store.collection(prices).find({ limit: 1 })).length,
      };
    },
    [clinics, users, events, prices],
    [],
  );
  if (!facts.data) return null;
  const steps = setupSteps(facts.data);
  if (steps.every((s) => s.done)) return null;
  const next = steps.find((s) => !s.done);

  return (
    <Paper withBorder radius="md" p="md" mb="md" role="region" aria-label={t('admin.first.title')}>
      <Group justify="space-between" mb={4}>
        <Text fw={600}>{t('admin.first.title')}</Text>
        <Group gap="xs">
          <Button size="xs" variant="light" onClick={() => openFirstRun(globalThis.localStorage, actor.tenantId)}>
            {t('first.open')}
          </Button>
          <CloseButton size="sm" aria-label={t('admin.first.hide')} onClick={props.onHide} />
        </Group>
      </Group>
      <Text size="sm" c="dimmed" mb="sm">
        {t('admin.first.hint')}
      </Text>
      <Stack gap={6}>
        {steps.map((step, i) => (
          <Group key={step.id} justify="space-between" wrap="nowrap">
            <Group gap="xs" wrap="nowrap" style={{ flex: 1, minWidth: 0 }}>
              <Badge
                variant="light"
                color={step.done ? 'green' : step === next ? 'blue' : 'gray'}
                w={90}
                style={{ flexShrink: 0 }}
              >
                {step.done ? t('admin.first.done') : t('admin.first.step', { n: i + 1 })}
              </Badge>
              <div style={{ minWidth: 0 }}>
                <Text size="sm" fw={500}>
                  {t(`admin.first.${step.id}` as SetupMessageKey)}
                </Text>
                <Text size="xs" c="dimmed">
                  {t(`admin.first.${step.id}.hint` as SetupMessageKey)}
                </Text>
              </div>
            </Group>
            {!step.done && (
              <Button
                size="xs"
                variant={step === next ? 'filled' : 'default'}
                style={{ flexShrink: 0 }}
                aria-label={t('admin.first.goTo', { step: t(`admin.first.${step.id}` as SetupMessageKey) })}
                onClick={() => props.onOpen(step.section)}
              >
                {t('admin.first.go')}
              </Button>
            )}
          </Group>
        ))}
      </Stack>
    </Paper>
  );
}
