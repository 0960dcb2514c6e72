import {
  Alert,
  Badge,
  Button,
  Group,
  Kbd,
  Modal,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCpf } from '#core/br/cpf.js';
import { isDomainError } from '#core/errors.js';
import { budgets } from '#core/budget/budget-record.js';
import { insurances } from '#core/insurance/insurance-record.js';
import { activatePatient, getPatient, inactivatePatient } from '#core/patient/patient-ops.js';
import { patients } from '#core/patient/patient-record.js';
import { invoke } from '#core/operation.js';
import { appointments } from '#core/schedule/appointment-record.js';
import { DialogForm } from '../common/DialogForm.js';
import { formFailure } from '../common/domain-errors.js';
import { ListTable } from '../common/ListTable.js';
import { NoticeAlert } from '../common/NoticeAlert.js';
import type { MessageKey } from '../i18n/index.js';
import { useLive, useRun } from '../local/hooks.js';
import { typingIn } from '../reception/shortcuts.js';
import { showPhone } from './masks.js';
import { activateOnServer, type ServerAccess } from './inactive-patients.js';
import { isoToBr, type PatientView } from './patient-form-values.js';
import { loadPatientHistory } from './patient-history.js';
import { PatientPayments } from '../finance/PatientPayments.js';
import { PatientForm } from './PatientForm.js';

const money = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });

/** `2026-11-25T15:00:00-03:00` → `25/11/2026 15:00` (the clinic's wall clock, as booked). */
function when(start: string): string {
  return `${isoToBr(start.slice(0, 10))} ${start.slice(11, 16)}`;
}

/** Full years from `birthDate` (`YYYY-MM-DD`) to today. */
function age(birthDate: string): number {
  const today = new Date();
  const [y, m, d] = birthDate.split('-').map(Number) as [number, number, number];
  let years = today.getFullYear() - y;
  if (today.getMonth() + 1 < m || (today.getMonth() + 1 === m && today.getDate() < d)) years--;
  return years;
}

/** One label and value of the patient's data. */
function Datum(props: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {props.label}
      </Text>
      <Text size="sm" fw={500}>
        {props.children || '—'}
      </Text>
    </div>
  );
}

/**
 * One patient's page: the registration as the desk reads it, editing (E), inactivation with a reason
 * and reactivation, and the history of appointments and budgets. Esc (or "Voltar") goes back to the list.
 */
