import { Modal, NativeSelect, SimpleGrid, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { COUNCILS } from '#core/specialty/councils-ops.js';
import { createSpecialty, updateSpecialty } from '#core/specialty/specialty-ops.js';
import type { specialtyOutput } from '#core/specialty/specialty-record.js';
import { DialogForm } from '../common/DialogForm.js';
import { useCtrlEnter } from '../common/dialog-keys.js';
import { formFailure, type FormFailure } from '../common/domain-errors.js';
import { useAdminRun } from './use-admin-run.js';
import { SaveActions } from './SaveActions.js';

/** A specialty as `specialty.list` answers it. */
export type ListedSpecialty = z.output<typeof specialtyOutput>;

/**
 * Creates or edits a specialty: name, CBO code (6 digits, what TISS guides send as the performing
 * professional's occupation) and council. The core's pt-BR messages show under their fields.
 */
export function SpecialtyDialog(props: {
  specialty: ListedSpecialty | null;
  onClose: () => void;
  onSaved: (name: string) => void;
}) {
  const { t } = useTranslation();
  const { run } = useAdminRun();
  const [name, setName] = useState(props.specialty?.name ?? '');
  const [cbo, setCbo] = useState(props.specialty?.cbo ?? '');
  const [council, setCouncil] = useState(props.specialty?.council ?? '');
  const [failure, setFailure] = useState<FormFailure | null>(null);
  const [saving, setSaving] = useState(false);

  const submit = async () => {
    if (saving) return;
    setSaving(true);
    setFailure(null);
    const values = { name, ...(cbo.trim() ? { cbo: cbo.trim() } : {}), ...(council ? { council } : {}) };
    try {
      if (props.specialty) await run(updateSpecialty, { id: props.specialty.id, ...values });
      else await run(createSpecialty, values);
      props.onSaved(name.trim());
    } catch (error) {
      setFailure(formFailure(error, ['name', 'cbo', 'council']));
      setSaving(false);
    }
  };
  useCtrlEnter(submit);

  return (
    <Modal
      opened
      onClose={props.onClose}
      title={props.specialty ? t('admin.spec.editTitle') : t('admin.spec.newTitle')}
      size="lg"
    >
      <DialogForm onSubmit={submit} error={failure?.general}>
        <TextInput
          label={t('admin.spec.name')}
          required
          data-autofocus
          value={name}
          error={failure?.fields['name']}
          onChange={(event) => setName(event.currentTarget.value)}
        />
        <SimpleGrid cols={2}>
          <TextInput
            label={t('admin.spec.cbo')}
            description={t('admin.spec.cboHint')}
            value={cbo}
            error={failure?.fields['cbo']}
            onChange={(event) => setCbo(event.currentTarget.value)}
          />
          <NativeSelect
            label={t('admin.spec.council')}
            description={t('admin.spec.councilHint')}
            value={council}
            data={[
              { value: '', label: t('admin.spec.noCouncil') },
              ...COUNCILS.map((c) => ({ value: c.id, label: `${c.id} — ${c.name}` })),
            ]}
            error={failure?.fields['council']}
            onChange={(event) => setCouncil(event.currentTarget.value)}
          />
        </SimpleGrid>
        <SaveActions loading={saving} onCancel={props.onClose} />
      </DialogForm>
    </Modal>
  );
}
