import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { deleteBudget, disapproveBudget } from '#core/budget/budget-status-ops.js';
import { DialogForm } from '../common/DialogForm.js';
import { formFailure } from '../common/domain-errors.js';
import { useRun } from '../local/hooks.js';

/** The budget a dialog acts on. */
export interface BudgetRef {
  id: string;
  budgetNumber: number;
}

/** Disapproval asks for the reason the core requires; its message shows under the field. */
export function DisapproveDialog(props: { budget: BudgetRef; onClose: () => void }) {
  const { t } = useTranslation();
  const run = useRun();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<{ field?: string; general?: string | null }>({});
  const [saving, setSaving] = useState(false);
  const submit = async () => {
    setSaving(true);
    try {
      await run(disapproveBudget, { id: props.budget.id, reason });
      props.onClose();
    } catch (failure) {
      const found = formFailure(failure, ['reason']);
      setError({ ...(found.fields['reason'] ? { field: found.fields['reason'] } : {}), general: found.general });
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal
      opened
      onClose={props.onClose}
      title={t('budget.disapproveTitle', { number: String(props.budget.budgetNumber) })}
    >
      <DialogForm onSubmit={submit} error={error.general}>
        <Textarea
          label={t('budget.reason')}
          placeholder={t('budget.reasonHint')}
          autosize
          minRows={2}
          data-autofocus
          value={reason}
          error={error.field}
          onChange={(e) => setReason(e.currentTarget.value)}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={props.onClose}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" color="red" loading={saving}>
            {t('budget.disapprove')}
          </Button>
        </Group>
      </DialogForm>
    </Modal>
  );
}

/** Logical delete, asked once. */
export function DeleteDialog(props: { budget: BudgetRef; onClose: () => void; onError: (m: string) => void }) {
  const { t } = useTranslation();
  const run = useRun();
  const [saving, setSaving] = useState(false);
  const confirm = async () => {
    setSaving(true);
    try {
      await run(deleteBudget, { id: props.budget.id });
    } catch (failure) {
      props.onError(formFailure(failure, []).general ?? '');
    } finally {
      setSaving(false);
      props.onClose();
    }
  };
  return (
    <Modal
      opened
      onClose={props.onClose}
      title={t('budget.deleteTitle', { number: String(props.budget.budgetNumber) })}
    >
      <Stack gap="md">
        <Text size="sm">{t('budget.deleteBody')}</Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={props.onClose}>
            {t('common.cancel')}
          </Button>
          <Button color="red" loading={saving} onClick={() => void confirm()} data-autofocus>
            {t('budget.delete')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
