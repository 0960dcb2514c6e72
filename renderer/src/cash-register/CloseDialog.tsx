import { Modal, Table, Text, Textarea, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCentavos } from '#core/br/format.js';
import { closeRegister } from '#core/finance/register-ops.js';
import { DialogActions } from '../common/DialogActions.js';
import { DialogForm } from '../common/DialogForm.js';
import { useCtrlEnter } from '../common/dialog-keys.js';
import { formFailure } from '../common/domain-errors.js';
import { useRun } from '../local/hooks.js';
import { methodLabel } from './method-label.js';
import { centavosOfText } from './money-field.js';

/**
 * Closing the register: each method's expected amount (the sum of its movements), the amount counted
 * typed beside it, the difference shown as it is typed, and the reason, required when any differs
 * (FIN-003). Closing runs `finance.register.close` on the local core, offline too.
 */
export function CloseDialog(props: {
  register: string;
  station: string;
  /** Centavos expected per method (cash always listed). */
  expected: Record<string, number>;
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  const { t } = useTranslation();
  const run = useRun();
  const methods = [...new Set(['cash', ...Object.keys(props.expected)])];
  const [counted, setCounted] = useState<Record<string, string>>({});
  const [reason, setReason] = useState('');
  const [failure, setFailure] = useState<ReturnType<typeof formFailure> | null>(null);
  const [saving, setSaving] = useState(false);
  const cents = (m: string) => centavosOfText(counted[m] ?? '');
  const differs = methods.some((m) => {
    const c = cents(m);
    return c !== undefined && c !== (props.expected[m] ?? 0);
  });

  const submit = async () => {
    if (saving) return;
    const bad = methods.find((m) => cents(m) === undefined);
    if (bad) {
      setFailure({ fields: {}, general: t('cash.countEvery', { method: methodLabel(t, bad) }) });
      return;
    }
    if (differs && !reason.trim()) {
      setFailure({ fields: { reason: t('cash.reasonRequired') }, general: null });
      return;
    }
    setSaving(true);
    setFailure(null);
    try {
      const done = await run(closeRegister, {
        id: props.register,
        station: props.station,
        counts: methods.map((m) => ({ method: m as 'cash', counted: cents(m)! / 100 })),
        ...(reason.trim() ? { reason: reason.trim() } : {}),
      });
      props.onDone(done.message);
    } catch (error) {
      setFailure(formFailure(error, ['reason']));
    } finally {
      setSaving(false);
    }
  };
  useCtrlEnter(submit);

  return (
    <Modal opened onClose={props.onClose} title={t('cash.closeTitle')} size="lg">
      <DialogForm onSubmit={submit} error={failure?.general}>
        <Table aria-label={t('cash.closeTitle')} verticalSpacing={4}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('cash.method')}</Table.Th>
              <Table.Th ta="right">{t('cash.expected')}</Table.Th>
              <Table.Th>{t('cash.counted')}</Table.Th>
              <Table.Th ta="right">{t('cash.difference')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {methods.map((m, i) => {
              const expected = props.expected[m] ?? 0;
              const c = cents(m);
              const diff = c === undefined ? undefined : c - expected;
              return (
                <Table.Tr key={m}>
                  <Table.Td>{methodLabel(t, m)}</Table.Td>
                  <Table.Td ta="right">{formatCentavos(expected)}</Table.Td>
                  <Table.Td>
                    <TextInput
                      aria-label={t('cash.countedOf', { method: methodLabel(t, m) })}
                      leftSection="R$"
                      inputMode="decimal"
                      placeholder="0,00"
                      size="xs"
                      value={counted[m] ?? ''}
                      onChange={(e) => {
                        const text = e.currentTarget.value;
                        setCounted((all) => ({ ...all, [m]: text }));
                      }}
                      data-autofocus={i === 0 ? true : undefined}
                    />
                  </Table.Td>
                  <Table.Td ta="right" c={diff ? 'red' : undefined} data-testid={`difference-${m}`}>
                    {diff === undefined ? '—' : formatCentavos(diff)}
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
        {differs && (
          <Text size="sm" c="red">
            {t('cash.differsHint')}
          </Text>
        )}
        <Textarea
          label={t('cash.reason')}
          value={reason}
          onChange={(e) => {
            setReason(e.currentTarget.value);
            setFailure(null);
          }}
          error={failure?.fields.reason}
          required={differs}
          maxLength={500}
          autosize
          minRows={2}
        />
        <DialogActions
          hint={t('cash.closeHint')}
          submitLabel={t('cash.closeSave')}
          loading={saving}
          onCancel={props.onClose}
        />
      </DialogForm>
    </Modal>
  );
}
