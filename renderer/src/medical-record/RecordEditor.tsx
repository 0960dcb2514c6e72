import { Alert, Badge, Button, Group, Paper, Stack, Tabs, Text, Textarea, Title } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { addAddendum, editMedicalRecord, finishMedicalRecord } from '#core/medical-record/record-ops.js';
import type { FormView } from '#core/medical-record/forms/form-record.js';
import { SECTIONS, type SectionName } from '#core/medical-record/record.js';
import { formFailure } from '../common/domain-errors.js';
import { useRun } from '../local/hooks.js';
import { Cid10Field } from './Cid10Field.js';
import type { OpenedRecord } from './load-attendances.js';
import { DocumentsPanel } from './DocumentsPanel.js';
import { PrescriptionDialog } from './PrescriptionDialog.js';
import { brDateTime } from './record-format.js';
import { RecordForms } from './RecordForms.js';
import { readDraft, useAutosave } from './use-autosave.js';

const brTime = (at: Date) => at.toLocaleTimeString('pt-BR', { hour: '2-digit', minute: '2-digit' });

/**
 * One attendance's record: the eight sections saved as typed (use-autosave.ts), the diagnosis'
 * CID-10 codes, "Finalizar atendimento"; once finished, the texts read-only with the dated addenda and
 * a form for a new one (CFM Res. 1.638/2002: later changes are addenda, never edits), and the
 * prescription's print. The record is the first tab; `tabs` adds the odontogram and the laudos (UI-070).
 */
