import { useTranslation } from 'react-i18next';
import { users } from '#core/access/user.js';
import type { FormView } from '#core/medical-record/forms/form-record.js';
import type { SectionName } from '#core/medical-record/record.js';
import { useLive, useLocalCore } from '../local/hooks.js';
import { DentalChartPanel } from './dental/DentalChartPanel.js';
import { GestationCard } from './gestation/GestationCard.js';
import type { OpenedRecord } from './load-attendances.js';
import { PatientHistory } from './PatientHistory.js';
import { RecordEditor } from './RecordEditor.js';
import { ReportsPanel } from './ReportsPanel.js';

/**
 * The opened attendance (UI-070): the record editor with its "Atendimento" tab (sections, forms,
 * documents, then the patient's history) and the "Odontograma" and "Laudos" tabs. A dentist (council
 * CRO) starts on the odontogram; everyone else on the record. A female patient's record opens with
 * her gestation card (UI-097).
 */
export function RecordTabs(props: {
  opened: OpenedRecord;
  sections?: readonly SectionName[] | undefined;
  forms: readonly FormView[];
}) {
  const { t } = useTranslation();
  const { actor } = useLocalCore();
  const { record } = props.opened;
  const me = useLive(async (ctx) => (await ctx.store.collection(users).get(actor.id)) ?? null, [users], [actor.id]);
  if (me.data === undefined && me.error === undefined) return null;
  const open = record.status === 'open';
  return (
    <RecordEditor
      opened={props.opened}
      sections={props.sections}
      forms={props.forms}
      defaultTab={me.data?.council === 'CRO' ? 'dental' : 'record'}
      above={
        props.opened.patientSex === 'female' ? (
          <GestationCard
            patient={record.patient}
            recordId={record.id}
            attending={record.professional === actor.id}
            clinic={record.clinic}
          />
        ) : undefined
      }
      below={<PatientHistory patient={record.patient} exceptId={record.id} />}
      tabs={[
        {
          value: 'dental',
          label: t('dental.tab'),
          content: <DentalChartPanel patient={record.patient} recordId={record.id} open={open} />,
        },
        { value: 'reports', label: t('reports.tab'), content: <ReportsPanel recordId={record.id} open={open} /> },
      ]}
    />
  );
}
