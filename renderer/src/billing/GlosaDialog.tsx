import { Modal, NativeSelect, NumberInput, SimpleGrid, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { enterAnalysis, PROTOCOL_STATUSES } from '#core/billing/analysis-ops.js';
import { DialogActions } from '../common/DialogActions.js';
import { DialogForm } from '../common/DialogForm.js';
import { useCtrlEnter } from '../common/dialog-keys.js';
import { formFailure, type FormFailure } from '../common/domain-errors.js';
import type { MessageKey } from '../i18n/index.js';
import type { RunOperation } from '../local/hooks.js';
import { brl } from './billing-format.js';
import { writtenOrder, type BatchRow } from './load-billing.js';

const FIELDS = ['id', 'status', 'released', 'glosas'];

/**
 * The operator's analysis of one guide of a sent batch, entered by hand (TISS-014): status, released
 * value and one glosa (of a line or of the whole guide) at a time, for returns that come as PDF or
 * spreadsheet. What the core refuses (a code that is not 4 digits, more than the guide's total) shows
 * under its field.
 */
export function GlosaDialog(props: {
  row: BatchRow;
  patientNames: ReadonlyMap<string, string>;
  run: RunOperation;
  onClose: (saved: string | null) => void;
}) {
  const { t } = useTranslation();
  const { attendances, batch } = props.row;
  const [draft, setDraft] = useState({
    id: attendances[0]?.id ?? '',
    status: '3' as (typeof PROTOCOL_STATUSES)[number],
    released: '' as string | number,
    line: '',
    code: '',
    value: '' as string | number,
  });
  const [failure, setFailure] = useState<FormFailure | null>(null);
  const [saving, setSaving] = useState(false);
  const attendance = attendances.find((a) => a.id === draft.id);

  const submit = async () => {
    if (saving || !attendance) return;
    setSaving(true);
    setFailure(null);
    try {
      const glosa = draft.code.trim()
        ? [
            {
              ...(draft.line ? { sequence: Number(draft.line) } : {}),
              code: draft.code,
              ...(draft.value === '' ? {} : { value: Number(draft.value) }),
            },
          ]
        : [];
      await props.run(enterAnalysis, {
        id: attendance.id,
        status: draft.status,
        released: Number(draft.released || 0),
        glosas: [...(attendance.analysis?.glosas ?? []), ...glosa],
      });
      props.onClose(t('billing.glosa.saved', { number: attendance.guideNumber }));
    } catch (error) {
      setFailure(formFailure(error, FIELDS));
      setSaving(false);
    }
  };
  useCtrlEnter(submit);
  const money = { decimalSeparator: ',', thousandSeparator: '.', decimalScale: 2, min: 0, allowNegative: false };

  return (
    <Modal
      opened
      onClose={() => props.onClose(null)}
      title={t('billing.glosa.title', { number: batch.batchNumber })}
      size={720}
    >
      <DialogForm onSubmit={submit} error={failure?.general}>
        <NativeSelect
          label={t('billing.glosa.attendance')}
          data={attendances.map((a) => ({
            value: a.id,
            label: `${a.guideNumber} · ${props.patientNames.get(a.patient) ?? ''}`,
          }))}
          value={draft.id}
          onChange={(event) => {
            const id = event.currentTarget.value;
            setDraft((d) => ({ ...d, id, line: '' }));
          }}
        />
        {attendance?.analysis && (
          <Text size="sm" c="dimmed">
            {t('billing.glosa.current', {
              released: brl(attendance.analysis.released),
              glosas:
                attendance.analysis.glosas
                  .map((g) => `${g.code}${g.sequence ? ` (linha ${g.sequence})` : ''}`)
                  .join(', ') || '—',
            })}
          </Text>
        )}
        <SimpleGrid cols={2}>
          <NativeSelect
            label={t('billing.glosa.status')}
            data={PROTOCOL_STATUSES.map((s) => ({ value: s, label: t(`billing.glosa.status.${s}` as MessageKey) }))}
            value={draft.status}
            error={failure?.fields['status']}
            onChange={(event) => {
              const status = event.currentTarget.value as (typeof PROTOCOL_STATUSES)[number];
              setDraft((d) => ({ ...d, status }));
            }}
          />
          <NumberInput
            label={t('billing.glosa.released')}
            value={draft.released}
            error={failure?.fields['released']}
            onChange={(released) => setDraft((d) => ({ ...d, released }))}
            {...money}
          />
          <NativeSelect
            label={t('billing.glosa.line')}
            data={[
              { value: '', label: t('billing.glosa.wholeGuide') },
              ...writtenOrder(attendance?.items ?? []).map((item, i) => ({
                value: String(i + 1),
                label: `${i + 1} · ${item.code} ${item.description} (${brl(item.unitValue * item.quantity)})`,
              })),
            ]}
            value={draft.line}
            onChange={(event) => {
              const line = event.currentTarget.value;
              setDraft((d) => ({ ...d, line }));
            }}
          />
          <TextInput
            label={t('billing.glosa.code')}
            placeholder="1801"
            inputMode="numeric"
            value={draft.code}
            error={failure?.fields['glosas']}
            onChange={(event) => {
              const code = event.currentTarget.value;
              setDraft((d) => ({ ...d, code }));
            }}
          />
          <NumberInput
            label={t('billing.glosa.value')}
            value={draft.value}
            onChange={(value) => setDraft((d) => ({ ...d, value }))}
            {...money}
          />
        </SimpleGrid>
        <DialogActions
          hint={t('billing.glosa.hint')}
          submitLabel={t('billing.glosa.save')}
          loading={saving}
          onCancel={() => props.onClose(null)}
        />
      </DialogForm>
    </Modal>
  );
}