export function RecordEditor(props: {
  opened: OpenedRecord;
  /** The configured sections in order (MED-024); a section holding text is shown anyway. */
  sections?: readonly SectionName[] | undefined;
  /** The configured custom forms, in order. */
  forms?: readonly FormView[];
  /** More tabs beside "Atendimento" (odontograma, laudos), all kept mounted. */
  tabs?: readonly { value: string; label: string; content: ReactNode }[];
  /** The tab shown first (`record` unless given). */
  defaultTab?: string;
  /** Shown at the end of the "Atendimento" tab (the patient's history). */
  below?: ReactNode;
  /** Shown at the top of the "Atendimento" tab (a patient's ongoing gestation, UI-097). */
  above?: ReactNode;
}) {
  const { t } = useTranslation();
  const run = useRun();
  const { record } = props.opened;
  const open = record.status === 'open';
  const autosave = useAutosave(run, record.id, open);
  const [texts, setTexts] = useState<Partial<Record<SectionName, string>>>(() => ({
    ...Object.fromEntries(SECTIONS.map((s) => [s, record.sections[s]?.text ?? ''])),
    ...readDraft(record.id),
  }));
  const [warnings, setWarnings] = useState<string[]>([]);
  const [addendum, setAddendum] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [printing, setPrinting] = useState(false);
  const [confirming, setConfirming] = useState(false);

  const codes = record.sections.hipoteseDiagnostica?.cid10 ?? [];
  const configured = props.sections ?? SECTIONS;
  const shown = [
    ...configured,
    ...SECTIONS.filter((s) => !configured.includes(s) && (record.sections[s]?.text || texts[s])),
  ];
  const fail = (e: unknown) => setError(formFailure(e, []).general ?? String(e));

  const setCodes = async (next: string[]) => {
    setError(null);
    try {
      await autosave.flush();
      const answer = await run(editMedicalRecord, { id: record.id, cid10: next });
      setWarnings(answer.warnings.map((w) => w.message));
    } catch (e) {
      fail(e);
    }
  };

  const finish = async () => {
    setError(null);
    setConfirming(false);
    try {
      await autosave.flush();
      await run(finishMedicalRecord, { id: record.id });
    } catch (e) {
      fail(e);
    }
  };

  const saveAddendum = async () => {
    if (!addendum.trim()) return;
    setError(null);
    try {
      await run(addAddendum, { id: record.id, text: addendum.trim() });
      setAddendum('');
    } catch (e) {
      fail(e);
    }
  };

  const saveText =
    autosave.state.kind === 'saving'
      ? t('medicalRecord.saving')
      : autosave.state.kind === 'saved'
        ? t('medicalRecord.saved', { time: brTime(autosave.state.at) })
        : '';

  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <div>
          <Title order={4} data-testid="record-patient" data-record={record.id}>
            {props.opened.patientName}
          </Title>
          <Text size="sm" c="dimmed">
            {brDateTime(record.startedAt)}
          </Text>
        </div>
        <Group gap="xs">
          <Badge color={open ? 'blue' : 'gray'}>{t(`medicalRecord.status.${record.status}`)}</Badge>
          <Text size="xs" c="dimmed" role="status" data-testid="save-state">
            {saveText}
          </Text>
        </Group>
      </Group>
      <Tabs defaultValue={props.defaultTab ?? 'record'} keepMounted>
        <Tabs.List>
          <Tabs.Tab value="record">{t('medicalRecord.tabRecord')}</Tabs.Tab>
          {props.tabs?.map((tab) => (
            <Tabs.Tab key={tab.value} value={tab.value}>
              {tab.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value="record" pt="sm">
          <Stack gap="sm">
            {props.above}
            {!open && (
              <Alert color="gray" role="status">
                {t('medicalRecord.finished', { at: brDateTime(record.finishedAt ?? record.updatedAt) })}
              </Alert>
            )}
            {error && (
              <Alert color="red" role="alert" withCloseButton onClose={() => setError(null)}>
                {error}
              </Alert>
            )}
            {shown.map((section) => (
              <Stack key={section} gap={4}>
                {open ? (
                  <Textarea
                    label={t(`medicalRecord.section.${section}`)}
                    value={texts[section] ?? ''}
                    autosize
                    minRows={section === 'anamnese' || section === 'evolucao' ? 3 : 2}
                    onChange={(e) => {
                      const text = e.currentTarget.value;
                      setTexts((current) => ({ ...current, [section]: text }));
                      autosave.type(section, text);
                    }}
                  />
                ) : (
                  <div>
                    <Text size="sm" fw={600}>
                      {t(`medicalRecord.section.${section}`)}
                    </Text>
                    <Text
                      size="sm"
                      style={{ whiteSpace: 'pre-wrap' }}
                      c={record.sections[section]?.text ? undefined : 'dimmed'}
                    >
                      {record.sections[section]?.text || t('medicalRecord.empty')}
                    </Text>
                  </div>
                )}
                {section === 'hipoteseDiagnostica' && (
                  <Cid10Field
                    run={run}
                    codes={codes}
                    readOnly={!open}
                    warnings={warnings}
                    onChange={(c) => void setCodes(c)}
                  />
                )}
              </Stack>
            ))}
            <RecordForms record={record} forms={props.forms ?? []} />
            {record.addenda.length > 0 && (
              <Paper withBorder p="sm">
                <Text fw={600} size="sm" mb={4}>
                  {t('medicalRecord.addenda')}
                </Text>
                {record.addenda.map((a) => (
                  <Text key={a.id} size="sm" data-testid="addendum" style={{ whiteSpace: 'pre-wrap' }}>
                    {brDateTime(a.at)} — {a.text}
                  </Text>
                ))}
              </Paper>
            )}
            {!open && (
              <Group align="flex-end">
                <Textarea
                  label={t('medicalRecord.addendum')}
                  value={addendum}
                  onChange={(e) => setAddendum(e.currentTarget.value)}
                  autosize
                  minRows={2}
                  style={{ flex: 1 }}
                />
                <Button onClick={() => void saveAddendum()} disabled={!addendum.trim()}>
                  {t('medicalRecord.addendumSave')}
                </Button>
              </Group>
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={() => void autosave.flush().then(() => setPrinting(true))}>
                {t('medicalRecord.printPrescription')}
              </Button>
              {open &&
                (confirming ? (
                  <Group gap="xs">
                    <Text size="sm">{t('medicalRecord.finishConfirm')}</Text>
                    <Button color="green" onClick={() => void finish()} autoFocus>
                      {t('medicalRecord.finish')}
                    </Button>
                    <Button variant="subtle" onClick={() => setConfirming(false)}>
                      {t('medicalRecord.close')}
                    </Button>
                  </Group>
                ) : (
                  <Button color="green" onClick={() => setConfirming(true)}>
                    {t('medicalRecord.finish')}
                  </Button>
                ))}
            </Group>
            <DocumentsPanel recordId={record.id} flush={() => autosave.flush()} />
            {printing && <PrescriptionDialog recordId={record.id} onClose={() => setPrinting(false)} />}
            {props.below}
          </Stack>
        </Tabs.Panel>
        {props.tabs?.map((tab) => (
          <Tabs.Panel key={tab.value} value={tab.value} pt="sm">
            {tab.content}
          </Tabs.Panel>
        ))}
      </Tabs>
    </Stack>
  );
}
