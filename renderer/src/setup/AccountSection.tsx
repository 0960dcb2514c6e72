import { Button, Group, NativeSelect, Paper, SimpleGrid, Text, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  accountConfigurations,
  deleteAccountConfiguration,
  editAccountConfiguration,
  getAccountConfiguration,
} from '#core/access/account-configuration-ops.js';
import { invoke } from '#core/operation.js';
import { DialogForm } from '../common/DialogForm.js';
import { formFailure, type FormFailure } from '../common/domain-errors.js';
import { useLive } from '../local/hooks.js';
import { formatWhen } from './format-when.js';
import { NoticeAlert } from './NoticeAlert.js';
import { SectionHeader } from './SectionHeader.js';
import { timeZoneOptions } from './time-zones.js';
import { useAdminRun } from './use-admin-run.js';
import { useNotice } from './use-notice.js';

interface Draft {
  timeZone: string;
  locale: 'pt-BR' | 'en';
  offlineLoginDays: string;
  appointmentMinutes: string;
}

const FIELDS = ['timeZone', 'locale', 'offlineLoginDays', 'appointmentMinutes'];

/** A number as typed, or the text itself when it is not one (the core refuses it under its field). */
const numberOrText = (text: string): number | string => (/^\d+$/.test(text.trim()) ? Number(text) : text);

/**
 * Administração › Conta: the settings every installation of the account follows (spec §4.4
 * `accountConfiguration.get`/`edit`/`delete`): the account's time zone, language, how many days a
 * desk may sign in offline after its last online sign-in, and a new appointment's usual length.
 * "Voltar aos padrões" deletes the saved settings.
 */
export function AccountSection() {
  const { t } = useTranslation();
  const { run, offline } = useAdminRun();
  const current = useLive((ctx) => invoke(getAccountConfiguration, ctx, {}), [accountConfigurations], []);
  const [draft, setDraft] = useState<Draft | null>(null);
  const [failure, setFailure] = useState<FormFailure | null>(null);
  const [saving, setSaving] = useState(false);
  const { notice, say, clear, attempt } = useNotice();
  const loaded = current.data;
  useEffect(() => {
    if (!loaded) return;
    setDraft({
      timeZone: loaded.timeZone,
      locale: loaded.locale,
      offlineLoginDays: String(loaded.offlineLoginDays),
      appointmentMinutes: String(loaded.appointmentMinutes),
    });
  }, [loaded]);

  const save = async () => {
    if (!draft || saving) return;
    setSaving(true);
    setFailure(null);
    try {
      await run(editAccountConfiguration, {
        timeZone: draft.timeZone,
        locale: draft.locale,
        offlineLoginDays: numberOrText(draft.offlineLoginDays),
        appointmentMinutes: numberOrText(draft.appointmentMinutes),
      } as never);
      say(t('admin.account.saved'));
    } catch (error) {
      setFailure(formFailure(error, FIELDS));
    }
    setSaving(false);
  };
  const set = (patch: Partial<Draft>) => setDraft((d) => (d ? { ...d, ...patch } : d));

  return (
    <section aria-labelledby="admin-account-title">
      <SectionHeader id="admin-account-title" title={t('admin.section.account')}>
        <Button
          variant="default"
          disabled={offline || !loaded?.updatedAt}
          onClick={() => void attempt(() => run(deleteAccountConfiguration, {}), t('admin.account.reset'))}
        >
          {t('admin.account.toDefaults')}
        </Button>
      </SectionHeader>
      <NoticeAlert notice={notice} onClose={clear} />
      {draft && (
        <Paper withBorder radius="md" p="lg" maw={720}>
          <DialogForm onSubmit={save} error={failure?.general}>
            <SimpleGrid cols={2}>
              <NativeSelect
                label={t('admin.account.timeZone')}
                description={t('admin.account.timeZoneHint')}
                data={timeZoneOptions(draft.timeZone)}
                value={draft.timeZone}
                error={failure?.fields['timeZone']}
                onChange={(event) => set({ timeZone: event.currentTarget.value })}
              />
              <NativeSelect
                label={t('admin.account.locale')}
                description={t('admin.account.localeHint')}
                data={[
                  { value: 'pt-BR', label: 'Português (Brasil)' },
                  { value: 'en', label: 'English' },
                ]}
                value={draft.locale}
                error={failure?.fields['locale']}
                onChange={(event) => set({ locale: event.currentTarget.value as Draft['locale'] })}
              />
              <TextInput
                label={t('admin.account.offlineLoginDays')}
                description={t('admin.account.offlineLoginDaysHint')}
                inputMode="numeric"
                value={draft.offlineLoginDays}
                error={failure?.fields['offlineLoginDays']}
                onChange={(event) => set({ offlineLoginDays: event.currentTarget.value })}
              />
              <TextInput
                label={t('admin.account.appointmentMinutes')}
                description={t('admin.account.appointmentMinutesHint')}
                inputMode="numeric"
                value={draft.appointmentMinutes}
                error={failure?.fields['appointmentMinutes']}
                onChange={(event) => set({ appointmentMinutes: event.currentTarget.value })}
              />
            </SimpleGrid>
            <Group justify="space-between">
              <Text size="sm" c="dimmed">
                {loaded?.updatedAt
                  ? t('admin.account.updated', { when: formatWhen(loaded.updatedAt) })
                  : t('admin.account.defaults')}
              </Text>
              <Button type="submit" loading={saving} disabled={offline}>
                {t('admin.save')}
              </Button>
            </Group>
          </DialogForm>
        </Paper>
      )}
    </section>
  );
}
