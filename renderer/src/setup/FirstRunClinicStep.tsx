import { useState, type SetStateAction } from 'react';
import { useTranslation } from 'react-i18next';
import { createClinic, updateClinic } from '#core/clinic/clinic-ops.js';
import { DialogForm } from '../common/DialogForm.js';
import { useCtrlEnter } from '../common/dialog-keys.js';
import { formFailure, type FormFailure } from '../common/domain-errors.js';
import { clinicFields, clinicInput, type ClinicDraft } from './clinic-draft.js';
import { ClinicFields } from './ClinicFields.js';
import type { StepProps } from './first-run-draft.js';
import { StepActions } from './StepActions.js';
import { useAdminRun } from './use-admin-run.js';

/**
 * The assistant's first step: the clinic's data, address, time zone and opening hours (the same
 * fields as Administração › Clínica). Saving creates the clinic, or updates the one this assistant
 * created when the admin came back to this step.
 */
export function FirstRunClinicStep({ draft, update, next }: StepProps) {
  const { t } = useTranslation();
  const { run } = useAdminRun();
  const [failure, setFailure] = useState<FormFailure | null>(null);
  const [at, setAt] = useState<{ weekday: number; index: number }[]>([]);
  const [saving, setSaving] = useState(false);
  const setClinic = (change: SetStateAction<ClinicDraft>) =>
    update((d) => ({ ...d, clinic: typeof change === 'function' ? change(d.clinic) : change }));

  const submit = async () => {
    if (saving) return;
    setSaving(true);
    setFailure(null);
    const { input, at: where } = clinicInput(draft.clinic);
    setAt(where);
    try {
      const id = draft.clinicId
        ? (await run(updateClinic, { id: draft.clinicId, ...input })).id
        : (await run(createClinic, input)).clinic.id;
      update((d) => ({ ...d, clinicId: id }));
      next();
    } catch (error) {
      setFailure(formFailure(error, clinicFields(where.length)));
    } finally {
      setSaving(false);
    }
  };
  useCtrlEnter(submit);

  return (
    <DialogForm onSubmit={submit} error={failure?.general}>
      <ClinicFields draft={draft.clinic} setDraft={setClinic} failure={failure} at={at} />
      <StepActions loading={saving} label={t('first.saveNext')} />
    </DialogForm>
  );
}
