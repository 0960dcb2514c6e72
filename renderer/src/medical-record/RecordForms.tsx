import { Accordion, Badge, Paper, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { answerCustomForm, currentAnswers } from '#core/medical-record/forms/answer-ops.js';
import type { FormView } from '#core/medical-record/forms/form-record.js';
import type { MedicalRecord } from '#core/medical-record/record.js';
import { useRun } from '../local/hooks.js';
import { QuestionnaireForm } from './QuestionnaireForm.js';

/**
 * The custom forms the professional's configuration shows (MED-024), each answered inside the
 * attendance record (MED-021): an accordion entry per form with its current score.
 */
export function RecordForms(props: { record: MedicalRecord; forms: readonly FormView[] }) {
  const { t } = useTranslation();
  const run = useRun();
  const current = currentAnswers(props.record.formAnswers);
  const open = props.record.status === 'open';
  if (props.forms.length === 0) return null;
  return (
    <Paper withBorder p="sm">
      <Text fw={600} size="sm" mb={4}>
        {t('medicalRecord.forms')}
      </Text>
      <Accordion multiple variant="separated">
        {props.forms.map((form) => {
          const saved = current.get(form.id);
          return (
            <Accordion.Item key={form.id} value={form.id} data-testid="record-form">
              <Accordion.Control>
                {form.questionnaire.title}
                {saved?.score && (
                  <Badge ml="xs" variant="light">
                    {saved.score.total.toLocaleString('pt-BR')}
                    {saved.score.band ? ` · ${saved.score.band}` : ''}
                  </Badge>
                )}
              </Accordion.Control>
              <Accordion.Panel>
                <QuestionnaireForm
                  key={`${form.id}:${saved?.id ?? ''}`}
                  form={form}
                  saved={saved}
                  readOnly={!open}
                  onSave={async (items, status) => {
                    await run(answerCustomForm, {
                      id: props.record.id,
                      form: form.id,
                      response: { resourceType: 'QuestionnaireResponse', status, item: items },
                    });
                  }}
                />
              </Accordion.Panel>
            </Accordion.Item>
          );
        })}
      </Accordion>
    </Paper>
  );
}
