import { Alert, Badge, Button, Group, Switch, Table, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { activateEvent, inactivateEvent, listEvents } from '../../../core/clinic/event-ops.js';
import { events } from '../../../core/clinic/event-record.js';
import { invoke } from '../../../core/operation.js';
import { listPriceTables } from '../../../core/price/price-table-ops.js';
import { priceTables } from '../../../core/price/price-table-record.js';
import { formFailure } from '../common/domain-errors.js';
import { ListTable } from '../common/ListTable.js';
import { useLive } from '../local/hooks.js';
import { EventDialog, type ListedEvent } from './EventDialog.js';
import { useAdminRun } from './use-admin-run.js';

/**
 * Administração › Procedimentos e preços: the clinic's procedures (events) by the start of the name
 * (the core's search, which also serves thousands of imported TUSS codes) or by code, the inactive
 * ones on request; create, rename, inactivate and reactivate. Below, the price tables.
 */
export function ProceduresSection() {
  const { t } = useTranslation();
  const { run, offline } = useAdminRun();
  const [query, setQuery] = useState('');
  const [showInactive, setShowInactive] = useState(false);
  const [editing, setEditing] = useState<ListedEvent | 'new' | null>(null);
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | null>(null);
  const found = useLive(
    async (ctx) => {
      const active = showInactive ? ('all' as const) : true;
      const q = query.trim();
      const byName = await invoke(listEvents, ctx, { ...(q ? { q } : {}), active, limit: 100 });
      // A typed code (digits, as TUSS codes are) finds its event too.
      if (!/^\d[\d.-]*$/.test(q)) return byName.items;
      const byCode = await invoke(listEvents, ctx, { code: q, active, limit: 100 });
      return [...byCode.items, ...byName.items.filter((e) => !byCode.items.some((c) => c.id === e.id))];
    },
    [events],
    [query, showInactive],
  );
  const tables = useLive((ctx) => invoke(listPriceTables, ctx, { active: 'all', limit: 100 }), [priceTables], []);

  const toggle = async (event: ListedEvent) => {
    try {
      await run(event.active ? inactivateEvent : activateEvent, { id: event.id });
      setNotice({
        ok: true,
        text: t(event.active ? 'admin.proc.inactivated' : 'admin.proc.reactivated', { name: event.name }),
      });
    } catch (error) {
      setNotice({ ok: false, text: formFailure(error, []).general ?? '' });
    }
  };

  return (
    <section aria-labelledby="admin-proc-title">
      <Group justify="space-between" mb="md">
        <Title order={3} id="admin-proc-title">
          {t('admin.section.procedures')}
        </Title>
        <Button onClick={() => setEditing('new')}>{t('admin.proc.new')}</Button>
      </Group>
      <Group mb="md" align="center">
        <TextInput
          aria-label={t('admin.proc.search')}
          placeholder={t('admin.proc.search')}
          value={query}
          onChange={(event) => setQuery(event.currentTarget.value)}
          style={{ flex: 1 }}
        />
        <Switch
          label={t('admin.proc.showInactive')}
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
        label={t('admin.proc.list')}
        columns={[
          t('admin.proc.name'),
          t('admin.proc.code'),
          t('admin.proc.type'),
          t('admin.proc.duration'),
          t('admin.proc.status'),
          { w: 210 },
        ]}
        empty={found.data && found.data.length === 0 ? t('admin.proc.none') : null}
      >
        {(found.data ?? []).map((event) => (
          <Table.Tr key={event.id}>
            <Table.Td fw={500}>{event.name}</Table.Td>
            <Table.Td>{event.code ?? '—'}</Table.Td>
            <Table.Td>{t(`admin.type.${event.type}`)}</Table.Td>
            <Table.Td>{event.durationMinutes ?? '—'}</Table.Td>
            <Table.Td>
              <Badge color={event.active ? 'green' : 'gray'} variant="light">
                {event.active ? t('admin.proc.activeOne') : t('admin.proc.inactiveOne')}
              </Badge>
            </Table.Td>
            <Table.Td>
              <Group gap="xs" justify="flex-end" wrap="nowrap">
                <Button
                  size="xs"
                  variant="default"
                  aria-label={`${t('admin.edit')} ${event.name}`}
                  onClick={() => setEditing(event)}
                >
                  {t('admin.edit')}
                </Button>
                <Button
                  size="xs"
                  variant="subtle"
                  color={event.active ? 'red' : 'green'}
                  disabled={offline}
                  aria-label={`${event.active ? t('admin.inactivate') : t('admin.reactivate')} ${event.name}`}
                  onClick={() => void toggle(event)}
                >
                  {event.active ? t('admin.inactivate') : t('admin.reactivate')}
                </Button>
              </Group>
            </Table.Td>
          </Table.Tr>
        ))}
      </ListTable>
      <Title order={4} mt="xl" mb="sm">
        {t('admin.proc.tables')}
      </Title>
      <ListTable
        label={t('admin.proc.tables')}
        columns={[t('admin.proc.tableName'), t('admin.proc.status')]}
        empty={tables.data && tables.data.items.length === 0 ? t('admin.proc.tablesNone') : null}
      >
        {(tables.data?.items ?? []).map((table) => (
          <Table.Tr key={table.id}>
            <Table.Td fw={500}>{table.name}</Table.Td>
            <Table.Td>
              <Badge color={table.active ? 'green' : 'gray'} variant="light">
                {table.active ? t('admin.active') : t('admin.inactive')}
              </Badge>
            </Table.Td>
          </Table.Tr>
        ))}
      </ListTable>
      {editing && (
        <EventDialog
          event={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={(name) => {
            setEditing(null);
            setNotice({ ok: true, text: t('admin.proc.saved', { name }) });
          }}
        />
      )}
    </section>
  );
}