export function PatientPage(props: {
  id: string;
  /** The patient as the list had it: shown when it is no longer on this desk (inactive, server only). */
  initial?: PatientView;
  /** The server, to reactivate a patient that already left this desk; null offline. */
  access: ServerAccess | null;
  onBack: () => void;
}) {
  const { t } = useTranslation();
  const run = useRun();
  const [editing, setEditing] = useState(false);
  const [inactivating, setInactivating] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const patient = useLive((ctx) => invoke(getPatient, ctx, { id: props.id }), [patients], [props.id]);
  const history = useLive((ctx) => loadPatientHistory(ctx, props.id), [appointments, budgets], [props.id]);
  const cards = useLive(
    async (ctx) => new Map((await ctx.store.collection(insurances).find()).map((i) => [i.id, i])),
    [insurances],
    [],
  );
  // An inactive patient leaves this desk on the next pull: the page keeps the last version it read.
  // The live read and the operation's answer race (a push answered with a tombstone can remove the patient
  // before the live query reads the inactive version), so the page shows whichever arrived last. Arrival
  // order, not `updatedAt`: the desk's and the server's clocks need not agree.
  const [lastSeen, setLastSeen] = useState<PatientView | undefined>(props.initial);
  useEffect(() => {
    if (patient.data) setLastSeen(patient.data);
  }, [patient.data]);
  const gone = isDomainError(patient.error) && patient.error.code === 'not_found';
  const p = gone ? lastSeen : (lastSeen ?? patient.data);
  const local = patient.data !== undefined && !gone;
  const dialogOpen = editing || inactivating;

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      // A dialog of a section (the patient's credit, its receipt) owns its keys: Escape closes it, not the
      // page. React may have removed the dialog before this listener runs; its detached nodes still tell.
      const target = event.target instanceof Element ? event.target : null;
      const inDialog = !!target?.closest('[role="dialog"]') || document.querySelector('[role="dialog"]') !== null;
      if (dialogOpen || inDialog || typingIn(event.target) || event.ctrlKey || event.altKey || event.metaKey) return;
      if (event.key === 'Escape') props.onBack();
      else if ((event.key === 'e' || event.key === 'E') && local) setEditing(true);
      else return;
      event.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [dialogOpen, local, props]);

  const reactivate = async () => {
    setError(null);
    try {
      if (local) {
        const saved = await run(activatePatient, { id: props.id });
        setLastSeen(saved);
        setNotice(t('patient.reactivated', { name: saved.name }));
      } else if (props.access) {
        const saved = await activateOnServer(props.access, props.id);
        setLastSeen(saved);
        setNotice(t('patient.reactivatedServer', { name: saved.name }));
      } else setError(t('patient.reactivateOffline'));
    } catch (failure) {
      setError(formFailure(failure, []).general);
    }
  };

  if (!p)
    return (
      <section aria-label={t('patient.page')}>
        <Button variant="subtle" onClick={props.onBack}>
          ← {t('patient.back')}
        </Button>
        {patient.error !== undefined && (
          <Alert color="red" variant="light" mt="md">
            {formFailure(patient.error, []).general}
          </Alert>
        )}
      </section>
    );

  const address = p.address
    ? [
        [p.address.street, p.address.number].filter(Boolean).join(', '),
        p.address.complement,
        p.address.district,
        [p.address.city, p.address.state].filter(Boolean).join('/'),
        p.address.zipCode ? `CEP ${p.address.zipCode.replace(/^(\d{5})(\d{3})$/, '$1-$2')}` : '',
      ]
        .filter(Boolean)
        .join(' · ')
    : '';
  const appointmentsList = history.data?.appointments ?? [];
  const budgetList = history.data?.budgets ?? [];

  return (
    <section aria-labelledby="patient-title" data-testid="patient-page">
      <Group justify="space-between" mb="sm" wrap="nowrap">
        <Group gap="sm" wrap="nowrap">
          <Button variant="subtle" onClick={props.onBack} rightSection={<Kbd>Esc</Kbd>}>
            ← {t('patient.back')}
          </Button>
          <Title order={3} id="patient-title">
            {p.socialName ?? p.name}
          </Title>
          {!p.active && (
            <Badge color="gray" size="lg" data-testid="patient-inactive">
              {t('patient.inactive')}
            </Badge>
          )}
          {p.temporary && <Badge color="yellow">{t('patient.temporary')}</Badge>}
        </Group>
        <Group gap="sm" wrap="nowrap">
          <Button
            disabled={!local}
            onClick={() => setEditing(true)}
            rightSection={<Kbd className="kbd-on-primary">E</Kbd>}
          >
            {t('patient.edit')}
          </Button>
          {p.active ? (
            <Button variant="default" color="red" onClick={() => setInactivating(true)}>
              {t('patient.inactivate')}
            </Button>
          ) : (
            !p.mergedInto && (
              <Button variant="light" onClick={() => void reactivate()}>
                {t('patient.reactivate')}
              </Button>
            )
          )}
        </Group>
      </Group>
      <NoticeAlert notice={notice} onClose={() => setNotice(null)} />
      {error && (
        <Alert color="red" role="alert" variant="light" mb="md" withCloseButton onClose={() => setError(null)}>
          {error}
        </Alert>
      )}
      {!p.active && (
        <Alert color="gray" variant="light" mb="md">
          {t('patient.inactiveSince', {
            date: isoToBr(p.inactivatedAt?.slice(0, 10)),
            reason: p.inactivationReason ?? t('patient.noReason'),
          })}{' '}
          {t('patient.inactiveServerOnly')}
        </Alert>
      )}

      <Paper withBorder radius="md" p="md" mb="md">
        <SimpleGrid cols={4} spacing="sm" verticalSpacing="xs">
          {p.socialName && <Datum label={t('patient.name')}>{p.name}</Datum>}
          <Datum label={t('patient.cpf')}>{p.cpf ? formatCpf(p.cpf) : ''}</Datum>
          <Datum label={t('patient.birthDate')}>
            {p.birthDate ? t('patient.birthAge', { date: isoToBr(p.birthDate), count: age(p.birthDate) }) : ''}
          </Datum>
          <Datum label={t('patient.sex')}>{p.sex ? t(`patient.sex.${p.sex}` as MessageKey) : ''}</Datum>
          <Datum label={t('patient.cellPhone')}>{showPhone(p.cellPhone)}</Datum>
          <Datum label={t('patient.phone')}>{showPhone(p.phone)}</Datum>
          <Datum label={t('patient.email')}>{p.email}</Datum>
          <Datum label={t('patient.rg')}>{p.rg}</Datum>
          <Datum label={t('patient.cns')}>{p.cns}</Datum>
          <Datum label={t('patient.motherName')}>{p.motherName}</Datum>
          <Datum label={t('patient.insurance')}>
            {p.insurances.length === 0
              ? t('patient.private')
              : p.insurances
                  .map((card) => {
                    const insurance = cards.data?.get(card.insurance);
                    const plan = insurance?.plans.find((pl) => pl.id === card.insurancePlan);
                    return [insurance?.name ?? '—', plan?.name, card.identificationOnInsurance]
                      .filter(Boolean)
                      .join(' · ');
                  })
                  .join('; ')}
          </Datum>
          <div style={{ gridColumn: 'span 2' }}>
            <Datum label={t('patient.address')}>{address}</Datum>
          </div>
          {p.notes && (
            <div style={{ gridColumn: 'span 4' }}>
              <Datum label={t('patient.notes')}>{p.notes}</Datum>
            </div>
          )}
        </SimpleGrid>
      </Paper>

      <SimpleGrid cols={2} spacing="md">
        <Stack gap="xs">
          <Title order={4} size="h5">
            {t('patient.appointments', { count: appointmentsList.length })}
          </Title>
          <ListTable
            label={t('patient.appointmentsTable')}
            columns={[t('patient.when'), t('patient.professional'), t('patient.situation')]}
            empty={history.data && appointmentsList.length === 0 ? t('patient.noAppointments') : null}
          >
            {appointmentsList.map((a) => (
              <Table.Tr key={a.id}>
                <Table.Td style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
                  {when(a.start)}
                </Table.Td>
                <Table.Td>{a.professionalName}</Table.Td>
                <Table.Td>{t(`appointment.status.${a.status}` as MessageKey)}</Table.Td>
              </Table.Tr>
            ))}
          </ListTable>
        </Stack>
        <Stack gap="xs">
          <Title order={4} size="h5">
            {t('patient.budgets', { count: budgetList.length })}
          </Title>
          <ListTable
            label={t('patient.budgetsTable')}
            columns={[
              t('budget.number'),
              t('budget.created'),
              t('patient.professional'),
              { label: t('budget.total'), ta: 'right' },
              t('patient.situation'),
            ]}
            empty={history.data && budgetList.length === 0 ? t('patient.noBudgets') : null}
          >
            {budgetList.map((b) => (
              <Table.Tr key={b.id}>
                <Table.Td fw={600}>{b.budgetNumber}</Table.Td>
                <Table.Td>{isoToBr(b.createdAt.slice(0, 10))}</Table.Td>
                <Table.Td>{b.professionalName}</Table.Td>
                <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
                  {money.format(b.value)}
                </Table.Td>
                <Table.Td>
                  {b.active ? t(`budget.status.${b.status}` as MessageKey) : t('patient.budgetDeleted')}
                </Table.Td>
              </Table.Tr>
            ))}
          </ListTable>
        </Stack>
      </SimpleGrid>
      <PatientPayments patient={p.id} />

      {editing && (
        <PatientForm
          patient={p}
          onClose={() => setEditing(false)}
          onSaved={(_id, name) => {
            setEditing(false);
            setNotice(t('patient.updated', { name }));
          }}
        />
      )}
      {inactivating && (
        <InactivateDialog
          id={p.id}
          name={p.name}
          onClose={() => setInactivating(false)}
          onDone={(saved) => {
            setInactivating(false);
            setLastSeen(saved);
            setNotice(t('patient.inactivated', { name: p.name }));
          }}
        />
      )}
    </section>
  );
}

