import { Button, Group, NativeSelect, Table, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { clinics, type Clinic } from '#core/clinic/clinic-record.js';
import { listPlaces, updatePlace } from '#core/clinic/places-ops.js';
import { invoke } from '#core/operation.js';
import type { Stored } from '#core/store/record.js';
import { ListTable } from '../common/ListTable.js';
import { useLive } from '../local/hooks.js';
import { ActiveBadge } from './ActiveBadge.js';
import { ListFilters } from './ListFilters.js';
import { LoadError } from './LoadError.js';
import { nameMatches } from './load-professionals.js';
import { NoticeAlert } from './NoticeAlert.js';
import { PlaceDialog, type ListedPlace } from './PlaceDialog.js';
import { RowActions } from './RowActions.js';
import { TicketLinesDialog } from './TicketLinesDialog.js';
import { useAdminRun } from './use-admin-run.js';
import { useListFilters } from './use-list-filters.js';
import { useNotice } from './use-notice.js';

/**
 * Clínica › Locais de atendimento, per active clinic: its rooms, guichês and totem queues by name
 * (accents and case ignored), the inactive ones on request; create, edit, inactivate, reactivate; and
 * the clinic's ticket lines and calling ratio (TicketLinesDialog). All local: places live in the
 * clinic document and the ticket settings in the schedule group, both replicated.
 */
export function ClinicPlaces(props: { clinics: readonly Stored<Clinic>[] }) {
  const { t } = useTranslation();
  const { run, offline } = useAdminRun();
  const { query, showInactive, bind: filters } = useListFilters();
  const [chosen, setChosen] = useState<string | null>(null);
  const [editing, setEditing] = useState<ListedPlace | 'new' | null>(null);
  const [lines, setLines] = useState(false);
  const { notice, say, clear, attempt } = useNotice();
  const clinic = props.clinics.find((c) => c.id === chosen) ?? props.clinics[0];
  const found = useLive(
    async (ctx) => {
      if (!clinic) return [];
      const { items } = await invoke(listPlaces, ctx, { id: clinic.id, active: showInactive ? 'all' : true });
      return items.filter((p) => nameMatches(p.name, query)).sort((a, b) => a.name.localeCompare(b.name, 'pt-BR'));
    },
    [clinics],
    [clinic?.id, query, showInactive],
  );
  if (!clinic) return null;

  const toggle = (place: ListedPlace) =>
    attempt(
      () => run(updatePlace, { id: clinic.id, placeId: place.id, ...placeValues(place), active: !place.active }),
      t(place.active ? 'admin.place.inactivated' : 'admin.place.reactivated', { name: place.name }),
    );

  return (
    <section aria-labelledby="setup-places-title" style={{ marginTop: 'var(--mantine-spacing-xl)' }}>
      <Group justify="space-between" mb="md">
        <Title order={4} id="setup-places-title">
          {t('admin.place.title')}
        </Title>
        <Group gap="sm">
          <Button variant="default" onClick={() => setLines(true)}>
            {t('admin.lines.open')}
          </Button>
          <Button onClick={() => setEditing('new')}>{t('admin.place.new')}</Button>
        </Group>
      </Group>
      {props.clinics.length > 1 && (
        <NativeSelect
          label={t('admin.place.clinic')}
          mb="md"
          value={clinic.id}
          data={props.clinics.map((c) => ({ value: c.id, label: c.name }))}
          onChange={(event) => setChosen(event.currentTarget.value)}
        />
      )}
      <ListFilters searchLabel={t('admin.place.search')} inactiveLabel={t('admin.proc.showInactive')} {...filters} />
      <NoticeAlert notice={notice} onClose={clear} />
      <LoadError error={found.error} />
      <ListTable
        label={t('admin.place.list')}
        columns={[
          t('admin.place.name'),
          t('admin.place.kind'),
          t('admin.place.prefixShort'),
          t('admin.clinic.status'),
          { w: 210 },
        ]}
        empty={found.data && found.data.length === 0 ? t('admin.place.none') : null}
      >
        {(found.data ?? []).map((place) => (
          <Table.Tr key={place.id}>
            <Table.Td fw={500}>{place.name}</Table.Td>
            <Table.Td>{t(`admin.place.kind.${place.kind}`)}</Table.Td>
            <Table.Td>{place.ticketPrefix ?? '—'}</Table.Td>
            <Table.Td>
              <ActiveBadge active={place.active} on={t('admin.proc.activeOne')} off={t('admin.proc.inactiveOne')} />
            </Table.Td>
            <RowActions
              open={{
                label: t('admin.edit'),
                ariaLabel: `${t('admin.edit')} ${place.name}`,
                onClick: () => setEditing(place),
              }}
              active={place.active}
              name={place.name}
              offline={offline}
              onToggle={() => void toggle(place)}
            />
          </Table.Tr>
        ))}
      </ListTable>
      {editing && (
        <PlaceDialog
          clinicId={clinic.id}
          place={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={(name) => {
            setEditing(null);
            say(t('admin.place.saved', { name }));
          }}
        />
      )}
      {lines && (
        <TicketLinesDialog
          clinic={clinic}
          onClose={() => setLines(false)}
          onSaved={() => {
            setLines(false);
            say(t('admin.lines.saved', { name: clinic.name }));
          }}
        />
      )}
    </section>
  );
}

/** What `clinic.place.update` takes back of a listed place besides `active`. */
function placeValues(place: ListedPlace) {
  return { name: place.name, kind: place.kind, ...(place.ticketPrefix ? { ticketPrefix: place.ticketPrefix } : {}) };
}
