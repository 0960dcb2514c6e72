import { Alert, Checkbox, Fieldset, Group, Loader, Modal, NativeSelect, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { User } from '#core/access/user.js';
import type { Clinic } from '#core/clinic/clinic-record.js';
import { saveScheduleSettings } from '#core/schedule/settings-ops.js';
import { scheduleSettings } from '#core/schedule/settings-record.js';
import { clinics } from '#core/clinic/clinic-record.js';
import type { Stored } from '#core/store/record.js';
import { DialogForm } from '../common/DialogForm.js';
import { useCtrlEnter } from '../common/dialog-keys.js';
import { formFailure, type FormFailure } from '../common/domain-errors.js';
import { useLive } from '../local/hooks.js';
import { useAdminRun } from './use-admin-run.js';
import { loadProfessionalSchedule } from './load-professionals.js';
import { describeWeek, flatten, periodFields, periodMessages, weekOf, type WeekDraft } from './week-hours.js';
import { WeekHoursEditor } from './WeekHoursEditor.js';
import { SaveActions } from './SaveActions.js';

/** Slot lengths offered, minutes (the core takes 5 to 480). */
const SLOT_CHOICES = [5, 10, 15, 20, 30, 40, 45, 50, 60, 90, 120];
/** Return windows offered, days (the core takes 0 to 365). */
const RETURN_CHOICES = [0, 7, 15, 30, 45, 60, 90];

/** The form's state, once the saved schedule is read. */
interface Draft {
  own: boolean;
  hours: WeekDraft;
  slotMinutes: number;
  returnWindowDays: number;
}

/**
 * One professional's schedule at one clinic (`scheduleSettings.save`): own working hours per weekday
 * or the clinic's, the slot length the agenda's grid uses, and the return window. The clinic is
 * picked when the account has several.
 */
export function ScheduleDialog(props: {
  professional: Stored<User>;
  clinics: readonly Stored<Clinic>[];
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t, i18n } = useTranslation();
  const { run } = useAdminRun();
  const [clinic, setClinic] = useState(props.clinics[0]?.id ?? '');
  const [draft, setDraft] = useState<Draft | null>(null);
  const [failure, setFailure] = useState<FormFailure | null>(null);
  const [at, setAt] = useState<{ weekday: number; index: number }[]>([]);
  const [saving, setSaving] = useState(false);
  const schedule = useLive(
    (ctx) => loadProfessionalSchedule(ctx, clinic, props.professional.id),
    [scheduleSettings, clinics],
    [clinic, props.professional.id],
  );
  const loaded = schedule.data;
  // A new clinic picked (or the first read): the form starts over from what is saved there.
  useEffect(() => {
    // The live read keeps the previous clinic's answer until the new one arrives: wait for it.
    if (!loaded || loaded.effective.clinic !== clinic) return;
    const own = loaded.own !== undefined && loaded.own.workingHours.length > 0;
    setDraft({
      own,
      hours: weekOf(own ? loaded.own!.workingHours : loaded.clinicHours),
      slotMinutes: loaded.effective.slotMinutes,
      returnWindowDays: loaded.effective.returnWindowDays,
    });
    setFailure(null);
    // Only the first read for a clinic resets what is typed; later pushes from sync do not.
  }, [clinic, loaded?.effective.clinic]);

  const submit = async () => {
    if (saving || !draft) return;
    setSaving(true);
    setFailure(null);
    const { periods, at: where } = draft.own ? flatten(draft.hours) : { periods: [], at: [] };
    setAt(where);
    try {
      await run(saveScheduleSettings, {
        clinic,
        professional: props.professional.id,
        slotMinutes: draft.slotMinutes,
        returnWindowDays: draft.returnWindowDays,
        workingHours: periods,
      });
      props.onSaved();
    } catch (error) {
      setFailure(
        formFailure(error, [
          'clinic',
          'slotMinutes',
          'returnWindowDays',
          ...periodFields('workingHours', where.length),
        ]),
      );
      setSaving(false);
    }
  };
  useCtrlEnter(submit);
  const set = (patch: Partial<Draft>) => setDraft((d) => (d ? { ...d, ...patch } : d));
  const clinicWeek = loaded ? describeWeek(loaded.clinicHours, i18n.language) : '';

  return (
    <Modal
      opened
      onClose={props.onClose}
      title={t('admin.pro.scheduleTitle', { name: props.professional.name })}
      size={760}
    >
      <DialogForm onSubmit={submit} error={failure?.general}>
        <Group grow align="flex-start">
          {props.clinics.length > 1 && (
            <NativeSelect
              label={t('admin.pro.clinic')}
              data={props.clinics.map((c) => ({ value: c.id, label: c.name }))}
              value={clinic}
              onChange={(event) => {
                const next = event.currentTarget.value;
                if (next === clinic) return;
                setDraft(null);
                setClinic(next);
              }}
            />
          )}
          <NativeSelect
            label={t('admin.pro.slot')}
            data={SLOT_CHOICES.map((n) => ({ value: String(n), label: t('admin.pro.minutes', { n: String(n) }) }))}
            value={String(draft?.slotMinutes ?? 30)}
            error={failure?.fields['slotMinutes']}
            onChange={(event) => set({ slotMinutes: Number(event.currentTarget.value) })}
          />
          <NativeSelect
            label={t('admin.pro.returnDays')}
            data={RETURN_CHOICES.map((n) => String(n))}
            value={String(draft?.returnWindowDays ?? 30)}
            error={failure?.fields['returnWindowDays']}
            onChange={(event) => set({ returnWindowDays: Number(event.currentTarget.value) })}
          />
        </Group>
        {!draft ? (
          <Loader size="sm" />
        ) : (
          <Fieldset legend={t('admin.pro.hours')}>
            <Checkbox
              mb="sm"
              label={t('admin.pro.ownHours')}
              checked={draft.own}
              onChange={(event) => set({ own: event.currentTarget.checked })}
            />
            {draft.own ? (
              <WeekHoursEditor
                label={t('admin.pro.hours')}
                value={draft.hours}
                onChange={(hours) => set({ hours })}
                messages={failure ? periodMessages(failure.fields, 'workingHours', at) : {}}
              />
            ) : clinicWeek ? (
              <Text size="sm">{t('admin.pro.followsClinic', { hours: clinicWeek })}</Text>
            ) : (
              <Alert color="orange" variant="light">
                {t('admin.pro.clinicClosed')}
              </Alert>
            )}
          </Fieldset>
        )}
        <SaveActions loading={saving} onCancel={props.onClose} />
      </DialogForm>
    </Modal>
  );
}
