import { Alert, Badge, Button, Group, Kbd, Table, TextInput, Title } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCpf } from '../../../core/br/cpf.js';
import { listPatients } from '../../../core/patient/patient-list.js';
import { patients } from '../../../core/patient/patient-record.js';
import { invoke } from '../../../core/operation.js';
import { ListTable } from '../common/ListTable.js';
import { useLive } from '../local/hooks.js';
import { typingIn } from '../reception/shortcuts.js';
import { maskPhone } from './masks.js';
import { PatientForm } from './PatientForm.js';

function birth(date: string | undefined): string {
  return date ? date.split('-').reverse().join('/') : '';
}

/**
 * Patients: one search box (name, CPF, phone or birth date, as the core reads it) over the local
 * database, and registration. `/` focuses the search, N opens a new registration.
 */
export function PatientsScreen() {
  const { t } = useTranslation();
  const [query, setQuery] = useState('');
  const [creating, setCreating] = useState(false);
  const [saved, setSaved] = useState<string | null>(null);
  const search = useRef<HTMLInputElement>(null);
  const found = useLive(
    (ctx) => invoke(listPatients, ctx, { q: query.trim() || undefined, limit: 50 }),
    [patients],
    [query],
  );

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (creating || typingIn(event.target) || event.ctrlKey || event.altKey || event.metaKey) return;
      if (event.key === '/') search.current?.focus();
      else if (event.key === 'n' || event.key === 'N') setCreating(true);
      else return;
      event.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [creating]);

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
        rightSection={<Kbd>/</Kbd>}
        mb="md"
        size="md"
      />
      {saved && (
        <Alert color="green" variant="light" mb="md" withCloseButton onClose={() => setSaved(null)}>
          {t('patient.saved', { name: saved })}
        </Alert>
      )}
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
          <Table.Tr key={p.id}>
            <Table.Td fw={500}>
              {p.socialName ?? p.name}
              {p.temporary && (
                <Badge ml="xs" size="xs" color="gray">
                  {t('patient.temporary')}
                </Badge>
              )}
            </Table.Td>
            <Table.Td>{p.cpf ? formatCpf(p.cpf) : '—'}</Table.Td>
            <Table.Td>{birth(p.birthDate)}</Table.Td>
            <Table.Td>{p.cellPhone ? maskPhone(p.cellPhone.replace(/^\+55/, '')) : '—'}</Table.Td>
            <Table.Td>
              {p.insurances.length > 0 ? t('patient.cards', { count: p.insurances.length }) : t('patient.private')}
            </Table.Td>
          </Table.Tr>
        ))}
      </ListTable>
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