/** Inactivation asks why (optional, kept on the record) and confirms; history and records stay. */
function InactivateDialog(props: {
  id: string;
  name: string;
  onClose: () => void;
  onDone: (saved: PatientView) => void;
}) {
  const { t } = useTranslation();
  const run = useRun();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<{ field?: string; general?: string | null }>({});
  const [saving, setSaving] = useState(false);
  const submit = async () => {
    setSaving(true);
    try {
      props.onDone(await run(inactivatePatient, { id: props.id, ...(reason.trim() ? { reason } : {}) }));
    } catch (failure) {
      const found = formFailure(failure, ['reason']);
      setError({ ...(found.fields['reason'] ? { field: found.fields['reason'] } : {}), general: found.general });
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal opened onClose={props.onClose} title={t('patient.inactivateTitle', { name: props.name })}>
      <DialogForm onSubmit={submit} error={error.general} intro={<Text size="sm">{t('patient.inactivateBody')}</Text>}>
        <Textarea
          label={t('patient.inactivateReason')}
          autosize
          minRows={2}
          data-autofocus
          value={reason}
          error={error.field}
          onChange={(e) => setReason(e.currentTarget.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && !e.shiftKey) {
              e.preventDefault();
              void submit();
            }
          }}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={props.onClose}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" color="red" loading={saving}>
            {t('patient.inactivateConfirm')}
          </Button>
        </Group>
      </DialogForm>
    </Modal>
  );
}
