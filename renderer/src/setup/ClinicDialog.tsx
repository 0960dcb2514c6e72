import { Modal } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { createClinic, updateClinic } from '#core/clinic/clinic-ops.js';
import { DialogForm } from '../common/DialogForm.js';
import { useCtrlEnter } from '../common/dialog-keys.js';
import { formFailure, type FormFailure } from '../common/domain-errors.js';
import { useAdminRun } from './use-admin-run.js';
import { clinicDraft, clinicFields, clinicInput, type ClinicDraft, type ListedClinic } from './clinic-draft.js';
import { ClinicFields } from './ClinicFields.js';
import { SaveActions } from './SaveActions.js';

/**
 * Creates or edits a clinic on the local core: its data (name, razão social, CNPJ checked by the
 * core, contacts, address), time zone and opening hours per weekday. The core's pt-BR messages show
 * under the field they name; Enter or Ctrl+Enter saves. Places and subspecialties stay as they are
 * (`clinic.update` keeps them).
 */
export function ClinicDialog(props: {
  clinic: ListedClinic | null;
  onClose: () => void;
  onSaved: (name: string) => void;
}) {
  const { t } = useTranslation();
  const { run } = useAdminRun();
  const [draft, setDraft] = useState<ClinicDraft>(() => clinicDraft(props.clinic ?? undefined));
  const [failure, setFailure] = useState<FormFailure | null>(null);
  const [at, setAt] = useState<{ weekday: number; index: number }[]>([]);
  const [saving, setSaving] = useState(false);

  const submit = async () => {
    if (saving) return;
    setSaving(true);
    setFailure(null);
    const { input, at: where } = clinicInput(draft);
    setAt(where);
    try {
      const saved = props.clinic
        ? await run(updateClinic, { id: props.clinic.id, ...input })
        : (await run(createClinic, input)).clinic;
      props.onSaved(saved.name);
    } catch (error) {
      setFailure(formFailure(error, clinicFields(where.length)));
      setSaving(false);
    }
  };
  useCtrlEnter(submit);

  return (
    <Modal
      opened
      onClose={props.onClose}
      title={props.clinic ? t('admin.clinic.editTitle') : t('admin.clinic.newTitle')}
      size={880}
    >
      <DialogForm onSubmit={submit} error={failure?.general}>
        <ClinicFields draft={draft} setDraft={setDraft} failure={failure} at={at} />
        <SaveActions loading={saving} onCancel={props.onClose} />
      </DialogForm>
    </Modal>
  );
}
