import { Modal, NativeSelect, SimpleGrid, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { PLACE_KINDS, type PlaceKind, type placeOutput } from '#core/clinic/clinic-record.js';
import { createPlace, updatePlace } from '#core/clinic/places-ops.js';
import { isDomainError } from '#core/errors.js';
import { DialogForm } from '../common/DialogForm.js';
import { useCtrlEnter } from '../common/dialog-keys.js';
import { formFailure, type FormFailure } from '../common/domain-errors.js';
import { useAdminRun } from './use-admin-run.js';
import { SaveActions } from './SaveActions.js';

/** An attendance place as `clinic.place.list` answers it. */
export type ListedPlace = z.output<typeof placeOutput>;

/**
 * Creates or edits one of a clinic's attendance places: name, kind (room, guichê, totem queue) and
 * the optional ticket prefix. The core's pt-BR messages (a name already in use) show under the fields.
 */
export function PlaceDialog(props: {
  clinicId: string;
  place: ListedPlace | null;
  onClose: () => void;
  onSaved: (name: string) => void;
}) {
  const { t } = useTranslation();
  const { run } = useAdminRun();
  const [name, setName] = useState(props.place?.name ?? '');
  const [kind, setKind] = useState<PlaceKind>(props.place?.kind ?? 'room');
  const [prefix, setPrefix] = useState(props.place?.ticketPrefix ?? '');
  const [failure, setFailure] = useState<FormFailure | null>(null);
  const [saving, setSaving] = useState(false);

  const submit = async () => {
    if (saving) return;
    setSaving(true);
    setFailure(null);
    const values = { name, kind, ...(prefix.trim() ? { ticketPrefix: prefix.trim() } : {}) };
    try {
      if (props.place)
        await run(updatePlace, { id: props.clinicId, placeId: props.place.id, active: props.place.active, ...values });
      else await run(createPlace, { id: props.clinicId, ...values });
      props.onSaved(name.trim());
    } catch (error) {
      const failed = formFailure(error, ['name', 'kind', 'ticketPrefix']);
      // A conflict's detail names the other place by id; under the field the person reads why.
      if (isDomainError(error) && error.code === 'conflict')
        for (const field of Object.keys(failed.fields)) failed.fields[field] = error.message;
      setFailure(failed);
      setSaving(false);
    }
  };
  useCtrlEnter(submit);

  return (
    <Modal
      opened
      onClose={props.onClose}
      title={props.place ? t('admin.place.editTitle') : t('admin.place.newTitle')}
      size="lg"
    >
      <DialogForm onSubmit={submit} error={failure?.general}>
        <TextInput
          label={t('admin.place.name')}
          required
          data-autofocus
          value={name}
          error={failure?.fields['name']}
          onChange={(event) => setName(event.currentTarget.value)}
        />
        <SimpleGrid cols={2}>
          <NativeSelect
            label={t('admin.place.kind')}
            value={kind}
            data={PLACE_KINDS.map((k) => ({ value: k, label: t(`admin.place.kind.${k}`) }))}
            error={failure?.fields['kind']}
            onChange={(event) => setKind(event.currentTarget.value as PlaceKind)}
          />
          <TextInput
            label={t('admin.place.prefix')}
            description={t('admin.place.prefixHint')}
            value={prefix}
            error={failure?.fields['ticketPrefix']}
            onChange={(event) => setPrefix(event.currentTarget.value.toUpperCase())}
          />
        </SimpleGrid>
        <SaveActions loading={saving} onCancel={props.onClose} />
      </DialogForm>
    </Modal>
  );
}
