import { Alert, Badge, Button, Group, Modal, Notification, Paper, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formFailure } from '../common/domain-errors.js';
import { keepLettersInside } from '../common/dialog-keys.js';
import type { MessageKey } from '../i18n/index.js';
import { useLocalCore, useRun } from '../local/hooks.js';
import { bookFromWaitList, bookedNotice } from './book-entry.js';
import { loadFreedSlot, offerHeading, phoneLabel, type FreedSlot } from './freed-slot.js';
import { priorityColor, wantsLabel, type ListedEntry } from './load-wait-list.js';
import { describePeriod } from './periods.js';
import { slotLabel } from './slot-label.js';

/** How long the "booked" notice stays, ms (as the agenda's move notice). */
const NOTICE_MS = 10_000;

/**
 * After a cancellation: who on the wait list fits the freed slot (the core's `waitList.matches`),
 * each with "Agendar aqui", which books that patient into exactly that slot and takes the entry off
 * the list, as "Encaixar" does. Nothing shows when nobody fits. The first "Agendar aqui" has the
 * focus, so Enter books the most urgent entry; Esc or "Agora não" closes without changes. `onClose`
 * runs once the offer is over (nobody fits, dismissed, or booked), with the notice to show if booked.
 */
export function FreedSlotOffer(props: { appointmentId: string; onClose: (notice?: string) => void }) {
  const { t, i18n } = useTranslation();
  const { core, actor } = useLocalCore();
  const run = useRun();
  const [freed, setFreed] = useState<FreedSlot | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState<string | null>(null);
  const { appointmentId, onClose } = props;

  // Read once, right after the cancellation: the offer is about that moment's list, not a live view.
  useEffect(() => {
    let live = true;
    loadFreedSlot(core.context(actor), appointmentId).then(
      (found) => {
        if (!live) return;
        if (found.entries.length === 0) onClose();
        else setFreed(found);
      },
      // The cancellation held; an offer that cannot be read is not worth an error over the agenda.
      () => live && onClose(),
    );
    return () => {
      live = false;
    };
    // Once per freed appointment; `onClose` is the caller's fresh closure each render.
  }, [core, actor, appointmentId]);

  if (!freed) return null;

  const book = async (entry: ListedEntry) => {
    if (saving) return;
    setSaving(entry.id);
    setError(null);
    try {
      const { stillListed } = await bookFromWaitList(run, entry, freed);
      onClose(
        bookedNotice(t, i18n.language, {
          name: entry.patientName,
          professional: freed.professionalName,
          start: freed.start,
          timeZone: freed.timeZone,
          stillListed,
        }),
      );
    } catch (failure) {
      setError(formFailure(failure, []).general);
      setSaving(null);
    }
  };

  const heading = offerHeading(freed.entries.length);
  return (
    <Modal opened onClose={() => onClose()} title={t(heading.key, heading.vars)} size="lg">
      <Stack gap="md" onKeyDown={keepLettersInside} data-testid="freed-slot-offer">
        <Text fw={600}>
          {slotLabel(freed, freed.timeZone, i18n.language)} · {freed.professionalName}
        </Text>
        {error && (
          <Alert color="red" role="alert" variant="light">
            {error}
          </Alert>
        )}
        <Stack gap="xs" role="list" aria-label={t('waitlist.freedList')}>
          {freed.entries.map((entry, i) => (
            <Paper key={entry.id} withBorder p="sm" role="listitem" aria-label={entry.patientName}>
              <Group justify="space-between" wrap="nowrap" align="flex-start">
                <Stack gap={2}>
                  <Group gap="xs">
                    <Text fw={600}>{entry.patientName}</Text>
                    <Badge color={priorityColor[entry.priority]} variant="light" size="sm">
                      {t(`waitlist.priority.${entry.priority}` as MessageKey)}
                    </Badge>
                  </Group>
                  <Text size="sm">
                    {wantsLabel(entry)} ·{' '}
                    {entry.periods.length === 0
                      ? t('waitlist.anyTime')
                      : entry.periods.map((p) => describePeriod(p, i18n.language, t('waitlist.everyDay'))).join('; ')}
                  </Text>
                  {entry.patientPhone && (
                    <Text size="sm" c="dimmed">
                      {t('panel.phone', { phone: phoneLabel(entry.patientPhone) })}
                    </Text>
                  )}
                  {entry.notes && (
                    <Text size="sm" c="dimmed" lineClamp={2}>
                      {entry.notes}
                    </Text>
                  )}
                </Stack>
                <Button
                  data-autofocus={i === 0 ? true : undefined}
                  aria-label={t('waitlist.freedBookFor', { name: entry.patientName })}
                  loading={saving === entry.id}
                  disabled={saving !== null && saving !== entry.id}
                  onClick={() => void book(entry)}
                >
                  {t('waitlist.freedBook')}
                </Button>
              </Group>
            </Paper>
          ))}
        </Stack>
        <Group justify="space-between">
          <Text size="xs" c="dimmed">
            {t('waitlist.freedHint')}
          </Text>
          <Button variant="default" onClick={() => onClose()}>
            {t('waitlist.freedLater')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** The notice after a booking from the offer, at the bottom of the agenda for a while. */
export function FreedSlotNotice(props: { notice: string | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { notice, onClose } = props;
  useEffect(() => {
    if (!notice) return;
    const timer = setTimeout(onClose, NOTICE_MS);
    return () => clearTimeout(timer);
    // The timer restarts for a new notice only.
  }, [notice]);
  if (!notice) return null;
  return (
    <div className="move-notice">
      <Notification
        color="teal"
        role="status"
        onClose={onClose}
        closeButtonProps={{ 'aria-label': t('move.close') }}
        withBorder
      >
        {notice}
      </Notification>
    </div>
  );
}
