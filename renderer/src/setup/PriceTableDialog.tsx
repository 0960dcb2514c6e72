import { Modal, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { createPriceTable } from '#core/price/price-table-ops.js';
import { DialogForm } from '../common/DialogForm.js';
import { useCtrlEnter } from '../common/dialog-keys.js';
import { formFailure, type FormFailure } from '../common/domain-errors.js';
import { SaveActions } from './SaveActions.js';
import { useAdminRun } from './use-admin-run.js';

/** Creates an empty price table (name and description); its prices come by import or one by one. */
export function PriceTableDialog(props: { onClose: () => void; onSaved: (name: string) => void }) {
  const { t } = useTranslation();
  const { run } = useAdminRun();
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [failure, setFailure] = useState<FormFailure | null>(null);
  const [saving, setSaving] = useState(false);

  const submit = async () => {
    if (saving) return;
    setSaving(true);
    setFailure(null);
    try {
      await run(createPriceTable, { name, ...(description.trim() ? { description: description.trim() } : {}) });
      props.onSaved(name.trim());
    } catch (error) {
      setFailure(formFailure(error, ['name', 'description']));
      setSaving(false);
    }
  };
  useCtrlEnter(submit);

  return (
    <Modal opened onClose={props.onClose} title={t('admin.price.newTableTitle')}>
      <DialogForm onSubmit={submit} error={failure?.general}>
        <TextInput
          label={t('admin.proc.tableName')}
          placeholder={t('admin.price.tableNamePlaceholder')}
          required
          data-autofocus
          value={name}
          error={failure?.fields['name']}
          onChange={(event) => setName(event.currentTarget.value)}
        />
        <TextInput
          label={t('admin.price.description')}
          value={description}
          error={failure?.fields['description']}
          onChange={(event) => setDescription(event.currentTarget.value)}
        />
        <SaveActions loading={saving} onCancel={props.onClose} />
      </DialogForm>
    </Modal>
  );
}
