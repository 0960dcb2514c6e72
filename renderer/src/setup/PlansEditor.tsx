import { Badge, Button, Fieldset, Group, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getInsurance } from '#core/insurance/insurance-ops.js';
import { insurances } from '#core/insurance/insurance-record.js';
import { createPlan, updatePlan } from '#core/insurance/plans-ops.js';
import { invoke } from '#core/operation.js';
import { formFailure } from '../common/domain-errors.js';
import { useLive } from '../local/hooks.js';
import type { ListedInsurance } from './insurance-draft.js';
import { useAdminRun } from './use-admin-run.js';

/**
 * An insurance's plans inside its dialog. For a new insurance the typed names wait in `pending`
 * and go with `insurance.create`; for an existing one each addition, inactivation or reactivation
 * is its own plan operation, at once, and the list shows the insurance as it now stands.
 */
export function PlansEditor(props: {
  insurance: ListedInsurance | null;
  pending: string[];
  onPending: (names: string[]) => void;
  /** The core's message about the pending plans (from `insurance.create`). */
  error?: string | undefined;
}) {
  const { t } = useTranslation();
  const { run, offline } = useAdminRun();
  const [name, setName] = useState('');
  const [message, setMessage] = useState<string | null>(null);
  const id = props.insurance?.id;
  const live = useLive(async (ctx) => (id ? (await invoke(getInsurance, ctx, { id })).plans : []), [insurances], [id]);

  const add = async () => {
    setMessage(null);
    if (!id) {
      if (name.trim()) props.onPending([...props.pending, name.trim()]);
      setName('');
      return;
    }
    try {
      await run(createPlan, { id, name });
      setName('');
    } catch (error) {
      setMessage(formFailure(error, ['name']).fields['name'] ?? formFailure(error, []).general);
    }
  };
  const toggle = async (plan: { id: string; name: string; code?: string | undefined; active: boolean }) => {
    if (!id) return;
    setMessage(null);
    try {
      await run(updatePlan, {
        id,
        planId: plan.id,
        name: plan.name,
        ...(plan.code ? { code: plan.code } : {}),
        active: !plan.active,
      });
    } catch (error) {
      setMessage(formFailure(error, []).general);
    }
  };

  const rows = id
    ? (live.data ?? []).map((plan) => (
        <Group key={plan.id} justify="space-between">
          <Group gap="xs">
            <Text size="sm">{plan.name}</Text>
            {!plan.active && (
              <Badge color="gray" variant="light">
                {t('admin.inactive')}
              </Badge>
            )}
          </Group>
          <Button
            size="xs"
            variant="subtle"
            color={plan.active ? 'red' : 'green'}
            disabled={offline}
            aria-label={`${t(plan.active ? 'admin.inactivate' : 'admin.reactivate')} ${t('admin.ins.planOf', { name: plan.name })}`}
            onClick={() => void toggle(plan)}
          >
            {t(plan.active ? 'admin.inactivate' : 'admin.reactivate')}
          </Button>
        </Group>
      ))
    : props.pending.map((plan, i) => (
        <Group key={`${plan}-${i}`} justify="space-between">
          <Text size="sm">{plan}</Text>
          <Button
            size="xs"
            variant="subtle"
            color="gray"
            aria-label={t('admin.ins.removePlan', { name: plan })}
            onClick={() => props.onPending(props.pending.filter((_, k) => k !== i))}
          >
            {t('admin.ins.remove')}
          </Button>
        </Group>
      ));

  return (
    <Fieldset legend={t('admin.ins.plans')}>
      <Stack gap={6}>
        {rows.length === 0 && (
          <Text size="sm" c="dimmed">
            {t('admin.ins.noPlans')}
          </Text>
        )}
        {rows}
        <Group align="flex-start" gap="xs">
          <TextInput
            aria-label={t('admin.ins.newPlan')}
            placeholder={t('admin.ins.newPlan')}
            value={name}
            error={message ?? props.error}
            style={{ flex: 1 }}
            onChange={(event) => setName(event.currentTarget.value)}
            onKeyDown={(event) => {
              // Enter adds the plan here instead of saving the whole dialog.
              if (event.key === 'Enter' && !event.ctrlKey) {
                event.preventDefault();
                void add();
              }
            }}
          />
          <Button variant="default" onClick={() => void add()}>
            {t('admin.ins.addPlan')}
          </Button>
        </Group>
      </Stack>
    </Fieldset>
  );
}
