import { Fieldset, Modal, NativeSelect, SimpleGrid, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { createInsurance, updateInsurance } from '#core/insurance/insurance-ops.js';
import { invoke } from '#core/operation.js';
import { listPriceTables } from '#core/price/price-table-ops.js';
import { priceTables } from '#core/price/price-table-record.js';
import { DialogForm } from '../common/DialogForm.js';
import { useCtrlEnter } from '../common/dialog-keys.js';
import { formFailure, type FormFailure } from '../common/domain-errors.js';
import { useLive } from '../local/hooks.js';
import {
  INSURANCE_TEXT_FIELDS,
  insuranceDraft,
  insuranceInput,
  type InsuranceTextField,
  type ListedInsurance,
} from './insurance-draft.js';
import { PlansEditor } from './PlansEditor.js';
import { SaveActions } from './SaveActions.js';
import type { SetupMessageKey } from './setup.pt-BR.js';
import { useAdminRun } from './use-admin-run.js';

const PLACEHOLDERS: Partial<Record<InsuranceTextField, string>> = {
  ansRegistry: '000000',
  cnpj: '00.000.000/0000-00',
  phone: '(11) 3333-4444',
  tissVersion: '4.01.00',
};

/**
 * Creates or edits an insurance (operadora): its registration data and the TISS parameters the core
 * keeps (registro ANS, versão TISS, código do prestador na operadora, tabela de preços, janela de
 * retorno), and its plans. A new insurance takes its first plans with it; an existing one adds or
 * inactivates plans one at a time (the core's plan operations). The core's messages show under the
 * field they name.
 */
export function InsuranceDialog(props: {
  insurance: ListedInsurance | null;
  onClose: () => void;
  onSaved: (name: string) => void;
}) {
  const { t } = useTranslation();
  const { run } = useAdminRun();
  const [draft, setDraft] = useState(() => insuranceDraft(props.insurance));
  const [plans, setPlans] = useState<string[]>([]);
  const [failure, setFailure] = useState<FormFailure | null>(null);
  const [saving, setSaving] = useState(false);
  const tables = useLive((ctx) => invoke(listPriceTables, ctx, { limit: 100 }), [priceTables], []);

  const submit = async () => {
    if (saving) return;
    setSaving(true);
    setFailure(null);
    const input = insuranceInput(draft);
    try {
      if (props.insurance) await run(updateInsurance, { id: props.insurance.id, ...input } as never);
      else await run(createInsurance, { ...input, plans: plans.map((name) => ({ name })) } as never);
      props.onSaved(draft.name.trim());
    } catch (error) {
      setFailure(formFailure(error, [...INSURANCE_TEXT_FIELDS, 'priceTable', 'returnDays', 'plans']));
      setSaving(false);
    }
  };
  useCtrlEnter(submit);

  const text = (field: InsuranceTextField, extra: { required?: boolean; inputMode?: 'numeric' | 'tel' } = {}) => (
    <TextInput
      label={t(`admin.ins.${field}` as SetupMessageKey)}
      placeholder={PLACEHOLDERS[field]}
      value={draft[field]}
      error={failure?.fields[field]}
      onChange={(event) => {
        const value = event.currentTarget.value;
        setDraft((d) => ({ ...d, [field]: value }));
      }}
      {...extra}
    />
  );

  return (
    <Modal
      opened
      onClose={props.onClose}
      title={props.insurance ? t('admin.ins.editTitle') : t('admin.ins.newTitle')}
      size="xl"
    >
      <DialogForm onSubmit={submit} error={failure?.general}>
        <SimpleGrid cols={2}>
          {text('name', { required: true })}
          {text('legalName')}
          {text('cnpj', { inputMode: 'numeric' })}
          {text('phone', { inputMode: 'tel' })}
        </SimpleGrid>
        {text('email')}
        <Fieldset legend={t('admin.ins.tiss')}>
          <SimpleGrid cols={3}>
            {text('ansRegistry', { inputMode: 'numeric' })}
            {text('tissVersion')}
            {text('providerCode')}
            <NativeSelect
              label={t('admin.ins.priceTable')}
              value={draft.priceTable}
              data={[
                { value: '', label: t('admin.ins.noPriceTable') },
                ...(tables.data?.items ?? []).map((table) => ({ value: table.id, label: table.name })),
              ]}
              error={failure?.fields['priceTable']}
              onChange={(event) => {
                const value = event.currentTarget.value;
                setDraft((d) => ({ ...d, priceTable: value }));
              }}
            />
            <TextInput
              label={t('admin.ins.returnDays')}
              inputMode="numeric"
              value={draft.returnDays}
              error={failure?.fields['returnDays']}
              onChange={(event) => {
                const value = event.currentTarget.value;
                setDraft((d) => ({ ...d, returnDays: value }));
              }}
            />
          </SimpleGrid>
        </Fieldset>
        <PlansEditor
          insurance={props.insurance}
          pending={plans}
          onPending={setPlans}
          error={failure?.fields['plans']}
        />
        <SaveActions loading={saving} onCancel={props.onClose} />
      </DialogForm>
    </Modal>
  );
}
