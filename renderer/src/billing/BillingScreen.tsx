import { Alert, Button, Checkbox, Group, Select, Stack, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { users } from '#core/access/user.js';
import { billingAttendances } from '#core/billing/attendance-record.js';
import { createAttendance } from '#core/billing/attendance-ops.js';
import { addAttendances, createBatch, deleteBatch } from '#core/billing/batch-ops.js';
import { billingBatches } from '#core/billing/batch-record.js';
import { getBatchTissXml } from '#core/billing/tiss-ops.js';
import { GUIDE_TYPES } from '#core/billing/tiss/tiss-data.js';
import { clinics } from '#core/clinic/clinic-record.js';
import { insurances } from '#core/insurance/insurance-record.js';
import { appointments } from '#core/schedule/appointment-record.js';
import { DateField } from '../common/DateField.js';
import { formFailure } from '../common/domain-errors.js';
import { NoticeAlert } from '../common/NoticeAlert.js';
import { useLive } from '../local/hooks.js';
import { useAdminRun } from '../setup/use-admin-run.js';
import { BatchesTable } from './BatchesTable.js';
import { BillableTable } from './BillableTable.js';
import { GlosaDialog } from './GlosaDialog.js';
import { GuideDialog } from './GuideDialog.js';
import { loadBilling, type BatchRow, type BillableRow } from './load-billing.js';
import { TissConnectionDialog } from './TissConnectionDialog.js';
import { latin1Bytes, saveXmlFile } from './tiss-download.js';

const READS = [billingAttendances, billingBatches, appointments, insurances, clinics, users];

/** The first and last day of the current month, `YYYY-MM-DD` (the clerk bills a month at a time). */
function thisMonth(): { from: string; to: string } {
  const now = new Date();
  const first = new Date(now.getFullYear(), now.getMonth(), 1);
  const last = new Date(now.getFullYear(), now.getMonth() + 1, 0);
  const iso = (d: Date) =>
    `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
  return { from: iso(first), to: iso(last) };
}

/**
 * Faturamento (issue 25): per insurer, clinic and period, the attended appointments still to bill and
 * the billed guides in no batch; the clerk edits a guide (authorization, justification), builds a batch
 * of the chosen ones (one per guide type, TISS-003; a dentist's attendances on a GTO, TISS-033),
 * downloads its XML (written and checked against
 * the ANS schemas on the server) and enters the operator's glosas by hand. Reads are local; writes
 * and the XML go to the server as the signed-in person (use-admin-run.ts).
 */
export function BillingScreen() {
  const { t } = useTranslation();
  const { run, offline } = useAdminRun();
  const [query, setQuery] = useState({
    clinic: null as string | null,
    insurance: null as string | null,
    ...thisMonth(),
  });
  const live = useLive((ctx) => loadBilling(ctx, query), READS, [query.clinic, query.insurance, query.from, query.to]);
  const data = live.data;
  const [chosen, setChosen] = useState<Set<string>>(new Set());
  const [notice, setNotice] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [problems, setProblems] = useState<{ number: number; lines: string[] } | null>(null);
  const [busy, setBusy] = useState(false);
  const [editing, setEditing] = useState<BillableRow | null>(null);
  const [glosas, setGlosas] = useState<BatchRow | null>(null);
  const [connecting, setConnecting] = useState(false);
  const insurer = data?.insurances.find((i) => i.id === data.insurance);

  const act = async (work: () => Promise<string | null>) => {
    setBusy(true);
    setError(null);
    setProblems(null);
    try {
      const done = await work();
      if (done) setNotice(done);
    } catch (failure) {
      setError(formFailure(failure, []).general);
    } finally {
      setBusy(false);
    }
  };

  const build = () =>
    act(async () => {
      if (!data?.clinic || !data.insurance) return null;
      const rows = data.rows.filter((r) => chosen.has(r.id));
      const numbers: number[] = [];
      // One batch per guide type (TISS-003): consulta, SP/SADT, GTO… as each row's guide type says.
      for (const guideType of GUIDE_TYPES) {
        const part = rows.filter((r) => r.guideType === guideType);
        if (part.length === 0) continue;
        const { batch } = await run(createBatch, { clinic: data.clinic, insurance: data.insurance, guideType });
        await run(addAttendances, {
          id: batch.id,
          attendances: part.filter((r) => r.kind === 'attendance').map((r) => r.id),
          appointments: part.filter((r) => r.kind === 'appointment').map((r) => r.id),
        });
        numbers.push(batch.batchNumber);
      }
      setChosen(new Set());
      return t('billing.built', { numbers: numbers.join(', '), count: rows.length });
    });

  const download = (row: BatchRow) =>
    act(async () => {
      const file = await run(getBatchTissXml, { id: row.batch.id });
      if (!file.valid) {
        setProblems({ number: row.batch.batchNumber, lines: file.problems.map((p) => p.message) });
        return null;
      }
      saveXmlFile(latin1Bytes(file.xml), file.fileName);
      return t('billing.downloaded', { number: row.batch.batchNumber, file: file.fileName });
    });

  const remove = (row: BatchRow) =>
    act(async () => {
      await run(deleteBatch, { id: row.batch.id });
      return t('billing.deleted', { number: row.batch.batchNumber });
    });

  const bring = (row: BillableRow) =>
    act(async () => {
      await run(createAttendance, { appointment: row.id });
      return null;
    });

  return (
    <section aria-labelledby="billing-title">
      <Group justify="space-between" mb="md" align="flex-end">
        <Title order={3} id="billing-title">
          {t('billing.nav')}
        </Title>
        <Group align="flex-end">
          {data && data.clinics.length > 1 && (
            <Select
              label={t('billing.clinic')}
              data={data.clinics.map((c) => ({ value: c.id, label: c.name }))}
              value={data.clinic}
              onChange={(clinic) => setQuery((q) => ({ ...q, clinic }))}
              allowDeselect={false}
            />
          )}
          <Select
            label={t('billing.insurance')}
            data={(data?.insurances ?? []).map((i) => ({ value: i.id, label: i.name }))}
            value={data?.insurance ?? null}
            onChange={(insurance) => {
              setChosen(new Set());
              setQuery((q) => ({ ...q, insurance }));
            }}
            allowDeselect={false}
            searchable
          />
          <Button variant="default" onClick={() => setConnecting(true)} disabled={!insurer || offline}>
            {t('billing.tiss.open')}
          </Button>
          <DateField
            label={t('billing.from')}
            w={130}
            value={query.from}
            onChange={(from) => setQuery((q) => ({ ...q, from }))}
          />
          <DateField
            label={t('billing.to')}
            w={130}
            value={query.to}
            onChange={(to) => setQuery((q) => ({ ...q, to }))}
          />
        </Group>
      </Group>
      {live.error !== undefined && (
        <Alert color="red" role="alert" mb="md">
          {formFailure(live.error, []).general}
        </Alert>
      )}
      {offline && <Alert mb="md">{t('billing.offline')}</Alert>}
      {data && data.insurances.length === 0 && <Alert mb="md">{t('billing.noInsurance')}</Alert>}
      <NoticeAlert notice={notice} onClose={() => setNotice(null)} />
      {error && (
        <Alert color="red" role="alert" mb="md" withCloseButton onClose={() => setError(null)}>
          {error}
        </Alert>
      )}
      {problems && (
        <Alert color="red" role="alert" mb="md" title={t('billing.invalid', { number: problems.number })}>
          <ul>
            {problems.lines.map((line, i) => (
              <li key={i}>{line}</li>
            ))}
          </ul>
        </Alert>
      )}
      <Stack>
        <Group justify="space-between">
          <Title order={4}>{t('billing.billable')}</Title>
          <Group>
            {data && data.rows.length > 0 && (
              <Checkbox
                label={t('billing.selectAll')}
                checked={data.rows.every((r) => chosen.has(r.id))}
                onChange={(event) => setChosen(new Set(event.currentTarget.checked ? data.rows.map((r) => r.id) : []))}
              />
            )}
            <Button onClick={() => void build()} loading={busy} disabled={chosen.size === 0 || offline}>
              {t('billing.build', { count: chosen.size })}
            </Button>
          </Group>
        </Group>
        <BillableTable
          rows={data?.rows}
          chosen={chosen}
          onToggle={(id, on) =>
            setChosen((set) => {
              const next = new Set(set);
              if (on) next.add(id);
              else next.delete(id);
              return next;
            })
          }
          onBring={(row) => void bring(row)}
          onEdit={setEditing}
          disabled={busy || offline}
        />
        <Title order={4}>{t('billing.batches')}</Title>
        <BatchesTable
          batches={data?.batches}
          onDownload={(row) => void download(row)}
          onDelete={(row) => void remove(row)}
          onGlosas={setGlosas}
          disabled={busy || offline}
        />
      </Stack>
      {editing?.attendance && (
        <GuideDialog
          attendance={editing.attendance}
          patientName={editing.patientName}
          run={run}
          onClose={(saved) => {
            setEditing(null);
            if (saved) setNotice(saved);
          }}
        />
      )}
      {connecting && insurer && (
        <TissConnectionDialog
          insurance={insurer}
          run={run}
          onClose={(saved) => {
            setConnecting(false);
            if (saved) setNotice(saved);
          }}
        />
      )}
      {glosas && (
        <GlosaDialog
          row={glosas}
          patientNames={data?.patientNames ?? new Map()}
          run={run}
          onClose={(saved) => {
            setGlosas(null);
            if (saved) setNotice(saved);
          }}
        />
      )}
    </section>
  );
}
