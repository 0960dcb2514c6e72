import { Alert, Badge, Button, Group, Switch, Table, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCnpj } from '../../../core/br/cnpj.js';
import { activateClinic, listClinics, removeClinic } from '../../../core/clinic/clinic-ops.js';
import { clinics } from '../../../core/clinic/clinic-record.js';
import { invoke } from '../../../core/operation.js';
import { formFailure } from '../common/domain-errors.js';
import { ListTable } from '../common/ListTable.js';
import { useLive } from '../local/hooks.js';
import { useAdminRun } from './use-admin-run.js';
import { ClinicDialog } from './ClinicDialog.js';
import type { ListedClinic } from './clinic-draft.js';
import { nameMatches } from './load-professionals.js';
import { describeWeek } from './week-hours.js';

/**
 * Administração › Clínica: the account's clinics by name (accents and case ignored), the inactive
 * ones on request, each with its hours in one line; create, edit (data, time zone, opening hours),
 * inactivate and reactivate, all on the local core.
 */
export function ClinicSection() {
  const { t, i18n } = useTranslation();
  const { run, offline } = useAdminRun();
  const [query, setQuery] = useState('');
  const [showInactive, setShowInactive] = useState(false);
  const [editing, setEditing] = useState<ListedClinic | 'new' | null>(null);
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | null>(null);
  const found = useLive(
    async (ctx) => {
      // `active` defaults to true in the core's list: 'all' brings the inactive ones too.
      const page = await invoke(listClinics, ctx, { active: showInactive ? 'all' : true, limit: 100 });
      const items = page.items.filter((c) => nameMatches(c.name, query));
      return { items: items.sort((a, b) => a.name.localeCompare(b.name, 'pt-BR')) };
    },
    [clinics],
    [query, showInactive],
  );

  const toggle = async (clinic: ListedClinic) => {
    try {
      if (clinic.active) await run(removeClinic, { id: clinic.id });
      else await run(activateClinic, { id: clinic.id });
      setNotice({
        ok: true,
        text: t(clinic.active ? 'admin.clinic.inactivated' : 'admin.clinic.reactivated', { name: clinic.name }),
      });
    } catch (error) {
      setNotice({ ok: false, text: formFailure(error, []).general ?? '' });
    }
  };

  return (
    <section aria-labelledby="setup-clinic-title">
      <Group justify="space-between" mb="md">
        <Title order={3} id="setup-clinic-title">
          {t('admin.section.clinic')}
        </Title>
        <Button onClick={() => setEditing('new')}>{t('admin.clinic.new')}</Button>
      </Group>
      <Group mb="md" align="center">
        <TextInput
          aria-label={t('admin.clinic.search')}
          placeholder={t('admin.clinic.search')}
          value={query}
          onChange={(event) => setQuery(event.currentTarget.value)}
          style={{ flex: 1 }}
        />
        <Switch
          label={t('admin.showInactive')}
          checked={showInactive}
          onChange={(event) => setShowInactive(event.currentTarget.checked)}
        />
      </Group>
      {notice && (
        <Alert
          color={notice.ok ? 'green' : 'red'}
          role={notice.ok ? 'status' : 'alert'}
          variant="light"
          mb="md"
          withCloseButton
          onClose={() => setNotice(null)}
        >
          {notice.text}
        </Alert>
      )}
      <ListTable
        label={t('admin.clinic.list')}
        columns={[
          t('admin.clinic.name'),
          t('admin.clinic.cnpj'),
          t('admin.clinic.hours'),
          t('admin.clinic.status'),
          { w: 210 },
        ]}
        empty={found.data && found.data.items.length === 0 ? t('admin.clinic.none') : null}
      >
        {(found.data?.items ?? []).map((clinic) => {
          const week = describeWeek(
            clinic.openingHours.map((h) => ({ weekday: h.weekday, start: h.opens, end: h.closes })),
            i18n.language,
          );
          return (
            <Table.Tr key={clinic.id}>
              <Table.Td fw={500}>{clinic.name}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{clinic.cnpj ? formatCnpj(clinic.cnpj) : '—'}</Table.Td>
              <Table.Td>
                {week ? (
                  <Text size="sm">{week}</Text>
                ) : (
                  <Text size="sm" c="orange.8">
                    {t('admin.clinic.closedAllWeek')}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>
                <Badge color={clinic.active ? 'green' : 'gray'} variant="light">
                  {clinic.active ? t('admin.active') : t('admin.inactive')}
                </Badge>
              </Table.Td>
              <Table.Td>
                <Group gap="xs" justify="flex-end" wrap="nowrap">
                  <Button
                    size="xs"
                    variant="default"
                    aria-label={`${t('admin.edit')} ${clinic.name}`}
                    onClick={() => setEditing(clinic)}
                  >
                    {t('admin.edit')}
                  </Button>
                  <Button
                    size="xs"
                    variant="subtle"
                    color={clinic.active ? 'red' : 'green'}
                    disabled={offline}
                    aria-label={`${clinic.active ? t('admin.inactivate') : t('admin.reactivate')} ${clinic.name}`}
                    onClick={() => void toggle(clinic)}
                  >
                    {clinic.active ? t('admin.inactivate') : t('admin.reactivate')}
                  </Button>
                </Group>
              </Table.Td>
            </Table.Tr>
          );
        })}
      </ListTable>
      {editing && (
        <ClinicDialog
          clinic={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={(name) => {
            setEditing(null);
            setNotice({ ok: true, text: t('admin.clinic.saved', { name }) });
          }}
        />
      )}
    </section>
  );
}
