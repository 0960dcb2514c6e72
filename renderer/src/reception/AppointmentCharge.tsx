import { Button, Group, Select, Text, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoneyText, fromCentavos, parseMoneyText, toCentavos } from '#core/price/money.js';
import { PAYMENT_METHODS, type PaymentMethod } from '#core/schedule/appointment-record.js';
import { setCopart, setPaymentMethod } from '#core/schedule/appointment-money-ops.js';
import type { MessageKey } from '../i18n/index.js';
import { useRun } from '../local/hooks.js';
import type { DayAppointment } from './load-day.js';

/**
 * The appointment's copart (reais, typed as `35,50`) and payment method, saved through the core's
 * `appointment.setCopart` and `appointment.setPaymentMethod` (spec §4.3) when either changed.
 * Failures surface through `onError` with the core's message; a bad amount is refused inline.
 */
export function AppointmentCharge(props: {
  appointment: DayAppointment;
  busy: boolean;
  act: (work: () => Promise<unknown>) => Promise<void>;
}) {
  const { t } = useTranslation();
  const run = useRun();
  const a = props.appointment;
  const storedCopart = a.copart === undefined ? '' : formatMoneyText(toCentavos(a.copart));
  const [copart, setCopartText] = useState(storedCopart);
  const [method, setMethod] = useState<PaymentMethod | null>(a.paymentMethod ?? null);
  const [copartError, setCopartError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);

  useEffect(() => {
    setCopartText(storedCopart);
    setMethod(a.paymentMethod ?? null);
    setCopartError(null);
    setSaved(false);
    // Reset only when another appointment opens, not when this one changes.
  }, [a.id]);

  const copartChanged = copart.trim() !== storedCopart;
  const methodChanged = method !== null && method !== a.paymentMethod;

  const save = () => {
    const centavos = copartChanged ? parseMoneyText(copart) : undefined;
    if (copartChanged && centavos === undefined) {
      setCopartError(t('charge.badAmount'));
      return;
    }
    void props.act(async () => {
      if (centavos !== undefined) await run(setCopart, { id: a.id, copart: fromCentavos(centavos) });
      if (methodChanged) await run(setPaymentMethod, { id: a.id, paymentMethod: method });
      setSaved(true);
    });
  };

  return (
    <Group align="flex-end" gap="xs" wrap="wrap" data-testid="appointment-charge">
      <TextInput
        label={t('charge.copart')}
        leftSection={<Text size="sm">R$</Text>}
        inputMode="decimal"
        placeholder="0,00"
        w={130}
        value={copart}
        error={copartError}
        onChange={(event) => {
          setCopartText(event.currentTarget.value);
          setCopartError(null);
          setSaved(false);
        }}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            save();
          }
        }}
      />
      <Select
        label={t('charge.method')}
        placeholder={t('charge.methodNone')}
        data={PAYMENT_METHODS.map((value) => ({ value, label: t(`charge.method.${value}` as MessageKey) }))}
        value={method}
        onChange={(value) => {
          setMethod(value);
          setSaved(false);
        }}
        allowDeselect={false}
        w={170}
      />
      <Button variant="default" onClick={save} disabled={props.busy || (!copartChanged && !methodChanged)}>
        {saved ? t('charge.saved') : t('charge.save')}
      </Button>
    </Group>
  );
}
