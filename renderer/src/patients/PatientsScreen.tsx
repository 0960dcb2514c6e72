import { Alert, Badge, Button, Checkbox, Group, Kbd, Table, TextInput, Title } from '@mantine/core';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCpf } from '#core/br/cpf.js';
import { searchKey } from '#core/br/text.js';
import { listPatients } from '#core/patient/patient-list-ops.js';
import { patients } from '#core/patient/patient-record.js';
import { invoke } from '#core/operation.js';
import { formFailure } from '../common/domain-errors.js';
import { ListTable } from '../common/ListTable.js';
import { useLive, useLocalCore } from '../local/hooks.js';
import { useSession } from '../session/session-store.js';
import { listInactivePatients, serverAccessOf } from './inactive-patients.js';
import type { PatientView } from './patient-form-values.js';
import { typingIn } from '../reception/shortcuts.js';
import { showPhone } from './masks.js';
import { PatientForm } from './PatientForm.js';
import { PatientPage } from './PatientPage.js';
import './patients.css';

function birth(date: string | undefined): string {
  return date ? date.split('-').reverse().join('/') : '';
}

/** Moves focus among the result rows' name buttons: ↓/↑ from the search box or a row. */
function focusRow(table: HTMLElement | null, from: EventTarget | null, step: 1 | -1): boolean {
  const rows = [...(table?.querySelectorAll<HTMLButtonElement>('button.row-link') ?? [])];
  const at = rows.indexOf(from as HTMLButtonElement);
  const next = rows[at === -1 ? (step === 1 ? 0 : -1) : at + step];
  next?.focus();
  return next !== undefined;
}

/**
 * Patients: one search box (name, CPF, phone or birth date, as the core reads it) over the local
 * database, registration, and each patient's page (a row opens it). `/` focuses the search, ↓/↑ walk
 * the results, Enter opens one, N opens a new registration.
 */
export function PatientsScreen() {
  const { t } = useTranslation();
  const [query, setQuery] = useState('');
  const [withInactive, setWithInactive] = useState(false);
  const [creating, setCreating] = useState(false);
  const [open, setOpen] = useState<PatientView | null>(null);
  const { installation } = useLocalCore();
  const session = useSession((s) => s.session);
  const access = useMemo(() => serverAccessOf(installation, session), [installation, session]);
  const [saved, setSaved] = useState<string | null>(null);
  const search = useRef<HTMLInputElement>(null);
  const results = useRef<HTMLDivElement>(null);
  const found = useLive(
    async (ctx) => {
      const q = query.trim() || undefined;
      const local = await invoke(listPatients, ctx, { q, active: withInactive ? 'all' : 'true', limit: 50 });
      if (!withInactive || !access) return local;
      // Inactive patients leave the desk on the next pull (sync window): the server lists them.
      const inactive = await listInactivePatients(access, q).catch(() => []);
      const byId = new Map([...local.items, ...inactive].map((p) => [p.id, p]));
      const items = [...byId.values()].sort((a, b) => {
        const [x, y] = [searchKey(a.name), searchKey(b.name)];
        return x < y ? -1 : x > y ? 1 : 0;
      });
      return { items: items.slice(0, 50), next: null };
    },
    [patients],
    [query, withInactive, access],
  );

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (open || creating || typingIn(event.target) || event.ctrlKey || event.altKey || event.metaKey) return;
      if (event.key === '/') search.current?.focus();
      else if (event.key === 'n' || event.key === 'N') setCreating(true);
      else return;
      event.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [creating, open]);

  if (open)
    return (
      <PatientPage
        key={open.id}
        id={open.id}
        initial={open}
        access={access}
        onBack={() => {
          setOpen(null);
          // Back where the reception left: the search box, with what it typed.
          setTimeout(() => search.current?.focus(), 0);
        }}
      />
    );

  const arrows = (event: React.KeyboardEvent) => {
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    const moved = focusRow(results.current, event.target, event.key === 'ArrowDown' ? 1 : -1);
    if (!moved && event.key === 'ArrowUp') search.current?.focus();
    event.preventDefault();
  };

  return (
    <section aria-labelledby="patients-title">
      <Group justify="space-between" mb="md">
        <Title order={3} id="patients-title">
          {t('nav.patients')}
        </Title>
        <Button onClick={() => setCreating(true)} rightSection={<Kbd className="kbd-on-primary">N</Kbd>}>
          {t('patient.new')}
        </Button>
      </Group>
      <TextInput
        ref={search}
        aria-label={t('patient.search')}
        placeholder={t('patient.searchPlaceholder')}
        value={query}
        onChange={(event) => setQuery(event.currentTarget.value)}
        onKeyDown={arrows}
        rightSection={<Kbd>/</Kbd>}
        mb="xs"
        size="md"
      />
      <Checkbox
        label={t('patient.showInactive')}
        checked={withInactive}
        onChange={(event) => setWithInactive(event.currentTarget.checked)}
        mb="md"
      />
      {found.error !== undefined && (
        <Alert color="red" variant="light" mb="md" role="alert">
          {formFailure(found.error, []).general}
        </Alert>
      )}
      {saved && (
        <Alert color="green" variant="light" mb="md" withCloseButton onClose={() => setSaved(null)}>
          {t('patient.saved', { name: saved })}
        </Alert>
      )}
      <div ref={results} onKeyDown={arrows}>
        <ListTable
          label={t('patient.results')}
          columns={[
            t('patient.name'),
            t('patient.cpf'),
            t('patient.birthDate'),
            t('patient.cellPhone'),
            t('patient.insurance'),
          ]}
          empty={found.data && found.data.items.length === 0 ? t('patient.none') : null}
        >
          {(found.data?.items ?? []).map((p) => (
            <Table.Tr key={p.id} className="row-open" onClick={() => setOpen(p)}>
              <Table.Td fw={500}>
                <button type="button" className="row-link">
                  {p.socialName ?? p.name}
                </button>
                {!p.active && (
                  <Badge ml="xs" size="xs" color="gray">
                    {t('patient.inactive')}
                  </Badge>
                )}
                {p.temporary && (
                  <Badge ml="xs" size="xs" color="gray">
                    {t('patient.temporary')}
                  </Badge>
                )}
              </Table.Td>
              <Table.Td>{p.cpf ? formatCpf(p.cpf) : '—'}</Table.Td>
              <Table.Td>{birth(p.birthDate)}</Table.Td>
              <Table.Td>{p.cellPhone ? showPhone(p.cellPhone) : '—'}</Table.Td>
              <Table.Td>
                {p.insurances.length > 0 ? t('patient.cards', { count: p.insurances.length }) : t('patient.private')}
              </Table.Td>
            </Table.Tr>
          ))}
        </ListTable>
      </div>
      {creating && (
        <PatientForm
          onClose={() => setCreating(false)}
          onSaved={(_id, name) => {
            setCreating(false);
            setSaved(name);
          }}
        />
      )}
    </section>
  );
}
