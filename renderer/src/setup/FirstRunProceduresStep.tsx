import { ActionIcon, Alert, Button, Group, Table, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { createEvent } from '#core/clinic/event-ops.js';
import { alterPriceTable, createPriceTable } from '#core/price/price-table-ops.js';
import { DialogForm } from '../common/DialogForm.js';
import { useCtrlEnter } from '../common/dialog-keys.js';
import { formFailure, type FormFailure } from '../common/domain-errors.js';
import { emptyProcedure, filledProcedures, priceOf, type ProcedureRow, type StepProps } from './first-run-draft.js';
import { PriceImportDialog } from './PriceImportDialog.js';
import { StepActions } from './StepActions.js';
import { useAdminRun } from './use-admin-run.js';

/** The table the assistant's prices go to: what a clinic charges a patient without insurance. */
const TABLE_NAME = 'Particular';

/**
 * The assistant's procedures with their prices, typed one per row (name, usual length, price), or
 * a price table imported from CSV with the core's report of the rows it refused. Typed rows become
 * events and their prices go to the "Particular" table in one change. Blank rows are ignored.
 */
export function FirstRunProceduresStep({ draft, update, next }: StepProps) {
  const { t } = useTranslation();
  const { run } = useAdminRun();
  const [failure, setFailure] = useState<FormFailure | null>(null);
  const [saving, setSaving] = useState(false);
  const [importing, setImporting] = useState<{ id: string; name: string } | null>(null);
  const [imported, setImported] = useState<string | null>(null);
  const rows = draft.procedures;
  const setRow = (index: number, patch: Partial<ProcedureRow>) =>
    update((d) => ({ ...d, procedures: d.procedures.map((r, i) => (i === index ? { ...r, ...patch } : r)) }));

  /** The assistant's price table, made on first need and remembered. */
  const table = async (): Promise<string> => {
    if (draft.priceTable) return draft.priceTable;
    const id = (await run(createPriceTable, { name: TABLE_NAME })).priceTable.id;
    update((d) => ({ ...d, priceTable: id }));
    return id;
  };

  const submit = async () => {
    if (saving || importing) return;
    setSaving(true);
    setFailure(null);
    const fields: Record<string, string> = {};
    const filled = filledProcedures(rows);
    for (const { row, index } of filled)
      if (priceOf(row.price) === undefined) fields[`procedures.${index}.price`] = t('first.proc.badPrice');
    if (Object.keys(fields).length > 0) {
      setFailure({ fields, general: null });
      setSaving(false);
      return;
    }
    let at = -1;
    try {
      const changes: { event: string; value: number }[] = [];
      for (const { row, index } of filled) {
        at = index;
        let event = row.event;
        if (!event) {
          const minutes = Number(row.minutes);
          event = (
            await run(createEvent, {
              name: row.name,
              type: 'consultation',
              ...(row.minutes.trim() && Number.isFinite(minutes) ? { durationMinutes: minutes } : {}),
            })
          ).event.id;
          const saved = event;
          update((d) => ({ ...d, procedures: d.procedures.map((r, i) => (i === index ? { ...r, event: saved } : r)) }));
        }
        changes.push({ event, value: priceOf(row.price)! });
      }
      at = -1;
      if (changes.length > 0) await run(alterPriceTable, { id: await table(), name: TABLE_NAME, prices: changes });
      next();
    } catch (error) {
      const found = formFailure(error, ['name', 'durationMinutes']);
      const mapped: Record<string, string> = {};
      if (at >= 0) {
        if (found.fields['name']) mapped[`procedures.${at}.name`] = found.fields['name'];
        if (found.fields['durationMinutes']) mapped[`procedures.${at}.minutes`] = found.fields['durationMinutes'];
      }
      setFailure({ fields: mapped, general: at < 0 ? formFailure(error, []).general : found.general });
    } finally {
      setSaving(false);
    }
  };
  useCtrlEnter(submit);
  const error = (index: number, field: string) => failure?.fields[`procedures.${index}.${field}`];

  return (
    <>
      <DialogForm onSubmit={submit} error={failure?.general}>
        <Text size="sm" c="dimmed">
          {t('first.proc.hint')}
        </Text>
        {imported && (
          <Alert color="green" variant="light" role="status">
            {imported}
          </Alert>
        )}
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('admin.proc.name')}</Table.Th>
              <Table.Th w={150}>{t('admin.proc.duration')}</Table.Th>
              <Table.Th w={180}>{t('first.proc.price')}</Table.Th>
              <Table.Th w={50} />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row, index) => (
              <Table.Tr key={index}>
                <Table.Td>
                  <TextInput
                    aria-label={t('first.proc.nameOf', { n: index + 1 })}
                    value={row.name}
                    disabled={row.event !== undefined}
                    error={error(index, 'name')}
                    onChange={(event) => setRow(index, { name: event.currentTarget.value })}
                  />
                </Table.Td>
                <Table.Td>
                  <TextInput
                    aria-label={t('first.proc.minutesOf', { n: index + 1 })}
                    inputMode="numeric"
                    value={row.minutes}
                    disabled={row.event !== undefined}
                    error={error(index, 'minutes')}
                    onChange={(event) => setRow(index, { minutes: event.currentTarget.value.replace(/\D/g, '') })}
                  />
                </Table.Td>
                <Table.Td>
                  <TextInput
                    aria-label={t('first.proc.priceOf', { n: index + 1 })}
                    placeholder="R$ 150,00"
                    inputMode="decimal"
                    value={row.price}
                    error={error(index, 'price')}
                    onChange={(event) => setRow(index, { price: event.currentTarget.value })}
                  />
                </Table.Td>
                <Table.Td>
                  {row.event === undefined && rows.length > 1 && (
                    <ActionIcon
                      variant="subtle"
                      color="gray"
                      aria-label={t('first.proc.remove', { n: index + 1 })}
                      onClick={() => update((d) => ({ ...d, procedures: d.procedures.filter((_, i) => i !== index) }))}
                    >
                      ×
                    </ActionIcon>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        <Group>
          <Button
            variant="default"
            onClick={() => update((d) => ({ ...d, procedures: [...d.procedures, emptyProcedure()] }))}
          >
            {t('first.proc.add')}
          </Button>
          <Button
            variant="default"
            onClick={() =>
              void table()
                .then((id) => setImporting({ id, name: TABLE_NAME }))
                .catch((e: unknown) => setFailure(formFailure(e, [])))
            }
          >
            {t('first.proc.import')}
          </Button>
        </Group>
        <StepActions loading={saving} label={t('first.saveNext')} />
      </DialogForm>
      {importing && (
        <PriceImportDialog
          table={importing}
          onClose={() => setImporting(null)}
          onImported={(report) => {
            setImporting(null);
            setImported(
              t('admin.price.imported', {
                prices: report.pricesSet,
                created: report.createdEvents,
                name: TABLE_NAME,
              }),
            );
          }}
        />
      )}
    </>
  );
}
