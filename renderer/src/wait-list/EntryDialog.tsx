import {
  ActionIcon,
  Button,
  Chip,
  Group,
  Modal,
  NativeSelect,
  Paper,
  SegmentedControl,
  Stack,
  Text,
} from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { createWaitListEntry, editWaitListEntry, PRIORITIES } from '#core/schedule/wait-list-ops.js';
import { DialogActions } from '../common/DialogActions.js';
import { DialogForm } from '../common/DialogForm.js';
import { NotesField } from '../common/NotesField.js';
import { formFailure, type FormFailure } from '../common/domain-errors.js';
import type { MessageKey } from '../i18n/index.js';
import { useRun } from '../local/hooks.js';
import { PatientPicker, type PickedPatient } from '../patients/PatientPicker.js';
import type { ListedEntry, WaitListData } from './load-wait-list.js';
import { entryFields, entryInput, toggleWeekday, WEEK_ORDER, weekdayShort, type EntryDraft } from './periods.js';
import { useCtrlEnter } from '../common/dialog-keys.js';
import { TimeField } from '../common/TimeField.js';

function draftOf(entry: ListedEntry | null): EntryDraft {
  return {
    patient: entry?.patient ?? '',
    clinic: entry?.clinic ?? '',
    professional: entry?.professional ?? '',
    specialty: entry?.specialty ?? '',
    priority: entry?.priority ?? 'normal',
    periods: entry?.periods.map((p) => ({ ...p, weekdays: [...p.weekdays] })) ?? [],
    notes: entry?.notes ?? '',
  };
}

/**
 * Adds a patient to the wait list or edits an entry: patient, professional and/or specialty (the
 * core asks for one of them), clinic when the account has several, priority, preferred periods
 * (weekdays and a time range; none means any time) and notes. Ctrl+Enter saves; the core's
 * messages show under the field they name.
 */
