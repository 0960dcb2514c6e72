import { Alert, FileInput, Modal, NativeSelect, ScrollArea, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isDomainError } from '#core/errors.js';
import { listInsurances } from '#core/insurance/insurance-ops.js';
import { insurances } from '#core/insurance/insurance-record.js';
import { invoke } from '#core/operation.js';
import { importPriceTableCsv } from '#core/price/csv-import-ops.js';
import { DialogForm } from '../common/DialogForm.js';
import { useCtrlEnter } from '../common/dialog-keys.js';
import { formFailure } from '../common/domain-errors.js';
import { useLive } from '../local/hooks.js';
import { rejectedRows, type RejectedRow } from './price-files.js';
import { SaveActions } from './SaveActions.js';
import { useAdminRun } from './use-admin-run.js';

/**
 * Imports a CSV price table into `table` (`priceTable.importCsv`, all or nothing): the file and,
 * optionally, the insurance the prices are for. When the core refuses the file, its report shows
 * here row by row (line, column, why) and nothing was imported; a clean file closes the dialog
 * with what it did.
 */
export function PriceImportDialog(props: {
  table: { id: string; name: string };
  onClose: () => void;
  onImported: (report: { rows: number; createdEvents: number; pricesSet: number }) => void;
}) {
  const { t } = useTranslation();
  const { run } = useAdminRun();
  const [file, setFile] = useState<File | null>(null);
  const [insurance, setInsurance] = useState('');
  const [general, setGeneral] = useState<string | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [rejected, setRejected] = useState<RejectedRow[]>([]);
  const [saving, setSaving] = useState(false);
  const operators = useLive((ctx) => invoke(listInsurances, ctx, { limit: 100 }), [insurances], []);

  const submit = async () => {
    if (saving) return;
    setGeneral(null);
    setFileError(null);
    setRejected([]);
    if (!file) {
      setFileError(t('admin.price.chooseFile'));
      return;
    }
    setSaving(true);
    try {
      const csv = await file.text();
      const report = await run(importPriceTableCsv, {
        id: props.table.id,
        csv,
        ...(insurance ? { insurance } : {}),
      });
      props.onImported(report);
    } catch (error) {
      const rows = isDomainError(error) ? rejectedRows(error.details) : [];
      const byLine = rows.filter((r) => r.line !== null);
      if (byLine.length > 0) {
        setRejected(rows);
        setGeneral(isDomainError(error) ? error.message : null);
      } else {
        const failure = formFailure(error, ['csv', 'insurance']);
        setFileError(failure.fields['csv'] ?? null);
        setGeneral(failure.fields['insurance'] ?? failure.general);
      }
    }
    setSaving(false);
  };
  useCtrlEnter(submit);

  return (
    <Modal opened onClose={props.onClose} title={t('admin.price.importTitle', { name: props.table.name })} size="xl">
      <DialogForm
        onSubmit={submit}
        error={general}
        intro={
          <Text size="sm" c="dimmed">
            {t('admin.price.importHint')}
          </Text>
        }
      >
        {rejected.length > 0 && (
          <ScrollArea.Autosize mah={220}>
            <Table striped verticalSpacing={4} aria-label={t('admin.price.rejected')}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w={70}>{t('admin.price.line')}</Table.Th>
                  <Table.Th w={140}>{t('admin.price.column')}</Table.Th>
                  <Table.Th>{t('admin.price.problem')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rejected.map((row, i) => (
                  <Table.Tr key={i}>
                    <Table.Td>{row.line ?? '—'}</Table.Td>
                    <Table.Td>{row.column || '—'}</Table.Td>
                    <Table.Td>{row.message}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollArea.Autosize>
        )}
        <FileInput
          label={t('admin.price.file')}
          placeholder={t('admin.price.filePlaceholder')}
          accept=".csv,text/csv,text/plain"
          clearable
          value={file}
          error={fileError}
          onChange={setFile}
        />
        <NativeSelect
          label={t('admin.price.scope')}
          value={insurance}
          data={[
            { value: '', label: t('admin.price.general') },
            ...(operators.data?.items ?? []).map((i) => ({ value: i.id, label: i.name })),
          ]}
          onChange={(event) => setInsurance(event.currentTarget.value)}
        />
        {rejected.length === 0 && general === null && (
          <Alert variant="light" color="gray">
            {t('admin.price.allOrNothing')}
          </Alert>
        )}
        <SaveActions loading={saving} onCancel={props.onClose} submitLabel={t('admin.price.import')} />
      </DialogForm>
    </Modal>
  );
}
