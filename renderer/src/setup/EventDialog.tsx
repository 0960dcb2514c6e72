import { Modal, NativeSelect, SimpleGrid, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { createEvent, renameEvent } from '#core/clinic/event-ops.js';
import { EVENT_TYPES, type EventType, type eventOutput } from '#core/clinic/event-record.js';
import { DialogForm } from '../common/DialogForm.js';
import { useCtrlEnter } from '../common/dialog-keys.js';
import { formFailure, type FormFailure } from '../common/domain-errors.js';
import { useAdminRun } from './use-admin-run.js';
import { SaveActions } from './SaveActions.js';
import { TussSuggestions } from './TussSuggestions.js';

/** An event (procedure) as `event.list` answers it. */
export type ListedEvent = z.output<typeof eventOutput>;

/**
 * Creates a procedure (name, code, type, usual length) or renames one: the core changes nothing
 * else of an event once it exists (its code is what prices and guides point at). A new one gets
 * TUSS table 22 suggestions from its code or name. The core's messages show under the field they
 * name; Enter or Ctrl+Enter saves.
 */
export function EventDialog(props: {
  event: ListedEvent | null;
  onClose: () => void;
  onSaved: (name: string) => void;
}) {
  const { t } = useTranslation();
  const { run } = useAdminRun();
  const [name, setName] = useState(props.event?.name ?? '');
  const [code, setCode] = useState(props.event?.code ?? '');
  const [type, setType] = useState<EventType>(props.event?.type ?? 'procedure');
  const [duration, setDuration] = useState(props.event?.durationMinutes ? String(props.event.durationMinutes) : '');
  const [failure, setFailure] = useState<FormFailure | null>(null);
  const [saving, setSaving] = useState(false);
  const editing = props.event !== null;

  const submit = async () => {
    if (saving) return;
    setSaving(true);
    setFailure(null);
    try {
      if (props.event) await run(renameEvent, { id: props.event.id, name });
      else {
        const minutes = duration.trim() === '' ? undefined : Number(duration);
        await run(createEvent, {
          name,
          type,
          ...(code.trim() ? { code: code.trim() } : {}),
          ...(minutes === undefined ? {} : { durationMinutes: minutes }),
        });
      }
      props.onSaved(name.trim());
    } catch (error) {
      setFailure(formFailure(error, ['name', 'code', 'type', 'durationMinutes']));
      setSaving(false);
    }
  };
  useCtrlEnter(submit);

  return (
    <Modal
      opened
      onClose={props.onClose}
      title={editing ? t('admin.proc.editTitle') : t('admin.proc.newTitle')}
      size="lg"
    >
      <DialogForm onSubmit={submit} error={failure?.general}>
        <TextInput
          label={t('admin.proc.name')}
          required
          data-autofocus
          value={name}
          error={failure?.fields['name']}
          onChange={(event) => setName(event.currentTarget.value)}
        />
        <SimpleGrid cols={3}>
          <TextInput
            label={t('admin.proc.code')}
            value={code}
            disabled={editing}
            error={failure?.fields['code']}
            onChange={(event) => setCode(event.currentTarget.value)}
          />
          <NativeSelect
            label={t('admin.proc.type')}
            value={type}
            disabled={editing}
            data={EVENT_TYPES.map((value) => ({ value, label: t(`admin.type.${value}`) }))}
            error={failure?.fields['type']}
            onChange={(event) => setType(event.currentTarget.value as EventType)}
          />
          <TextInput
            label={t('admin.proc.duration')}
            inputMode="numeric"
            value={duration}
            disabled={editing}
            error={failure?.fields['durationMinutes']}
            onChange={(event) => setDuration(event.currentTarget.value.replace(/\D/g, ''))}
          />
        </SimpleGrid>
        {editing ? (
          <Text size="sm" c="dimmed">
            {t('admin.proc.fixed')}
          </Text>
        ) : (
          <TussSuggestions
            run={run}
            name={name}
            code={code}
            onPick={(entry) => {
              setCode(entry.code);
              if (name.trim() === '') setName(entry.term.slice(0, 300));
            }}
          />
        )}
        <SaveActions loading={saving} onCancel={props.onClose} />
      </DialogForm>
    </Modal>
  );
}
