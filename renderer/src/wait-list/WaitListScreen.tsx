import { Alert, Badge, Button, Group, Kbd, Modal, Stack, Table, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { users } from '#core/access/user.js';
import { clinics } from '#core/clinic/clinic-record.js';
import { patients } from '#core/patient/patient-record.js';
import { removeWaitListEntry, waitList } from '#core/schedule/wait-list-ops.js';
import { specialties } from '#core/specialty/specialty-record.js';
import { formFailure } from '../common/domain-errors.js';
import { ListTable } from '../common/ListTable.js';
import { NoticeAlert } from '../common/NoticeAlert.js';
import type { MessageKey } from '../i18n/index.js';
import { useLive, useRun } from '../local/hooks.js';
import { typingIn } from '../reception/shortcuts.js';
import { EntryDialog } from './EntryDialog.js';
import { FitDialog } from './FitDialog.js';
import { loadWaitList, priorityColor, wantsLabel, type ListedEntry } from './load-wait-list.js';
import { describePeriod } from './periods.js';

const READS = [waitList, patients, users, specialties, clinics];
const shortDate = (iso: string) => iso.slice(0, 10).split('-').reverse().join('/');

type Dialog =
  | { kind: 'create' }
  | { kind: 'edit'; entry: ListedEntry }
  | { kind: 'remove'; entry: ListedEntry }
  | { kind: 'fit'; entry: ListedEntry }
  | null;

/**
 * Lista de espera: active entries, most urgent then oldest first (the core's order), with the
 * professional or specialty and the periods the patient prefers. Add (N), edit, remove (asked
 * once) and "Encaixar": the free slots the entry wants, one of them booked and the entry removed.
 */
export function WaitListScreen() {
  const { t, i18n } = useTranslation();
  const live = useLive(loadWaitList, READS, []);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [notice, setNotice] = useState<string | null>(null);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (dialog || typingIn(event.target) || event.ctrlKey || event.altKey || event.metaKey) return;
      if (event.key !== 'n' && event.key !== 'N') return;
      event.preventDefault();
      setDialog({ kind: 'create' });
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [dialog]);

  const data = live.data;
  const close = (message?: string) => {
    setDialog(null);
    if (message) setNotice(message);
  };

  return (
    <section aria-labelledby="wait-list-title">
      <Group justify="space-between" mb="md">
        <Title order={3} id="wait-list-title">
          {t('waitlist.nav')}
        </Title>
        <Button onClick={() => setDialog({ kind: 'create' })} rightSection={<Kbd className="kbd-on-primary">N</Kbd>}>
          {t('waitlist.new')}
        </Button>
      </Group>
      {live.error !== undefined && (
        <Alert color="red" role="alert" mb="md">
          {formFailure(live.error, []).general}
        </Alert>
      )}
      <NoticeAlert notice={notice} onClose={() => setNotice(null)} />
      <ListTable
        label={t('waitlist.nav')}
        columns={[
          t('waitlist.patient'),
          t('waitlist.wants'),
          t('waitlist.periods'),
          t('waitlist.priority'),
          t('waitlist.since'),
          t('waitlist.notes'),
          {},
        ]}
        empty={data && data.entries.length === 0 ? t('waitlist.none') : null}
      >
        {(data?.entries ?? []).map((e) => (
          <Table.Tr key={e.id}>
            <Table.Td fw={600}>{e.patientName}</Table.Td>
            <Table.Td>{wantsLabel(e)}</Table.Td>
            <Table.Td>
              {e.periods.length === 0 ? (
                <Text size="sm" c="dimmed">
                  {t('waitlist.anyTime')}
                </Text>
              ) : (
                e.periods.map((p, i) => (
                  <Text size="sm" key={i}>
                    {describePeriod(p, i18n.language, t('waitlist.everyDay'))}
                  </Text>
                ))
              )}
            </Table.Td>
            <Table.Td>
              <Badge color={priorityColor[e.priority]} variant="light">
                {t(`waitlist.priority.${e.priority}` as MessageKey)}
              </Badge>
            </Table.Td>
            <Table.Td>{shortDate(e.createdAt)}</Table.Td>
            <Table.Td maw={260}>
              <Text size="sm" lineClamp={2}>
                {e.notes ?? ''}
              </Text>
            </Table.Td>
            <Table.Td ta="right">
              <Group gap={6} justify="flex-end" wrap="nowrap">
                <Button size="xs" variant="light" onClick={() => setDialog({ kind: 'fit', entry: e })}>
                  {t('waitlist.fit')}
                </Button>
                <Button size="xs" variant="default" onClick={() => setDialog({ kind: 'edit', entry: e })}>
                  {t('waitlist.edit')}
                </Button>
                <Button size="xs" variant="subtle" color="red" onClick={() => setDialog({ kind: 'remove', entry: e })}>
                  {t('waitlist.remove')}
                </Button>
              </Group>
            </Table.Td>
          </Table.Tr>
        ))}
      </ListTable>
      {data && (dialog?.kind === 'create' || dialog?.kind === 'edit') && (
        <EntryDialog
          entry={dialog.kind === 'edit' ? dialog.entry : null}
          choices={data}
          onClose={() => close()}
          onSaved={(name) => close(t(dialog.kind === 'edit' ? 'waitlist.updated' : 'waitlist.added', { name }))}
        />
      )}
      {dialog?.kind === 'remove' && (
        <RemoveDialog
          entry={dialog.entry}
          onClose={() => close()}
          onRemoved={() => close(t('waitlist.removed', { name: dialog.entry.patientName }))}
        />
      )}
      {data && dialog?.kind === 'fit' && (
        <FitDialog entry={dialog.entry} choices={data} onClose={() => close()} onBooked={(text) => close(text)} />
      )}
    </section>
  );
}

/**
 * Removal, asked once. No undo: the core keeps a removed entry as history and has no way back, and
 * a new entry would lose the patient's place in the queue (the list is by priority, then age).
 */
function RemoveDialog(props: { entry: ListedEntry; onClose: () => void; onRemoved: () => void }) {
  const { t } = useTranslation();
  const run = useRun();
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const remove = async () => {
    setSaving(true);
    try {
      await run(removeWaitListEntry, { id: props.entry.id });
      props.onRemoved();
    } catch (failure) {
      setError(formFailure(failure, []).general);
      setSaving(false);
    }
  };
  return (
    <Modal opened onClose={props.onClose} title={t('waitlist.removeTitle', { name: props.entry.patientName })}>
      <Stack gap="md">
        <Text size="sm">{t('waitlist.removeBody')}</Text>
        {error && (
          <Alert color="red" role="alert" variant="light">
            {error}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={props.onClose}>
            {t('common.cancel')}
          </Button>
          <Button color="red" loading={saving} data-autofocus onClick={() => void remove()}>
            {t('waitlist.remove')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
