import { Alert, Group, Loader, Modal, Radio, ScrollArea, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { users } from '#core/access/user.js';
import { clinics } from '#core/clinic/clinic-record.js';
import { appointments } from '#core/schedule/appointment-record.js';
import { scheduleBlocks } from '#core/schedule/block-record.js';
import { scheduleSettings } from '#core/schedule/settings-record.js';
import { dayIn } from '#core/schedule/time.js';
import { DialogActions } from '../common/DialogActions.js';
import { DialogForm } from '../common/DialogForm.js';
import { formFailure } from '../common/domain-errors.js';
import { useLive, useRun } from '../local/hooks.js';
import type { ListedEntry, WaitListData } from './load-wait-list.js';
import { loadFittingSlots } from './matching-slots.js';
import { slotLabel } from './slot-label.js';
import { bookFromWaitList, bookedNotice } from './book-entry.js';
import { useCtrlEnter } from '../common/dialog-keys.js';

/** Days ahead searched for a fitting slot (the core's availability answers at most 31). */
export const FIT_DAYS = 14;
const FIT_LIMIT = 40;
const DEFAULT_ZONE = 'America/Sao_Paulo';

/**
 * "Encaixar": the free slots of the next {@link FIT_DAYS} days that the entry wants (the core's
 * `entryFits` on `schedule.availability`), earliest first; the one picked is booked for the patient
 * and the entry leaves the wait list. ↑/↓ pick a slot, Ctrl+Enter books.
 */
export function FitDialog(props: {
  entry: ListedEntry;
  choices: WaitListData;
  onClose: () => void;
  onBooked: (message: string) => void;
}) {
  const { t, i18n } = useTranslation();
  const run = useRun();
  const zoneOf = (clinic: string) => props.choices.clinics.find((c) => c.id === clinic)?.timeZone ?? DEFAULT_ZONE;
  const today = dayIn(new Date(), props.choices.clinics[0]?.timeZone ?? DEFAULT_ZONE);
  const live = useLive(
    (ctx) => loadFittingSlots(ctx, props.entry, today, FIT_DAYS, FIT_LIMIT),
    [appointments, scheduleBlocks, scheduleSettings, users, clinics],
    [props.entry, today],
  );
  const slots = live.data;
  const [picked, setPicked] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const keyOf = (s: { professional: string; start: string }) => `${s.professional}|${s.start}`;
  const chosen = slots?.find((s) => keyOf(s) === picked) ?? slots?.[0];
  const name = (id: string) => props.choices.professionals.find((p) => p.id === id)?.name ?? '—';
  const manyClinics = props.choices.clinics.length > 1;

  const book = async () => {
    if (!chosen || saving) return;
    setSaving(true);
    setError(null);
    let booked: { stillListed: boolean };
    try {
      booked = await bookFromWaitList(run, props.entry, chosen);
    } catch (failure) {
      setError(formFailure(failure, []).general);
      setSaving(false);
      return;
    }
    props.onBooked(
      bookedNotice(t, i18n.language, {
        name: props.entry.patientName,
        professional: name(chosen.professional),
        start: chosen.start,
        timeZone: zoneOf(chosen.clinic),
        stillListed: booked.stillListed,
      }),
    );
  };
  useCtrlEnter(book);

  return (
    <Modal opened onClose={props.onClose} title={t('waitlist.fitTitle', { name: props.entry.patientName })} size="lg">
      <DialogForm
        onSubmit={book}
        error={error}
        intro={
          <Text size="sm" c="dimmed">
            {t('waitlist.fitIntro', { days: String(FIT_DAYS) })}
          </Text>
        }
      >
        {live.error !== undefined && (
          <Alert color="red" role="alert" variant="light">
            {formFailure(live.error, []).general}
          </Alert>
        )}
        {!slots && live.error === undefined && (
          <Group gap="xs">
            <Loader size="xs" />
            <Text size="sm">{t('booking.loadingSlots')}</Text>
          </Group>
        )}
        {slots && slots.length === 0 && (
          <Alert color="blue" variant="light">
            {t('waitlist.fitNone', { days: String(FIT_DAYS) })}
          </Alert>
        )}
        {slots && slots.length > 0 && chosen && (
          <Radio.Group label={t('waitlist.fitSlots')} value={keyOf(chosen)} onChange={setPicked}>
            <ScrollArea.Autosize mah={320} mt="xs" type="auto">
              <Stack gap={6}>
                {slots.map((s, i) => (
                  <Radio
                    key={keyOf(s)}
                    value={keyOf(s)}
                    data-autofocus={i === 0 ? true : undefined}
                    data-start={s.start}
                    label={`${slotLabel(s, zoneOf(s.clinic), i18n.language)} · ${name(s.professional)}${
                      manyClinics ? ` · ${props.choices.clinics.find((c) => c.id === s.clinic)?.name ?? ''}` : ''
                    }`}
                  />
                ))}
              </Stack>
            </ScrollArea.Autosize>
          </Radio.Group>
        )}
        <DialogActions
          hint={t('waitlist.fitHint')}
          submitLabel={t('waitlist.fitSubmit')}
          loading={saving}
          onCancel={props.onClose}
        />
      </DialogForm>
    </Modal>
  );
}
