import {
  Autocomplete,
  Button,
  Checkbox,
  Fieldset,
  List,
  NativeSelect,
  SimpleGrid,
  Text,
  TextInput,
} from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { editUser } from '#core/access/user-ops.js';
import { COUNCILS, STATES, type Council, type State } from '#core/access/user.js';
import { searchKey } from '#core/br/text.js';
import { saveScheduleSettings } from '#core/schedule/settings-ops.js';
import { createSpecialty } from '#core/specialty/specialty-ops.js';
import { specialties } from '#core/specialty/specialty-record.js';
import { DialogForm } from '../common/DialogForm.js';
import { useCtrlEnter } from '../common/dialog-keys.js';
import { formFailure, type FormFailure } from '../common/domain-errors.js';
import { useLive } from '../local/hooks.js';
import { emptyProfessional, type ProfessionalDraft, type StepProps } from './first-run-draft.js';
import { StepActions } from './StepActions.js';
import { useAdminRun } from './use-admin-run.js';
import { createUserOnServer } from './user-requests.js';
import { flatten, periodFields, periodMessages } from './week-hours.js';
import { WeekHoursEditor } from './WeekHoursEditor.js';

/** Slot lengths offered, minutes (as the schedule dialog). */
const SLOTS = [10, 15, 20, 30, 40, 45, 50, 60, 90];
/** The core refused the specialty typed: its message goes under the specialty field. */
class SpecialtyRefused extends Error {}

const FIELDS = ['name', 'email', 'council', 'councilNumber', 'councilState', 'specialties', 'slotMinutes'];

/**
 * The assistant's professionals: each one's name and e-mail (the server invites them), council and
 * number, specialty (picked or created by name), slot length and working hours (the clinic's, or
 * their own). Saved one at a time; the list shows who is done; at least one moves on.
 */
