import { ActionIcon, Button, Group, SimpleGrid, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { createInsurance } from '#core/insurance/insurance-ops.js';
import { DialogForm } from '../common/DialogForm.js';
import { useCtrlEnter } from '../common/dialog-keys.js';
import { formFailure, type FormFailure } from '../common/domain-errors.js';
import type { InsuranceRow, StepProps } from './first-run-draft.js';
import { StepActions } from './StepActions.js';
import { useAdminRun } from './use-admin-run.js';

/**
 * The insurances the clinic accepts: a name and, when known, the ANS registry (six digits, checked
 * by the core) per row. None is a valid answer: a clinic that only sees private patients moves on.
 * Plans and TISS parameters are set later in Administração › Convênios.
 */
export function FirstRunInsurancesStep({ draft, update, next }: StepProps) {
  const { t } = useTranslation();
  const { run } = useAdminRun();
  const [failure, setFailure] = useState<FormFailure | null>(null);
  const [saving, setSaving] = useState(false);
  const rows = draft.insurances;
  const setRow = (index: number, patch: Partial<InsuranceRow>) =>
    update((d) => ({ ...d, insurances: d.insurances.map((r, i) => (i === index ? { ...r, ...patch } : r)) }));

  const submit = async () => {
    if (saving) return;
    setSaving(true);
    setFailure(null);
    let at = -1;
    try {
      for (const [index, row] of rows.entries()) {
        if (row.id || row.name.trim() === '') continue;
        at = index;
        const ans = row.ansRegistry.trim();
        const id = (await run(createInsurance, { name: row.name, ...(ans ? { ansRegistry: ans } : {}) })).insurance.id;
        update((d) => ({ ...d, insurances: d.insurances.map((r, i) => (i === index ? { ...r, id } : r)) }));
      }
      next();
    } catch (error) {
      const found = formFailure(error, ['name', 'ansRegistry']);
      const fields: Record<string, string> = {};
      for (const [field, message] of Object.entries(found.fields)) fields[`insurances.${at}.${field}`] = message;
      setFailure({ fields, general: found.general });
    } finally {
      setSaving(false);
    }
  };
  useCtrlEnter(submit);

  return (
    <DialogForm onSubmit={submit} error={failure?.general}>
      <Text size="sm" c="dimmed">
        {t('first.ins.hint')}
      </Text>
      {rows.map((row, index) => (
        <SimpleGrid key={index} cols={2}>
          <TextInput
            label={t('first.ins.name', { n: index + 1 })}
            value={row.name}
            disabled={row.id !== undefined}
            error={failure?.fields[`insurances.${index}.name`]}
            onChange={(event) => setRow(index, { name: event.currentTarget.value })}
          />
          <Group align="flex-end" wrap="nowrap">
            <TextInput
              style={{ flex: 1 }}
              label={t('first.ins.ans', { n: index + 1 })}
              inputMode="numeric"
              value={row.ansRegistry}
              disabled={row.id !== undefined}
              error={failure?.fields[`insurances.${index}.ansRegistry`]}
              onChange={(event) => setRow(index, { ansRegistry: event.currentTarget.value })}
            />
            {row.id === undefined && (
              <ActionIcon
                variant="subtle"
                color="gray"
                mb={4}
                aria-label={t('first.ins.remove', { n: index + 1 })}
                onClick={() => update((d) => ({ ...d, insurances: d.insurances.filter((_, i) => i !== index) }))}
              >
                ×
              </ActionIcon>
            )}
          </Group>
        </SimpleGrid>
      ))}
      <Group>
        <Button
          variant="default"
          onClick={() => update((d) => ({ ...d, insurances: [...d.insurances, { name: '', ansRegistry: '' }] }))}
        >
          {t('first.ins.add')}
        </Button>
      </Group>
      <StepActions
        loading={saving}
        label={rows.some((r) => r.name.trim() && !r.id) ? t('first.saveNext') : t('first.ins.none')}
      />
    </DialogForm>
  );
}
