import { Checkbox, Group, Modal, NativeSelect, Text } from '@mantine/core';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isDomainError } from '#core/errors.js';
import { createAppointment } from '#core/schedule/appointment-ops.js';
import { DialogActions } from '../common/DialogActions.js';
import { DialogForm } from '../common/DialogForm.js';
import { NotesField } from '../common/NotesField.js';
import { formFailure, type FormFailure } from '../common/domain-errors.js';
import { useRun } from '../local/hooks.js';
import { PatientPicker, type PickedPatient } from '../patients/PatientPicker.js';
import { startingProfessional, type AgendaDialogProps } from '../schedule-blocks/agenda-dialog.js';
import { ProfessionalDayFields } from '../schedule-blocks/ProfessionalDayFields.js';
import { addClock, defaultTimes, rangeOn } from '../schedule-blocks/time-range.js';
import { keepLettersInside, useCtrlEnter } from '../common/dialog-keys.js';
import { durationChoices } from './durations.js';
import { RefusalLines, slotRefusalLines } from './SlotRefusal.js';
import { TimeField } from '../common/TimeField.js';

const FIELDS = ['patient', 'professional', 'start', 'end'];

/**
 * Books at a typed time rather than one of the free slots the booking dialog offers, and, ticked,
 * as an encaixe (`overbooking: true`): the core then books over an occupied or blocked slot and its
 * later overlap checks ignore the appointment. Unticked, the core refuses a taken slot and its
 * message (which suggests the encaixe) shows under the time.
 */
export function SqueezeInDialog(props: AgendaDialogProps) {
  const { t } = useTranslation();
  const run = useRun();
  const zone = props.clinic.timeZone;
  const first = startingProfessional(props);
  const [patient, setPatient] = useState<PickedPatient | null>(null);
  const [professional, setProfessional] = useState(first?.id ?? '');
  const [day, setDay] = useState(props.date);
  const [time, setTime] = useState(() => defaultTimes(props.selected.startUtc, 0, zone).from);
  const [minutes, setMinutes] = useState(first?.slotMinutes ?? 30);
  const [overbooking, setOverbooking] = useState(false);
  const [notes, setNotes] = useState('');
  const [failure, setFailure] = useState<FormFailure | null>(null);
  /** What occupies the typed time when the core refused it: one line per appointment or block. */
  const [inTheWay, setInTheWay] = useState<string[]>([]);
  const [missing, setMissing] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const squeezeBox = useRef<HTMLInputElement>(null);

  const submit = async () => {
    const absent: Record<string, string> = {};
    if (!patient) absent['patient'] = t('booking.patientRequired');
    if (!time || !day) absent['start'] = t('block.timeRequired');
    setMissing(absent);
    if (!patient || !time || !day || saving) return;
    setSaving(true);
    setFailure(null);
    setInTheWay([]);
    try {
      await run(createAppointment, {
        clinic: props.clinic.id,
        professional,
        patient: patient.id,
        ...rangeOn(day, time, addClock(time, minutes), zone),
        overbooking,
        ...(notes.trim() ? { notes: notes.trim() } : {}),
      });
      props.onClose();
    } catch (error) {
      const found = formFailure(error, FIELDS);
      const taken = isDomainError(error) && error.code === 'conflict';
      // The core's 409 says what to do ("use encaixe…") and its details say what is there, one line
      // each, under the time; the checkbox takes focus so Space ticks it.
      setFailure(taken ? { ...found, general: error.message } : found);
      setInTheWay(slotRefusalLines(error));
      setSaving(false);
      if (taken && !overbooking) squeezeBox.current?.focus();
    }
  };
  useCtrlEnter(submit);
  const fieldError = (field: string) => missing[field] ?? failure?.fields[field];
  const startError =
    missing['start'] ?? (inTheWay.length > 0 ? <RefusalLines lines={inTheWay} /> : failure?.fields['start']);

  return (
    <Modal opened onClose={props.onClose} title={t('squeeze.title')} size="lg">
      <div onKeyDown={keepLettersInside}>
        <DialogForm
          onSubmit={submit}
          error={failure?.general}
          intro={
            <Text size="sm" c="dimmed">
              {props.clinic.name}
            </Text>
          }
        >
          <PatientPicker value={patient} onChange={setPatient} error={fieldError('patient')} autoFocus />
          <ProfessionalDayFields
            professionals={props.professionals}
            professional={professional}
            onProfessional={setProfessional}
            day={day}
            onDay={setDay}
            professionalError={fieldError('professional')}
          />
          <Group grow align="flex-start">
            <TimeField label={t('booking.time')} value={time} error={startError} onChange={setTime} />
            <NativeSelect
              label={t('squeeze.duration')}
              data={durationChoices(first?.slotMinutes ?? 30).map((m) => ({
                value: String(m),
                label: t('squeeze.minutes', { n: String(m) }),
              }))}
              value={String(minutes)}
              error={fieldError('end')}
              onChange={(e) => setMinutes(Number(e.currentTarget.value))}
            />
          </Group>
          <Checkbox
            label={t('squeeze.overbooking')}
            description={t('squeeze.overbookingHint')}
            checked={overbooking}
            ref={squeezeBox}
            onChange={(e) => setOverbooking(e.currentTarget.checked)}
          />
          <NotesField label={t('booking.notes')} value={notes} onChange={setNotes} />
          <DialogActions
            hint={t('booking.hint')}
            submitLabel={overbooking ? t('squeeze.submitOverbooking') : t('booking.submit')}
            loading={saving}
            onCancel={props.onClose}
          />
        </DialogForm>
      </div>
    </Modal>
  );
}