export function FirstRunProfessionalsStep({ draft, update, next }: StepProps) {
  const { t } = useTranslation();
  const { run, hasServer, offline } = useAdminRun();
  const [failure, setFailure] = useState<FormFailure | null>(null);
  const [at, setAt] = useState<{ weekday: number; index: number }[]>([]);
  const [saving, setSaving] = useState(false);
  const known = useLive(
    (ctx) => ctx.store.collection(specialties).find({ selector: { active: true }, limit: 500 }),
    [specialties],
    [],
  );
  const form = draft.professional;
  const set = (patch: Partial<ProfessionalDraft>) =>
    update((d) => ({ ...d, professional: { ...d.professional, ...patch } }));
  const typed = form.name.trim() !== '';
  const needsServer = !hasServer || offline;

  /** Saves the typed professional; true when saved (or nothing was typed). */
  const save = async (): Promise<boolean> => {
    if (!typed) return true;
    if (!draft.clinicId) return false;
    if (needsServer) {
      setFailure({ fields: {}, general: t('first.pro.needsServer') });
      return false;
    }
    setSaving(true);
    setFailure(null);
    const { periods, at: where } = form.ownHours ? flatten(form.hours) : { periods: [], at: [] };
    setAt(where);
    try {
      const specialty = await specialtyId(form.specialty);
      // The user exists once the server answered: a later refusal must not invite them twice.
      let id = form.savedId;
      if (!id) {
        const email = form.email.trim();
        id = (await run(createUserOnServer, { name: form.name, role: 'professional', ...(email ? { email } : {}) }))
          .user.id;
        const saved = id;
        update((d) => ({ ...d, professional: { ...d.professional, savedId: saved } }));
      }
      const council = form.councilNumber.trim()
        ? { council: form.council, councilNumber: form.councilNumber.trim(), councilState: form.councilState }
        : {};
      await run(editUser, { id, name: form.name, ...council, specialties: specialty ? [specialty] : [] });
      await run(saveScheduleSettings, {
        clinic: draft.clinicId,
        professional: id,
        slotMinutes: form.slotMinutes,
        returnWindowDays: 30,
        workingHours: periods,
      });
      const done = { id, name: form.name.trim() };
      update((d) => ({
        ...d,
        professionals: [...d.professionals.filter((p) => p.id !== done.id), done],
        professional: { ...emptyProfessional(), slotMinutes: form.slotMinutes },
      }));
      return true;
    } catch (error) {
      if (error instanceof SpecialtyRefused) setFailure({ fields: { specialties: error.message }, general: null });
      else setFailure(formFailure(error, [...FIELDS, ...periodFields('workingHours', where.length)]));
      return false;
    } finally {
      setSaving(false);
    }
  };

  /** The id of the specialty named `name` (created when the account has none by that name). */
  const specialtyId = async (name: string): Promise<string | undefined> => {
    if (!name.trim()) return undefined;
    const found = (known.data ?? []).find((s) => searchKey(s.name) === searchKey(name));
    if (found) return found.id;
    try {
      return (await run(createSpecialty, { name: name.trim(), council: form.council })).specialty.id;
    } catch (error) {
      // Its messages name the specialty's own fields (`name`): they belong under the specialty.
      const refused = formFailure(error, ['name', 'council']);
      throw new SpecialtyRefused(refused.fields['name'] ?? refused.fields['council'] ?? refused.general ?? '');
    }
  };

  const submit = async () => {
    if (saving) return;
    if (await save()) next();
  };
  useCtrlEnter(submit);

  return (
    <DialogForm onSubmit={submit} error={failure?.general ?? (needsServer ? t('first.pro.needsServer') : null)}>
      {draft.professionals.length > 0 && (
        <div>
          <Text size="sm" fw={500}>
            {t('first.pro.added')}
          </Text>
          <List size="sm">
            {draft.professionals.map((p) => (
              <List.Item key={p.id}>{p.name}</List.Item>
            ))}
          </List>
        </div>
      )}
      <SimpleGrid cols={2}>
        <TextInput
          label={t('first.pro.name')}
          required={draft.professionals.length === 0}
          data-autofocus
          value={form.name}
          error={failure?.fields['name']}
          onChange={(event) => set({ name: event.currentTarget.value })}
        />
        <TextInput
          label={t('first.pro.email')}
          type="email"
          description={t('first.pro.emailHint')}
          value={form.email}
          disabled={form.savedId !== undefined}
          error={failure?.fields['email']}
          onChange={(event) => set({ email: event.currentTarget.value })}
        />
      </SimpleGrid>
      <SimpleGrid cols={4}>
        <NativeSelect
          label={t('first.pro.council')}
          data={[...COUNCILS]}
          value={form.council}
          error={failure?.fields['council']}
          onChange={(event) => set({ council: event.currentTarget.value as Council })}
        />
        <TextInput
          label={t('first.pro.councilNumber')}
          inputMode="numeric"
          value={form.councilNumber}
          error={failure?.fields['councilNumber']}
          onChange={(event) => set({ councilNumber: event.currentTarget.value })}
        />
        <NativeSelect
          label={t('first.pro.councilState')}
          data={[...STATES]}
          value={form.councilState}
          error={failure?.fields['councilState']}
          onChange={(event) => set({ councilState: event.currentTarget.value as State })}
        />
        <NativeSelect
          label={t('admin.pro.slot')}
          data={SLOTS.map((n) => ({ value: String(n), label: t('admin.pro.minutes', { n: String(n) }) }))}
          value={String(form.slotMinutes)}
          error={failure?.fields['slotMinutes']}
          onChange={(event) => set({ slotMinutes: Number(event.currentTarget.value) })}
        />
      </SimpleGrid>
      <Autocomplete
        label={t('first.pro.specialty')}
        description={t('first.pro.specialtyHint')}
        data={[...new Set((known.data ?? []).map((s) => s.name))]}
        value={form.specialty}
        error={failure?.fields['specialties']}
        onChange={(value) => set({ specialty: value })}
      />
      <Fieldset legend={t('admin.pro.hours')}>
        <Checkbox
          mb="sm"
          label={t('admin.pro.ownHours')}
          checked={form.ownHours}
          onChange={(event) => set({ ownHours: event.currentTarget.checked })}
        />
        {form.ownHours ? (
          <WeekHoursEditor
            label={t('admin.pro.hours')}
            value={form.hours}
            onChange={(hours) => set({ hours })}
            messages={failure ? periodMessages(failure.fields, 'workingHours', at) : {}}
          />
        ) : (
          <Text size="sm">{t('first.pro.clinicHours')}</Text>
        )}
      </Fieldset>
      <StepActions loading={saving} label={t('first.saveNext')}>
        <Button variant="default" disabled={!typed || saving || needsServer} onClick={() => void save()}>
          {t('first.pro.addAnother')}
        </Button>
      </StepActions>
    </DialogForm>
  );
}
