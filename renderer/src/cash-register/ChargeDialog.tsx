import { Alert, Group, Image, Modal, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCentavos } from '#core/br/format.js';
import { financeAccounts } from '#core/finance/account-record.js';
import { chargeAppointment } from '#core/finance/charge-ops.js';
import { pixCodeFor } from '#core/finance/pix-account.js';
import { DialogActions } from '../common/DialogActions.js';
import { DialogForm } from '../common/DialogForm.js';
import { useCtrlEnter } from '../common/dialog-keys.js';
import { formFailure } from '../common/domain-errors.js';
import { useLive, useRun } from '../local/hooks.js';
import type { ChargeRow } from './load-register.js';
import { centavosOfText, textOfCentavos } from './money-field.js';

/** The methods the desk takes at the register, in the order shown. */
const METHODS = ['cash', 'pix', 'debitCard', 'creditCard'] as const;
type DeskMethod = (typeof METHODS)[number];

/**
 * "Receber": the copart of one appointment at this station's register — the amount (all that is open
 * by default; less is a partial payment), the method (the appointment's by default), for cash the
 * amount handed over and the change, for PIX the static BR Code as a QR on screen (made on the desk,
 * offline too, FIN-007). Confirming runs `finance.register.chargeAppointment` on the local core.
 */
export function ChargeDialog(props: {
  row: ChargeRow;
  register: string;
  station: string;
  onClose: () => void;
  onCharged: (payment: string, message: string) => void;
}) {
  const { t } = useTranslation();
  const run = useRun();
  const { row } = props;
  const preferred = METHODS.find((m) => m === row.paymentMethod) ?? 'cash';
  const [method, setMethod] = useState<DeskMethod>(preferred);
  const [value, setValue] = useState(textOfCentavos(row.openCentavos));
  const [handed, setHanded] = useState('');
  const [failure, setFailure] = useState<ReturnType<typeof formFailure> | null>(null);
  const [saving, setSaving] = useState(false);
  const cents = centavosOfText(value);
  const handedCents = centavosOfText(handed);
  const pix = useLive(
    async (ctx) =>
      method === 'pix' && cents !== undefined && cents > 0
        ? ((await pixCodeFor(ctx.store, { amountCentavos: cents, reference: row.appointment })) ?? null)
        : undefined,
    [financeAccounts],
    [method, cents, row.appointment],
  );

  const submit = async () => {
    if (saving) return;
    if (cents === undefined || cents <= 0) {
      setFailure({ fields: { value: t('cash.badAmount') }, general: null });
      return;
    }
    setSaving(true);
    setFailure(null);
    try {
      const done = await run(chargeAppointment, {
        id: props.register,
        station: props.station,
        appointment: row.appointment,
        method,
        value: cents / 100,
      });
      props.onCharged(done.payment.id, done.message);
    } catch (error) {
      setFailure(formFailure(error, ['value', 'method']));
    } finally {
      setSaving(false);
    }
  };
  useCtrlEnter(submit);

  return (
    <Modal opened onClose={props.onClose} title={t('cash.chargeTitle', { name: row.patientName })} size="lg">
      <DialogForm onSubmit={submit} error={failure?.general}>
        <Text size="sm" c="dimmed">
          {t('cash.chargeIntro', {
            time: row.time,
            professional: row.professionalName,
            copart: formatCentavos(row.copartCentavos),
          })}
        </Text>
        <SegmentedControl
          aria-label={t('cash.method')}
          value={method}
          onChange={(m) => setMethod(m)}
          data={METHODS.map((m) => ({ value: m, label: t(`charge.method.${m}`) }))}
        />
        <TextInput
          label={t('cash.value')}
          description={t('cash.valueHint', { open: formatCentavos(row.openCentavos) })}
          leftSection="R$"
          inputMode="decimal"
          value={value}
          onChange={(e) => setValue(e.currentTarget.value)}
          error={failure?.fields.value}
          data-autofocus
        />
        {method === 'cash' && (
          <Group grow align="flex-end">
            <TextInput
              label={t('cash.handed')}
              leftSection="R$"
              inputMode="decimal"
              value={handed}
              onChange={(e) => setHanded(e.currentTarget.value)}
            />
            <Text fw={600} data-testid="cash-change">
              {cents !== undefined && handedCents !== undefined && handedCents >= cents
                ? t('cash.change', { value: formatCentavos(handedCents - cents) })
                : ''}
            </Text>
          </Group>
        )}
        {method === 'pix' && pix.data === null && (
          <Alert color="yellow" variant="light" role="status">
            {t('cash.noPixKey')}
          </Alert>
        )}
        {method === 'pix' && pix.data && (
          <Stack gap={4} align="center" data-testid="pix-qr">
            <Image src={pix.data.png} alt={t('cash.pixQrAlt', { value: formatCentavos(cents ?? 0) })} w={200} h={200} />
            <Text size="xs" c="dimmed">
              {t('cash.pixTo', { receiver: pix.data.receiver })}
            </Text>
            <TextInput
              aria-label={t('cash.pixCopy')}
              label={t('cash.pixCopy')}
              readOnly
              value={pix.data.payload}
              w="100%"
              onFocus={(e) => e.currentTarget.select()}
            />
          </Stack>
        )}
        <DialogActions
          hint={t('cash.chargeHint')}
          submitLabel={t('cash.confirmCharge')}
          loading={saving}
          onCancel={props.onClose}
        />
      </DialogForm>
    </Modal>
  );
}
