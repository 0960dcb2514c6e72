import { Button, Group, Table, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { activateEvent, inactivateEvent, listEvents } from '#core/clinic/event-ops.js';
import { events } from '#core/clinic/event-record.js';
import { invoke } from '#core/operation.js';
import { exportPriceTable } from '#core/price/csv-export-ops.js';
import { listPriceTables } from '#core/price/price-table-ops.js';
import { priceTables } from '#core/price/price-table-record.js';
import { ListTable } from '../common/ListTable.js';
import { useLive, useRun } from '../local/hooks.js';
import { EventDialog, type ListedEvent } from './EventDialog.js';
import { useAdminRun } from './use-admin-run.js';
import { ActiveBadge } from './ActiveBadge.js';
import { ListFilters } from './ListFilters.js';
import { useListFilters } from './use-list-filters.js';
import { NoticeAlert } from './NoticeAlert.js';
import { SectionHeader } from './SectionHeader.js';
import { RowActions } from './RowActions.js';
import { useNotice } from './use-notice.js';
import { saveFile } from './price-files.js';
import { PriceImportDialog } from './PriceImportDialog.js';
import { PriceTableDialog } from './PriceTableDialog.js';

/**
 * Administração › Procedimentos e preços: the clinic's procedures (events) by the start of the name
 * (the core's search, which also serves thousands of imported TUSS codes) or by code, the inactive
 * ones on request; create, rename, inactivate and reactivate. Below, the price tables.
 */
export function ProceduresSection() {
  const { t } = useTranslation();
  const { run, offline } = useAdminRun();
  const { query, showInactive, bind: filters } = useListFilters();
  const [editing, setEditing] = useState<ListedEvent | 'new' | null>(null);
  const [newTable, setNewTable] = useState(false);
  const [importing, setImporting] = useState<{ id: string; name: string } | null>(null);
  // Exporting reads: it runs on this desk's copy, with or without the server.
  const runLocal = useRun();
  const { notice, say, clear, attempt } = useNotice();
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

  const toggle = (event: ListedEvent) =>
    attempt(
      () => run(event.active ? inactivateEvent : activateEvent, { id: event.id }),
      t(event.active ? 'admin.proc.inactivated' : 'admin.proc.reactivated', { name: event.name }),
    );

  const exportTable = (table: { id: string; name: string }) =>
    attempt(
      async () => {
        const file = await runLocal(exportPriceTable, { id: table.id, format: 'csv' });
        saveFile(file.fileName, file.content, file.mediaType);
        return file;
      },
      t('admin.price.exported', { name: table.name }),
    );

  return (
    <section aria-labelledby="admin-proc-title">
      <SectionHeader id="admin-proc-title" title={t('admin.section.procedures')}>
        <Button onClick={() => setEditing('new')}>{t('admin.proc.new')}</Button>
      </SectionHeader>
      <ListFilters searchLabel={t('admin.proc.search')} inactiveLabel={t('admin.proc.showInactive')} {...filters} />
      <NoticeAlert notice={notice} onClose={clear} />
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
              <ActiveBadge active={event.active} on={t('admin.proc.activeOne')} off={t('admin.proc.inactiveOne')} />
            </Table.Td>
            <RowActions
              open={{
                label: t('admin.edit'),
                ariaLabel: `${t('admin.edit')} ${event.name}`,
                onClick: () => setEditing(event),
              }}
              active={event.active}
              name={event.name}
              offline={offline}
              onToggle={() => void toggle(event)}
            />
          </Table.Tr>
        ))}
      </ListTable>
      <Group justify="space-between" mt="xl" mb="sm">
        <Title order={4}>{t('admin.proc.tables')}</Title>
        <Button variant="default" onClick={() => setNewTable(true)}>
          {t('admin.price.newTable')}
        </Button>
      </Group>
      <ListTable
        label={t('admin.proc.tables')}
        columns={[t('admin.proc.tableName'), t('admin.proc.status'), { w: 260 }]}
        empty={tables.data && tables.data.items.length === 0 ? t('admin.proc.tablesNone') : null}
      >
        {(tables.data?.items ?? []).map((table) => (
          <Table.Tr key={table.id}>
            <Table.Td fw={500}>{table.name}</Table.Td>
            <Table.Td>
              <ActiveBadge active={table.active} on={t('admin.active')} off={t('admin.inactive')} />
            </Table.Td>
            <Table.Td>
              <Group gap="xs" justify="flex-end" wrap="nowrap">
                <Button
                  size="xs"
                  variant="default"
                  disabled={offline}
                  aria-label={t('admin.price.importCsvOf', { name: table.name })}
                  onClick={() => setImporting(table)}
                >
                  {t('admin.price.importCsv')}
                </Button>
                <Button
                  size="xs"
                  variant="default"
                  aria-label={t('admin.price.exportCsvOf', { name: table.name })}
                  onClick={() => void exportTable(table)}
                >
                  {t('admin.price.exportCsv')}
                </Button>
              </Group>
            </Table.Td>
          </Table.Tr>
        ))}
      </ListTable>
      {newTable && (
        <PriceTableDialog
          onClose={() => setNewTable(false)}
          onSaved={(name) => {
            setNewTable(false);
            say(t('admin.price.tableSaved', { name }));
          }}
        />
      )}
      {importing && (
        <PriceImportDialog
          table={importing}
          onClose={() => setImporting(null)}
          onImported={(report) => {
            say(
              t('admin.price.imported', {
                prices: report.pricesSet,
                created: report.createdEvents,
                name: importing.name,
              }),
            );
            setImporting(null);
          }}
        />
      )}
      {editing && (
        <EventDialog
          event={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={(name) => {
            setEditing(null);
            say(t('admin.proc.saved', { name }));
          }}
        />
      )}
    </section>
  );
}