export function EntryDialog(props: {
  entry: ListedEntry | null;
  choices: WaitListData;
  onClose: () => void;
  onSaved: (patientName: string) => void;
}) {
  const { t, i18n } = useTranslation();
  const run = useRun();
  const [draft, setDraft] = useState<EntryDraft>(() => draftOf(props.entry));
  const [patient, setPatient] = useState<PickedPatient | null>(
    props.entry ? { id: props.entry.patient, name: props.entry.patientName, cpf: props.entry.patientCpf } : null,
  );
  const [failure, setFailure] = useState<FormFailure | null>(null);
  const [missing, setMissing] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const set = (patch: Partial<EntryDraft>) => setDraft((d) => ({ ...d, ...patch }));
  const setPeriod = (i: number, patch: Partial<EntryDraft['periods'][number]>) =>
    setDraft((d) => ({ ...d, periods: d.periods.map((p, n) => (n === i ? { ...p, ...patch } : p)) }));

  const submit = async () => {
    if (!patient) {
      setMissing(t('booking.patientRequired'));
      return;
    }
    setMissing(null);
    if (saving) return;
    setSaving(true);
    setFailure(null);
    try {
      const input = entryInput({ ...draft, patient: patient.id });
      if (props.entry) await run(editWaitListEntry, { id: props.entry.id, ...input });
      else await run(createWaitListEntry, input);
      props.onSaved(patient.name);
    } catch (error) {
      setFailure(formFailure(error, entryFields(draft.periods.length)));
      setSaving(false);
    }
  };
  useCtrlEnter(submit);
  const fieldError = (field: string) => failure?.fields[field];
  const { clinics, professionals, specialties } = props.choices;

  return (
    <Modal
      opened
      onClose={props.onClose}
      title={props.entry ? t('waitlist.editTitle') : t('waitlist.newTitle')}
      size="lg"
    >
      <DialogForm onSubmit={submit} error={failure?.general}>
        <PatientPicker
          value={patient}
          onChange={setPatient}
          error={missing ?? fieldError('patient')}
          autoFocus={!props.entry}
        />
        <Group grow align="flex-start">
          <NativeSelect
            label={t('booking.professional')}
            data={[
              { value: '', label: t('waitlist.anyProfessional') },
              ...professionals.map((p) => ({ value: p.id, label: p.name })),
            ]}
            value={draft.professional}
            error={fieldError('professional')}
            onChange={(e) => set({ professional: e.currentTarget.value })}
          />
          {specialties.length > 0 && (
            <NativeSelect
              label={t('waitlist.specialty')}
              data={[
                { value: '', label: t('waitlist.anySpecialty') },
                ...specialties.map((s) => ({ value: s.id, label: s.name })),
              ]}
              value={draft.specialty}
              error={fieldError('specialty')}
              onChange={(e) => set({ specialty: e.currentTarget.value })}
            />
          )}
          {clinics.length > 1 && (
            <NativeSelect
              label={t('schedule.clinic')}
              data={[
                { value: '', label: t('waitlist.anyClinic') },
                ...clinics.map((c) => ({ value: c.id, label: c.name })),
              ]}
              value={draft.clinic}
              error={fieldError('clinic')}
              onChange={(e) => set({ clinic: e.currentTarget.value })}
            />
          )}
        </Group>
        <div>
          <Text size="sm" fw={500} mb={4} id="wait-priority">
            {t('waitlist.priority')}
          </Text>
          <SegmentedControl
            aria-labelledby="wait-priority"
            value={draft.priority}
            onChange={(value) => set({ priority: value })}
            data={[...PRIORITIES].map((p) => ({ value: p, label: t(`waitlist.priority.${p}` as MessageKey) }))}
          />
        </div>
        <div>
          <Text size="sm" fw={500} mb={4}>
            {t('waitlist.periods')}
          </Text>
          <Stack gap="xs">
            {draft.periods.length === 0 && (
              <Text size="sm" c="dimmed">
                {t('waitlist.anyTimeHint')}
              </Text>
            )}
            {draft.periods.map((p, i) => (
              <Paper
                key={i}
                withBorder
                p="xs"
                radius="sm"
                role="group"
                aria-label={t('waitlist.period', { n: String(i + 1) })}
              >
                <Stack gap={6}>
                  <Group gap={4}>
                    {WEEK_ORDER.map((d) => (
                      <Chip
                        key={d}
                        size="xs"
                        checked={p.weekdays.includes(d)}
                        onChange={() => setPeriod(i, { weekdays: toggleWeekday(p.weekdays, d) })}
                      >
                        {weekdayShort(d, i18n.language)}
                      </Chip>
                    ))}
                  </Group>
                  <Group gap="xs" align="flex-start">
                    <TimeField
                      label={t('waitlist.from')}
                      w={130}
                      value={p.from}
                      error={fieldError(`periods.${i}.from`)}
                      onChange={(from) => setPeriod(i, { from })}
                    />
                    <TimeField
                      label={t('waitlist.to')}
                      w={130}
                      value={p.to}
                      error={fieldError(`periods.${i}.to`)}
                      onChange={(to) => setPeriod(i, { to })}
                    />
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      size="lg"
                      mt={24}
                      aria-label={t('waitlist.removePeriod', { n: String(i + 1) })}
                      onClick={() => setDraft((d) => ({ ...d, periods: d.periods.filter((_, n) => n !== i) }))}
                    >
                      ×
                    </ActionIcon>
                  </Group>
                </Stack>
                {fieldError(`periods.${i}.weekdays`) && (
                  <Text size="xs" c="red" mt={4}>
                    {fieldError(`periods.${i}.weekdays`)}
                  </Text>
                )}
              </Paper>
            ))}
            {fieldError('periods') && (
              <Text size="xs" c="red">
                {fieldError('periods')}
              </Text>
            )}
            <Group>
              <Button
                size="xs"
                variant="default"
                onClick={() =>
                  setDraft((d) => ({ ...d, periods: [...d.periods, { weekdays: [], from: '08:00', to: '12:00' }] }))
                }
              >
                {t('waitlist.addPeriod')}
              </Button>
            </Group>
          </Stack>
        </div>
        <NotesField
          label={t('waitlist.notes')}
          value={draft.notes}
          error={fieldError('notes')}
          onChange={(notes) => set({ notes })}
        />
        <DialogActions
          hint={t('waitlist.saveHint')}
          submitLabel={props.entry ? t('waitlist.save') : t('waitlist.add')}
          loading={saving}
          onCancel={props.onClose}
        />
      </DialogForm>
    </Modal>
  );
}
