import { Button, Group, Paper, Stepper, Text, Title } from '@mantine/core';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocalCore } from '../local/hooks.js';
import {
  emptyFirstRun,
  FIRST_RUN_STEPS,
  readFirstRun,
  writeFirstRun,
  type FirstRunDraft,
  type StepProps,
} from './first-run-draft.js';
import { leaveFirstRun } from './first-run-open.js';
import { FirstRunClinicStep } from './FirstRunClinicStep.js';
import { FirstRunInsurancesStep } from './FirstRunInsurancesStep.js';
import { FirstRunProceduresStep } from './FirstRunProceduresStep.js';
import { FirstRunProfessionalsStep } from './FirstRunProfessionalsStep.js';
import { FirstRunStationStep } from './FirstRunStationStep.js';
import type { SetupMessageKey } from './setup.pt-BR.js';

/**
 * The first-run assistant of a new account (issue 22): the clinic, its first professionals, the
 * procedures with prices, the insurances it accepts, and what this station is, one step at a time,
 * each saved through the same operations as Administração. Every keystroke is kept in the draft
 * (first-run-draft.ts), so leaving ("Continuar depois", another area, a reload) and coming back
 * resumes on the same step with what was typed. Earlier steps can be reopened from the stepper.
 * It ends on the agenda.
 */
export function FirstRunAssistant(props: { onDone: () => void }) {
  const { t } = useTranslation();
  const { actor } = useLocalCore();
  const tenant = actor.tenantId;
  const storage = globalThis.localStorage;
  const [draft, setDraft] = useState<FirstRunDraft>(() => readFirstRun(storage, tenant) ?? emptyFirstRun());
  const update = useCallback<StepProps['update']>(
    (change) =>
      setDraft((current) => {
        const changed = change(current);
        writeFirstRun(storage, tenant, changed);
        return changed;
      }),
    [storage, tenant],
  );
  const index = FIRST_RUN_STEPS.indexOf(draft.step);
  const go = (to: number) => update((d) => ({ ...d, step: FIRST_RUN_STEPS[to] ?? d.step }));
  const next = () => {
    if (index < FIRST_RUN_STEPS.length - 1) return go(index + 1);
    update((d) => ({ ...d, finished: true }));
    props.onDone();
  };
  const step = { draft, update, next };

  return (
    <Paper withBorder radius="md" p="lg" maw={1100} mx="auto" my="md" component="section" aria-labelledby="first-run">
      <Group justify="space-between" align="flex-start" mb="md" wrap="nowrap">
        <div>
          <Title order={3} id="first-run">
            {t('first.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('first.intro')}
          </Text>
        </div>
        <Button variant="subtle" onClick={leaveFirstRun} style={{ flexShrink: 0 }}>
          {t('first.later')}
        </Button>
      </Group>
      <Stepper
        active={index}
        size="sm"
        onStepClick={(to) => {
          // Earlier steps reopen; later ones come by saving this one.
          if (to < index) go(to);
        }}
        allowNextStepsSelect={false}
      >
        {FIRST_RUN_STEPS.map((id) => (
          <Stepper.Step
            key={id}
            label={t(`first.step.${id}` as SetupMessageKey)}
            description={t(`first.step.${id}.hint` as SetupMessageKey)}
          />
        ))}
      </Stepper>
      <Title order={4} mt="lg" mb="sm">
        {t('first.stepTitle', {
          n: index + 1,
          total: FIRST_RUN_STEPS.length,
          step: t(`first.step.${draft.step}` as SetupMessageKey),
        })}
      </Title>
      {draft.step === 'clinic' && <FirstRunClinicStep {...step} />}
      {draft.step === 'professionals' && <FirstRunProfessionalsStep {...step} />}
      {draft.step === 'procedures' && <FirstRunProceduresStep {...step} />}
      {draft.step === 'insurances' && <FirstRunInsurancesStep {...step} />}
      {draft.step === 'station' && <FirstRunStationStep {...step} />}
      {index > 0 && (
        <Button variant="default" mt="md" onClick={() => go(index - 1)}>
          {t('first.back')}
        </Button>
      )}
    </Paper>
  );
}
