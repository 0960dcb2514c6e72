import { Group, NativeSelect, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PAYMENT_METHODS, PERIODS } from '#core/budget/budget-codes.js';
import type { BudgetForm, MoneyPreview } from './budget-form.js';
import { money, tabular, type FieldError } from './budget-editor-fields.js';

/**
 * The instalment plan (entry, parcels, method, period) and its summary: total, co-payment, entry,
 * parcels and the last parcel when it absorbs the rounding, all as the core settles them.
 * `copart` is the lines' co-payment in centavos, undefined while the lines do not total.
 */
export function BudgetPaymentSection(props: {
  form: BudgetForm;
  preview: MoneyPreview | null;
  copart: number | undefined;
  readOnly: boolean;
  update: (change: (f: BudgetForm) => BudgetForm) => void;
  fieldError: FieldError;
}) {
  const { t } = useTranslation();
  const { form, preview, copart, readOnly, update, fieldError } = props;
  return (
    <Paper withBorder radius="md" p="md">
      <Title order={5} mb="sm">
        {t('budget.payment')}
      </Title>
      <Group grow align="flex-start">
        <TextInput
          label={t('budget.entry')}
          value={form.plan.entry}
          readOnly={readOnly}
          placeholder="0,00"
          styles={{ input: tabular }}
          error={fieldError('paymentInformation.entry')}
          onChange={(e) => {
            const value = e.currentTarget.value;
            update((f) => ({ ...f, plan: { ...f.plan, entry: value } }));
          }}
        />
        <TextInput
          label={t('budget.parcels')}
          value={form.plan.quantity}
          readOnly={readOnly}
          placeholder="1"
          error={fieldError('paymentInformation.quantity') ?? fieldError('paymentInformation.parcelValue')}
          onChange={(e) => {
            const value = e.currentTarget.value;
            update((f) => ({ ...f, plan: { ...f.plan, quantity: value } }));
          }}
        />
      </Group>
      <Group grow align="flex-start" mt="sm">
        <NativeSelect
          label={t('budget.method')}
          value={form.plan.method}
          disabled={readOnly}
          data={[
            { value: '', label: t('budget.choose') },
            ...PAYMENT_METHODS.map((m) => ({ value: m, label: t(`budget.method.${m}`) })),
          ]}
          onChange={(e) => {
            const value = e.currentTarget.value;
            update((f) => ({ ...f, plan: { ...f.plan, method: value as BudgetForm['plan']['method'] } }));
          }}
        />
        <NativeSelect
          label={t('budget.period')}
          value={form.plan.period}
          disabled={readOnly}
          data={[
            { value: '', label: t('budget.choose') },
            ...PERIODS.map((p) => ({ value: p, label: t(`budget.period.${p}`) })),
          ]}
          onChange={(e) => {
            const value = e.currentTarget.value;
            update((f) => ({ ...f, plan: { ...f.plan, period: value as BudgetForm['plan']['period'] } }));
          }}
        />
      </Group>
      <Paper bg="var(--mantine-color-gray-0)" radius="md" p="sm" mt="md" aria-label={t('budget.summary.total')}>
        {preview?.value === undefined || !preview.plan ? (
          <Text size="sm" c="dimmed">
            {t('budget.summary.pending')}
          </Text>
        ) : (
          <Stack gap={4} style={tabular}>
            <Group justify="space-between">
              <Text fw={600}>{t('budget.summary.total')}</Text>
              <Text fw={700} size="lg" data-testid="budget-total">
                {money.format(preview.value)}
              </Text>
            </Group>
            {copart !== undefined && copart > 0 && (
              <Group justify="space-between">
                <Text size="sm">{t('budget.summary.copart')}</Text>
                <Text size="sm">{money.format(copart / 100)}</Text>
              </Group>
            )}
            {preview.plan.entry > 0 && (
              <Group justify="space-between">
                <Text size="sm">{t('budget.summary.entry')}</Text>
                <Text size="sm" data-testid="budget-entry">
                  {money.format(preview.plan.entry)}
                </Text>
              </Group>
            )}
            {preview.plan.quantity > 0 && (
              <Group justify="space-between">
                <Text size="sm">
                  {preview.plan.quantity === 1
                    ? t('budget.summary.single')
                    : t('budget.summary.parcels', {
                        count: String(
                          preview.plan.parcelValue === preview.plan.lastParcelValue
                            ? preview.plan.quantity
                            : preview.plan.quantity - 1,
                        ),
                      })}
                </Text>
                <Text size="sm" data-testid="budget-parcel">
                  {money.format(preview.plan.parcelValue)}
                </Text>
              </Group>
            )}
            {preview.plan.quantity > 1 && preview.plan.parcelValue !== preview.plan.lastParcelValue && (
              <Group justify="space-between">
                <Text size="sm">{t('budget.summary.last')}</Text>
                <Text size="sm" data-testid="budget-last-parcel">
                  {money.format(preview.plan.lastParcelValue)}
                </Text>
              </Group>
            )}
          </Stack>
        )}
      </Paper>
    </Paper>
  );
}
