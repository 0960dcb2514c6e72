import { Alert, Button, Grid, Group, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getMedicalRecordConfig } from '#core/medical-record/forms/config-ops.js';
import { medicalRecordConfigs } from '#core/medical-record/forms/config-record.js';
import { listCustomForms } from '#core/medical-record/forms/form-ops.js';
import { medicalRecordForms } from '#core/medical-record/forms/form-record.js';
import { medicalRecords } from '#core/medical-record/record.js';
import { instantAttendance, openAttendanceRecord } from '#core/medical-record/record-ops.js';
import { patients } from '#core/patient/patient-record.js';
import { appointments } from '#core/schedule/appointment-record.js';
import { callAppointment } from '#core/schedule/appointment-flow-ops.js';
import { formFailure } from '../common/domain-errors.js';
import { useLive, useRun } from '../local/hooks.js';
import { ConfigDrawer } from './ConfigDrawer.js';
import { DayList } from './DayList.js';
import { FollowedGestations } from './gestation/FollowedGestations.js';
import { loadOpenedRecord, loadProfessionalDay } from './load-attendances.js';
import { RecordTabs } from './RecordTabs.js';

/**
 * Prontuário: the signed-in professional's desk. Left, the patients of the day (called and attended
 * from here) and an instant attendance for a patient without an appointment; right, the open record
 * and the patient's history. Everything runs on the station's database, offline as online.
 */
export function MedicalRecordScreen() {
  const { t } = useTranslation();
  const run = useRun();
  const [chosen, setChosen] = useState<string | null>(null);
  const [instantPatient, setInstantPatient] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [configuring, setConfiguring] = useState(false);
  // The professional's configuration (MED-024) and the forms they see, read on the station.
  const setup = useLive(
    async (ctx) => ({
      config: await getMedicalRecordConfig.run(ctx, {}),
      available: (await listCustomForms.run(ctx, {})).items,
    }),
    [medicalRecordConfigs, medicalRecordForms],
    [],
  );
  const shownForms = (setup.data?.config.forms ?? []).flatMap((id) => {
    const form = setup.data?.available.find((f) => f.id === id);
    return form ? [form] : [];
  });
  const day = useLive((ctx) => loadProfessionalDay(ctx, new Date()), [appointments, medicalRecords, patients], []);
  const opened = useLive(
    async (ctx) => (chosen ? ((await loadOpenedRecord(ctx, chosen)) ?? null) : null),
    [medicalRecords, patients],
    [chosen],
  );
  const choices = useLive(
    async (ctx) =>
      (await ctx.store.collection(patients).find({ selector: { active: true }, limit: 5000 }))
        .map((p) => ({ value: p.id, label: p.socialName ?? p.name }))
        .sort((a, b) => a.label.localeCompare(b.label, 'pt-BR')),
    [patients],
    [],
  );

  const act = async (work: () => Promise<string | void>) => {
    setError(null);
    try {
      const id = await work();
      if (id) setChosen(id);
    } catch (e) {
      setError(formFailure(e, []).general ?? String(e));
    }
  };

  return (
    <section aria-labelledby="mr-title">
      <Group justify="space-between" mb="md">
        <Title order={3} id="mr-title">
          {t('medicalRecord.title')}
        </Title>
        <Button variant="default" size="compact-sm" disabled={!setup.data} onClick={() => setConfiguring(true)}>
          {t('medicalRecord.config')}
        </Button>
      </Group>
      {setup.data && configuring && (
        <ConfigDrawer
          opened
          onClose={() => setConfiguring(false)}
          sections={setup.data.config.sections}
          forms={setup.data.config.forms}
          available={setup.data.available}
        />
      )}
      {error && (
        <Alert color="red" role="alert" mb="sm" withCloseButton onClose={() => setError(null)}>
          {error}
        </Alert>
      )}
      <Grid>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Stack gap="md">
            {day.data && (
              <DayList
                day={day.data}
                chosen={chosen}
                onCall={(id) => void act(async () => void (await run(callAppointment, { id })))}
                onAttend={(id) => void act(async () => (await run(openAttendanceRecord, { id })).id)}
                onOpen={setChosen}
              />
            )}
            <Paper withBorder p="sm">
              <Stack gap="xs">
                <Text fw={600} size="sm">
                  {t('medicalRecord.instant')}
                </Text>
                <Select
                  label={t('medicalRecord.instantPatient')}
                  searchable
                  data={choices.data ?? []}
                  value={instantPatient}
                  onChange={setInstantPatient}
                />
                <Group justify="flex-end">
                  <Button
                    size="compact-sm"
                    disabled={!instantPatient}
                    onClick={() =>
                      void act(async () => {
                        const answer = await run(instantAttendance, { patient: instantPatient! });
                        setInstantPatient(null);
                        return answer.medicalRecord.id;
                      })
                    }
                  >
                    {t('medicalRecord.instantStart')}
                  </Button>
                </Group>
              </Stack>
            </Paper>
            <FollowedGestations />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 8 }}>
          {!chosen && <Text c="dimmed">{t('medicalRecord.choose')}</Text>}
          {chosen && opened.data === null && <Alert color="yellow">{t('medicalRecord.notHeld')}</Alert>}
          {opened.data && (
            <RecordTabs
              key={opened.data.record.id}
              opened={opened.data}
              sections={setup.data?.config.sections}
              forms={shownForms}
            />
          )}
        </Grid.Col>
      </Grid>
    </section>
  );
}
