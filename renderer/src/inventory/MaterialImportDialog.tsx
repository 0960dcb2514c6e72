import { Alert, Badge, Button, FileInput, Group, Modal, ScrollArea, Table, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isDomainError } from '#core/errors.js';
import { importMaterialsCsv } from '#core/inventory/material-ops.js';
import { DialogForm } from '../common/DialogForm.js';
import { useCtrlEnter } from '../common/dialog-keys.js';
import { formFailure } from '../common/domain-errors.js';
import { useRun } from '../local/hooks.js';
import { rejectedRows, type RejectedRow } from '../setup/price-files.js';
import { SaveActions } from '../setup/SaveActions.js';
import { previewMaterials, type MaterialPreview } from './material-import.js';

const PREVIEW_ROWS = 8;
const brl = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });

/** The rejected-row report (line, column, why), as the price table import shows it. */
function RejectedTable(props: { rows: RejectedRow[]; label: string }) {
  const { t } = useTranslation();
  return (
    <ScrollArea.Autosize mah={200}>
      <Table striped verticalSpacing={4} aria-label={props.label}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={70}>{t('admin.price.line')}</Table.Th>
            <Table.Th w={140}>{t('admin.price.column')}</Table.Th>
            <Table.Th>{t('admin.price.problem')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {props.rows.map((row, i) => (
            <Table.Tr key={i}>
              <Table.Td>{row.line ?? '—'}</Table.Td>
              <Table.Td>{row.column || '—'}</Table.Td>
              <Table.Td>{row.message}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollArea.Autosize>
  );
}

/**
 * Imports the materials and exams catalogue from a CSV chosen or pasted (`materialOrExam.importCsv`
 * on the desk's core, all or nothing, INV-013): "Pré-visualizar" reads it as the import will and shows
 * the first rows and every refused row; "Importar" writes it, or shows the core's report of the rows
 * it refused, nothing imported.
 */
export function MaterialImportDialog(props: {
  onClose: () => void;
  onImported: (report: { rows: number; created: number; updated: number }) => void;
}) {
  const { t } = useTranslation();
  const run = useRun();
  const [text, setText] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<MaterialPreview | null>(null);
  const [rejected, setRejected] = useState<RejectedRow[]>([]);
  const [general, setGeneral] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const choose = async (chosen: File | null) => {
    setFile(chosen);
    setPreview(null);
    setRejected([]);
    if (chosen) setText(await chosen.text());
  };

  const showPreview = async () => {
    setGeneral(null);
    setRejected([]);
    if (text.trim() === '') {
      setGeneral(t('inventory.import.empty'));
      return;
    }
    setPreview(await previewMaterials(text));
  };

  const submit = async () => {
    if (saving) return;
    setGeneral(null);
    setRejected([]);
    if (text.trim() === '') {
      setGeneral(t('inventory.import.empty'));
      return;
    }
    setSaving(true);
    try {
      const report = await run(importMaterialsCsv, { csv: text });
      props.onImported(report);
    } catch (error) {
      const rows = isDomainError(error) ? rejectedRows(error.details) : [];
      // The core's report replaces the preview's (the same rows, now as the refusal).
      setPreview(null);
      setRejected(rows.filter((r) => r.line !== null).length > 0 ? rows : []);
      setGeneral(isDomainError(error) ? error.message : formFailure(error, ['csv']).general);
    }
    setSaving(false);
  };
  useCtrlEnter(submit);

  return (
    <Modal opened onClose={props.onClose} title={t('inventory.import.title')} size="xl">
      <DialogForm
        onSubmit={submit}
        error={general}
        intro={
          <Text size="sm" c="dimmed">
            {t('inventory.import.hint')}
          </Text>
        }
      >
        {rejected.length > 0 && <RejectedTable rows={rejected} label={t('inventory.import.rejected')} />}
        <FileInput
          label={t('admin.price.file')}
          placeholder={t('admin.price.filePlaceholder')}
          accept=".csv,text/csv,text/plain"
          clearable
          value={file}
          onChange={(chosen) => void choose(chosen)}
        />
        <Textarea
          label={t('inventory.import.paste')}
          autosize
          minRows={3}
          maxRows={8}
          styles={{ input: { fontFamily: 'monospace', fontSize: 12 } }}
          value={text}
          onChange={(event) => {
            setText(event.currentTarget.value);
            setPreview(null);
          }}
        />
        <Group justify="space-between">
          <Button variant="default" onClick={() => void showPreview()}>
            {t('inventory.import.preview')}
          </Button>
          {preview && (
            <Group gap="xs">
              <Badge color="teal" variant="light">
                {t('inventory.import.readRows', { n: String(preview.rows.length) })}
              </Badge>
              {preview.rejected.length > 0 && (
                <Badge color="red" variant="light">
                  {t('inventory.import.refusedRows', { n: String(preview.rejected.length) })}
                </Badge>
              )}
            </Group>
          )}
        </Group>
        {preview && preview.rejected.length > 0 && (
          <RejectedTable rows={preview.rejected} label={t('inventory.import.rejected')} />
        )}
        {preview && preview.rows.length > 0 && (
          <ScrollArea.Autosize mah={220}>
            <Table striped verticalSpacing={4} aria-label={t('inventory.import.previewTable')}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w={60}>{t('admin.price.line')}</Table.Th>
                  <Table.Th>{t('inventory.import.table')}</Table.Th>
                  <Table.Th>{t('inventory.import.code')}</Table.Th>
                  <Table.Th>{t('inventory.import.name')}</Table.Th>
                  <Table.Th>{t('inventory.import.unit')}</Table.Th>
                  <Table.Th ta="right">{t('inventory.import.price')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {preview.rows.slice(0, PREVIEW_ROWS).map((row) => (
                  <Table.Tr key={row.line}>
                    <Table.Td>{row.line}</Table.Td>
                    <Table.Td>{row.table}</Table.Td>
                    <Table.Td>{row.code}</Table.Td>
                    <Table.Td>{row.name}</Table.Td>
                    <Table.Td>{row.unit}</Table.Td>
                    <Table.Td ta="right">{row.price === undefined ? '—' : brl.format(row.price)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
            {preview.rows.length > PREVIEW_ROWS && (
              <Text size="xs" c="dimmed" mt={4}>
                {t('inventory.import.more', { n: String(preview.rows.length - PREVIEW_ROWS) })}
              </Text>
            )}
          </ScrollArea.Autosize>
        )}
        {rejected.length === 0 && general === null && (
          <Alert variant="light" color="gray">
            {t('inventory.import.allOrNothing')}
          </Alert>
        )}
        <SaveActions loading={saving} onCancel={props.onClose} submitLabel={t('admin.price.import')} />
      </DialogForm>
    </Modal>
  );
}
