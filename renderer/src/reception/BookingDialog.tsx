import { Group, Modal, NativeSelect, Text } from '@mantine/core';
import { DialogActions } from '../common/DialogActions.js';
import { DialogForm } from '../common/DialogForm.js';
import { NotesField } from '../common/NotesField.js';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isDomainError } from '#core/errors.js';
import { createAppointment } from '#core/schedule/appointment-ops.js';
import { getAvailability } from '#core/schedule/availability-ops.js';
import { utcKey } from '#core/schedule/time.js';
import { formFailure, type FormFailure } from '../common/domain-errors.js';
import { RefusalLines, slotRefusalLines } from '../squeeze-in/SlotRefusal.js';
import { useRun } from '../local/hooks.js';
import { PatientPicker, type PickedPatient } from '../patients/PatientPicker.js';
import { useCtrlEnter } from '../common/dialog-keys.js';
import { clockTime } from './day-grid.js';
import type { ClinicChoice } from './load-day.js';

/** Where a booking starts: the professional and slot selected in the grid, when any. */
export interface BookingDraft {
  professional: string | null;
  /** UTC key of the slot's start. */
  startUtc: string | null;
}

const FIELDS = ['patient', 'professional', 'start'];

/** The booking's day as people say it ("terça-feira, 1 de dezembro"): the week view books any of seven. */
function dayText(day: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' }).format(
    new Date(`${day}T12:00:00Z`),
  );
}

/**
 * Books an appointment: patient (search by name or CPF), professional, one of the free slots of the
 * day (core's availability), notes. Ctrl+Enter books from anywhere in the form; the core's messages
 * show under the field they concern.
 */
export function BookingDialog(props: {
  clinic: ClinicChoice;
  professionals: readonly { id: string; name: string }[];
  date: string;
  draft: BookingDraft;
  onClose: () => void;
  onBooked: (id: string) => void;
}) {
  const { t, i18n } = useTranslation();
  const run = useRun();
  const [patient, setPatient] = useState<PickedPatient | null>(null);
  const [professional, setProfessional] = useState(props.draft.professional ?? props.professionals[0]?.id ?? '');
  const [slots, setSlots] = useState<{ start: string; end: string }[] | null>(null);
  const [start, setStart] = useState<string>('');
  const [notes, setNotes] = useState('');
  const [failure, setFailure] = useState<FormFailure | null>(null);
  /** What took the slot meanwhile (another desk booked it), when the core refused it: one line each. */
  const [inTheWay, setInTheWay] = useState<string[]>([]);
  const [missing, setMissing] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (!professional) return;
    let live = true;
    run(getAvailability, { clinic: props.clinic.id, professional, date: props.date, days: 1 }).then(
      (answer) => {
        if (!live) return;
        setSlots(answer.slots);
        const wanted = answer.slots.find((s) => utcKey(s.start) === props.draft.startUtc);
        setStart((current) => {
          if (answer.slots.some((s) => s.start === current)) return current;
          return (wanted ?? answer.slots[0])?.start ?? '';
        });
      },
      () => live && setSlots([]),
    );
    return () => {
      live = false;
    };
  }, [professional, props.clinic.id, props.date, props.draft.startUtc, run]);

  const submit = async () => {
    const absent: Record<string, string> = {};
    if (!patient) absent['patient'] = t('booking.patientRequired');
    if (!start) absent['start'] = t('booking.timeRequired');
    setMissing(absent);
    if (!patient || !start || saving) return;
    const slot = slots?.find((s) => s.start === start);
    setSaving(true);
    setFailure(null);
    setInTheWay([]);
    try {
      const { appointment } = await run(createAppointment, {
        clinic: props.clinic.id,
        professional,
        patient: patient.id,
        start,
        end: slot?.end ?? start,
        ...(notes.trim() ? { notes: notes.trim() } : {}),
      });
      props.onBooked(appointment.id);
    } catch (error) {
      const lines = slotRefusalLines(error);
      const found = formFailure(error, FIELDS);
      // A taken slot: the core's sentence above, what took it under the time.
      setFailure(lines.length > 0 && isDomainError(error) ? { ...found, general: error.message } : found);
      setInTheWay(lines);
    } finally {
      setSaving(false);
    }
  };

  useCtrlEnter(submit);
  const timeSelect = useRef<HTMLSelectElement>(null);

  const fieldError = (field: string) => missing[field] ?? failure?.fields[field];
  const startError =
    missing['start'] ?? (inTheWay.length > 0 ? <RefusalLines lines={inTheWay} /> : failure?.fields['start']);

  return (
    <Modal opened onClose={props.onClose} title={t('booking.title')} size="lg">
      <DialogForm
        onSubmit={submit}
        error={failure?.general}
        intro={
          <Text size="sm" c="dimmed">
            {props.clinic.name} · {dayText(props.date, i18n.language)}
          </Text>
        }
      >
        <PatientPicker
          value={patient}
          onChange={(picked) => {
            setPatient(picked);
            // Next comes the time: the professional and slot usually came from the grid already.
            if (picked) setTimeout(() => timeSelect.current?.focus(), 0);
          }}
          error={fieldError('patient')}
          autoFocus
        />
        <Group grow align="flex-start">
          <NativeSelect
            label={t('booking.professional')}
            data={props.professionals.map((p) => ({ value: p.id, label: p.name }))}
            value={professional}
            error={fieldError('professional')}
            onChange={(event) => setProfessional(event.currentTarget.value)}
          />
          <NativeSelect
            ref={timeSelect}
            label={t('booking.time')}
            data={
              slots === null
                ? [{ value: '', label: t('booking.loadingSlots') }]
                : slots.length === 0
                  ? [{ value: '', label: t('booking.noSlots') }]
                  : slots.map((s) => ({
                      value: s.start,
                      label: `${clockTime(s.start, props.clinic.timeZone)} – ${clockTime(s.end, props.clinic.timeZone)}`,
                    }))
            }
            value={start}
            error={startError}
            onChange={(event) => setStart(event.currentTarget.value)}
          />
        </Group>
        <NotesField label={t('booking.notes')} value={notes} onChange={setNotes} />
        <DialogActions
          hint={t('booking.hint')}
          submitLabel={t('booking.submit')}
          loading={saving}
          onCancel={props.onClose}
        />
      </DialogForm>
    </Modal>
  );
}
