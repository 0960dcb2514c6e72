import { Checkbox, Modal, SimpleGrid, Table, Text, Textarea, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { assignAuthorization, justifyAttendance } from '#core/billing/attendance-ops.js';
import type { BillingAttendance, BillingItem } from '#core/billing/attendance-record.js';
import { DateField } from '../common/DateField.js';
import { DialogActions } from '../common/DialogActions.js';
import { DialogForm } from '../common/DialogForm.js';
import { useCtrlEnter } from '../common/dialog-keys.js';
import { formFailure, type FormFailure } from '../common/domain-errors.js';
import type { RunOperation } from '../local/hooks.js';
import { brl } from './billing-format.js';
import { EligibilityCheck } from './EligibilityCheck.js';
import { ExpenseForm } from './ExpenseForm.js';
import { writtenOrder } from './load-billing.js';

const FIELDS = ['authorizationCode', 'authorizationDate', 'justification', 'returnVisit'];

/** Where in the mouth a GTO line is (TISS-033): `Dente 16 · faces O, M`, `Região AS`, or a dash. */
function mouthPlace(item: BillingItem, t: TFunction): string {
  if (item.tooth)
    return item.toothFace?.length
      ? t('billing.guide.toothFaces', { tooth: item.tooth, faces: item.toothFace.join(', ') })
      : t('billing.guide.tooth', { tooth: item.tooth });
  return item.toothRegion ? t('billing.guide.region', { region: item.toothRegion }) : '—';
}

/**
 * Editing one billed guide: the operator's authorization code (senha) and its date, the justification
 * written in the guide's note, and whether it is a return visit. The limits are the core's, taken from
 * the TISS types (senha st_texto20, observação st_texto500), and show under the field they concern.
 * A GTO's lines also say where in the mouth (tooth and faces, or region, from the treatment).
 * Below: the guide's other expenses (ExpenseForm, not on a GTO or honorários) and the beneficiary's
 * eligibility at the insurer.
 */
export function GuideDialog(props: {
  attendance: BillingAttendance;
  patientName: string;
  run: RunOperation;
  /** With the notice to show when something was saved. */
  onClose: (saved: string | null) => void;
}) {
  const { t } = useTranslation();
  // The guide as last answered: adding an expense changes its lines (and a consultation becomes SP/SADT).
  const [attendance, setAttendance] = useState(props.attendance);
  const [draft, setDraft] = useState({
    authorizationCode: attendance.authorizationCode ?? '',
    authorizationDate: attendance.authorizationDate ?? '',
    justification: attendance.justification ?? '',
    returnVisit: attendance.returnVisit,
  });
  const [failure, setFailure] = useState<FormFailure | null>(null);
  const [saving, setSaving] = useState(false);

  const submit = async () => {
    if (saving) return;
    setSaving(true);
    setFailure(null);
    try {
      if (
        draft.authorizationCode !== (attendance.authorizationCode ?? '') ||
        draft.authorizationDate !== (attendance.authorizationDate ?? '')
      )
        await props.run(assignAuthorization, {
          id: attendance.id,
          authorizationCode: draft.authorizationCode,
          ...(draft.authorizationDate ? { authorizationDate: draft.authorizationDate } : {}),
        });
      if (draft.justification !== (attendance.justification ?? '') || draft.returnVisit !== attendance.returnVisit)
        await props.run(justifyAttendance, {
          id: attendance.id,
          justification: draft.justification,
          returnVisit: draft.returnVisit,
        });
      props.onClose(t('billing.guide.saved', { number: attendance.guideNumber }));
    } catch (error) {
      setFailure(formFailure(error, FIELDS));
      setSaving(false);
    }
  };
  useCtrlEnter(submit);

  return (
    <Modal
      opened
      onClose={() => props.onClose(null)}
      title={t('billing.guide.title', { number: attendance.guideNumber, name: props.patientName })}
      size={720}
    >
      <DialogForm onSubmit={submit} error={failure?.general}>
        <SimpleGrid cols={2}>
          <TextInput
            label={t('billing.guide.authorizationCode')}
            value={draft.authorizationCode}
            error={failure?.fields['authorizationCode']}
            data-autofocus
            onChange={(event) => {
              const authorizationCode = event.currentTarget.value;
              setDraft((d) => ({ ...d, authorizationCode }));
            }}
          />
          <DateField
            label={t('billing.guide.authorizationDate')}
            value={draft.authorizationDate}
            error={failure?.fields['authorizationDate']}
            onChange={(authorizationDate) => setDraft((d) => ({ ...d, authorizationDate }))}
          />
        </SimpleGrid>
        <Textarea
          label={t('billing.guide.justification')}
          value={draft.justification}
          error={failure?.fields['justification']}
          autosize
          minRows={2}
          onChange={(event) => {
            const justification = event.currentTarget.value;
            setDraft((d) => ({ ...d, justification }));
          }}
        />
        <Checkbox
          label={t('billing.guide.returnVisit')}
          checked={draft.returnVisit}
          onChange={(event) => {
            const returnVisit = event.currentTarget.checked;
            setDraft((d) => ({ ...d, returnVisit }));
          }}
        />
        <EligibilityCheck attendance={attendance} run={props.run} />
        <Text fw={500} size="sm">
          {t('billing.guide.lines')}
        </Text>
        <Table withTableBorder verticalSpacing={4} aria-label={t('billing.guide.lines')}>
          <Table.Tbody>
            {writtenOrder(attendance.items).map((item, i) => (
              <Table.Tr key={i}>
                <Table.Td>{i + 1}</Table.Td>
                <Table.Td>
                  {item.table} · {item.code}
                </Table.Td>
                <Table.Td>{item.description}</Table.Td>
                {attendance.guideType === 'odonto' && <Table.Td>{mouthPlace(item, t)}</Table.Td>}
                <Table.Td ta="right">{item.quantity}</Table.Td>
                <Table.Td ta="right">{brl(item.unitValue)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        {/* A GTO and a honorários guide have no place for other expenses (TISS-033, TISS-034). */}
        {attendance.guideType !== 'odonto' && attendance.guideType !== 'honorarios' && (
          <ExpenseForm attendance={attendance} run={props.run} onAdded={setAttendance} />
        )}
        <DialogActions
          hint={t('billing.guide.hint')}
          submitLabel={t('billing.guide.save')}
          loading={saving}
          onCancel={() => props.onClose(null)}
        />
      </DialogForm>
    </Modal>
  );
}
