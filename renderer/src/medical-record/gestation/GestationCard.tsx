import { Alert, Badge, Button, Group, Paper, Select, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { listGestations, registerGestation, updateGestation } from '#core/medical-record/gestation/gestation-ops.js';
import {
  GESTATION_OUTCOMES,
  gestations,
  type GestationOutcome,
} from '#core/medical-record/gestation/gestation-record.js';
import { DateField } from '../../common/DateField.js';
import { formFailure } from '../../common/domain-errors.js';
import { useLive, useRun } from '../../local/hooks.js';
import { brDay, gestationalAgeText } from './gestation-format.js';

type Mode = 'view' | 'register' | 'note' | 'end';

/**
 * "Gestação" at the top of a female patient's attendance (UI-097): her ongoing gestation as this
 * station holds it (the ones its professional follows, MED-056) with DUM, DPP and today's gestational
 * age; a form to register one from the DUM, to change its note, or to end it with its outcome. Runs
 * on the local core, offline as online.
 */
export function GestationCard(props: {
  patient: string;
  recordId: string;
  /** Whether the person at the desk attends this record: the gestation then names it. */
  attending: boolean;
  clinic?: string | undefined;
}) {
  const { t } = useTranslation();
  const run = useRun();
  const [mode, setMode] = useState<Mode>('view');
  const [dum, setDum] = useState('');
  const [note, setNote] = useState('');
  const [outcome, setOutcome] = useState<GestationOutcome | null>(null);
  const [endedOn, setEndedOn] = useState('');
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const live = useLive(
    async (ctx) =>
      (await listGestations.run(ctx, { patient: props.patient, status: 'ongoing', limit: 1 })).items[0] ?? null,
    [gestations],
    [props.patient],
  );
  const current = live.data;
  if (current === undefined) return null;

  const start = (next: Mode) => {
    setMode(next);
    setError(null);
    setNotice(null);
    setFieldErrors({});
    setNote(next === 'note' ? (current?.note ?? '') : '');
    setDum('');
    setOutcome(null);
    setEndedOn('');
  };
  const act = async (work: () => Promise<string>, fields: string[]) => {
    setError(null);
    setFieldErrors({});
    try {
      const done = await work();
      setMode('view');
      setNotice(done);
    } catch (e) {
      const failure = formFailure(e, fields);
      setFieldErrors(failure.fields);
      setError(failure.general);
    }
  };
  const register = () =>
    act(async () => {
      const made = await run(registerGestation, {
        id: props.patient,
        lastMenstrualPeriod: dum,
        ...(props.clinic ? { clinic: props.clinic } : {}),
        ...(props.attending ? { medicalRecord: props.recordId } : {}),
        ...(note.trim() ? { note: note.trim() } : {}),
      });
      return t('gestation.registered', { dpp: brDay(made.dueDate) });
    }, ['lastMenstrualPeriod', 'note']);
  const saveNote = () =>
    act(async () => {
      await run(updateGestation, { id: current!.id, note: note.trim() });
      return t('gestation.noteSaved');
    }, ['note']);
  const end = () =>
    act(async () => {
      await run(updateGestation, {
        id: current!.id,
        status: 'ended',
        outcome: outcome!,
        ...(endedOn ? { endedOn } : {}),
      });
      return t('gestation.ended', { outcome: t(`gestation.outcome.${outcome!}`) });
    }, ['outcome', 'endedOn']);

  return (
    <Paper withBorder p="xs" aria-label={t('gestation.title')} data-testid="gestation-card">
      <Stack gap={6}>
        <Group justify="space-between" gap="xs">
          <Group gap="xs">
            <Text fw={600} size="sm">
              {t('gestation.title')}
            </Text>
            {current && (
              <>
                <Badge size="md" variant="light" color="pink" tt="none" data-testid="gestation-age">
                  {gestationalAgeText(current.gestationalAge)}
                </Badge>
                <Text size="sm" data-testid="gestation-dates">
                  {t('gestation.dates', { dum: brDay(current.lastMenstrualPeriod), dpp: brDay(current.dueDate) })}
                </Text>
              </>
            )}
            {!current && mode === 'view' && (
              <Text size="sm" c="dimmed">
                {t('gestation.none')}
              </Text>
            )}
          </Group>
          {mode === 'view' && (
            <Group gap={4}>
              {current ? (
                <>
                  <Button size="compact-xs" variant="default" onClick={() => start('note')}>
                    {t('gestation.editNote')}
                  </Button>
                  <Button size="compact-xs" variant="default" onClick={() => start('end')}>
                    {t('gestation.end')}
                  </Button>
                </>
              ) : (
                <Button size="compact-xs" variant="light" onClick={() => start('register')}>
                  {t('gestation.register')}
                </Button>
              )}
            </Group>
          )}
        </Group>
        {current?.note && mode !== 'note' && (
          <Text size="sm" c="dimmed" style={{ whiteSpace: 'pre-wrap' }}>
            {current.note}
          </Text>
        )}
        {notice && mode === 'view' && (
          <Text size="xs" c="teal" role="status">
            {notice}
          </Text>
        )}
        {error && (
          <Alert color="red" role="alert" p="xs">
            {error}
          </Alert>
        )}
        {mode === 'register' && (
          <Group align="flex-start" gap="xs" wrap="wrap">
            <DateField
              label={t('gestation.dum')}
              value={dum}
              onChange={setDum}
              error={fieldErrors['lastMenstrualPeriod']}
              w={260}
              data-autofocus
            />
            <Textarea
              label={t('gestation.note')}
              value={note}
              onChange={(e) => setNote(e.currentTarget.value)}
              autosize
              minRows={1}
              style={{ flex: 1, minWidth: 200 }}
              error={fieldErrors['note']}
            />
          </Group>
        )}
        {mode === 'note' && (
          <Textarea
            label={t('gestation.note')}
            value={note}
            onChange={(e) => setNote(e.currentTarget.value)}
            autosize
            minRows={2}
            error={fieldErrors['note']}
          />
        )}
        {mode === 'end' && (
          <Group align="flex-start" gap="xs">
            <Select
              label={t('gestation.outcome')}
              data={GESTATION_OUTCOMES.map((o) => ({ value: o, label: t(`gestation.outcome.${o}`) }))}
              value={outcome}
              onChange={(v) => setOutcome(v)}
              error={fieldErrors['outcome']}
              w={260}
            />
            <DateField
              label={t('gestation.endedOn')}
              placeholder={t('gestation.endedOnToday')}
              value={endedOn}
              onChange={setEndedOn}
              error={fieldErrors['endedOn']}
              w={160}
            />
          </Group>
        )}
        {mode !== 'view' && (
          <Group justify="flex-end" gap="xs">
            <Button size="compact-sm" variant="subtle" onClick={() => setMode('view')}>
              {t('gestation.cancel')}
            </Button>
            {mode === 'register' && (
              <Button size="compact-sm" disabled={!dum} onClick={() => void register()}>
                {t('gestation.save')}
              </Button>
            )}
            {mode === 'note' && (
              <Button size="compact-sm" onClick={() => void saveNote()}>
                {t('gestation.saveNote')}
              </Button>
            )}
            {mode === 'end' && (
              <Button size="compact-sm" color="red" disabled={!outcome} onClick={() => void end()}>
                {t('gestation.endConfirm')}
              </Button>
            )}
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
