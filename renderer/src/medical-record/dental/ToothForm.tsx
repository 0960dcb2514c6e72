import { Alert, Button, Chip, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { recordDentalState } from '#core/medical-record/dental/dental-ops.js';
import { DENTAL_STATE_CODES, type DentalState } from '#core/medical-record/dental/dental-states.js';
import { toothInfo, type ToothFace } from '#core/medical-record/dental/teeth.js';
import { formFailure } from '../../common/domain-errors.js';
import { useRun } from '../../local/hooks.js';
import { isFaceState, registration, type DentalDraft } from './odontogram.js';

/** A procedure the clinic does, as the dental options list it. */
export interface ProcedureOption {
  id: string;
  name: string;
  code?: string | undefined;
}

/**
 * Records a state on the selected tooth in this attendance (`patient.dentalRecord` with the record):
 * the faces as toggles (the same the drawing's clicks pick), the state (face states first, then the
 * whole-tooth ones), the procedure done and a note. The faces live in the parent, which shares them
 * with the drawing; a whole-tooth state greys them out. Enter in the note records.
 */
export function ToothForm(props: {
  patient: string;
  recordId: string;
  tooth: string;
  faces: ToothFace[];
  onFaces: (faces: ToothFace[]) => void;
  procedures: readonly ProcedureOption[];
}) {
  const { t } = useTranslation();
  const run = useRun();
  const info = toothInfo(props.tooth)!;
  const [state, setState] = useState<DentalState>('cariado');
  const [event, setEvent] = useState<string | null>(null);
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const draft: DentalDraft = { state, faces: props.faces, event: event ?? undefined, note };
  const ready = registration(props.patient, props.tooth, draft, props.recordId);
  const faceState = isFaceState(state);

  const submit = async () => {
    if (!ready.ok || busy) return;
    setBusy(true);
    setError(null);
    setDone(null);
    try {
      await run(recordDentalState, ready.input);
      setDone(t('dental.recorded', { tooth: props.tooth, state: t(`dental.state.${state}`) }));
      setNote('');
      setEvent(null);
      props.onFaces([]);
    } catch (e) {
      setError(formFailure(e, []).general ?? String(e));
    } finally {
      setBusy(false);
    }
  };

  const group = (face: boolean) =>
    DENTAL_STATE_CODES.filter((s) => s !== 'higido' && isFaceState(s) === face).map((s) => ({
      value: s,
      label: t(`dental.state.${s}`),
    }));

  return (
    <Stack gap="xs">
      <Text fw={600} size="sm">
        {t('dental.tooth', { tooth: props.tooth })} · {info.name}
      </Text>
      <div>
        <Text size="sm" fw={500} mb={4}>
          {t('dental.faces')}
        </Text>
        <Chip.Group multiple value={props.faces} onChange={(v) => props.onFaces(v)}>
          <Group gap={6}>
            {info.faces.map((face) => (
              <Chip key={face} value={face} size="xs" disabled={!faceState}>
                {face} · {t(`dental.face.${face}`)}
              </Chip>
            ))}
          </Group>
        </Chip.Group>
      </div>
      <Group grow align="flex-start" gap="xs">
        <Select
          label={t('dental.state')}
          allowDeselect={false}
          value={state}
          onChange={(v) => v && setState(v)}
          data={[
            { group: t('dental.faceStates'), items: group(true) },
            {
              group: t('dental.toothStates'),
              items: [...group(false), { value: 'higido', label: t('dental.state.higido') }],
            },
          ]}
        />
        <Select
          label={t('dental.event')}
          searchable
          clearable
          value={event}
          onChange={setEvent}
          data={props.procedures.map((p) => ({ value: p.id, label: p.code ? `${p.code} · ${p.name}` : p.name }))}
        />
      </Group>
      <TextInput
        label={t('dental.note')}
        value={note}
        maxLength={2000}
        onChange={(e) => setNote(e.currentTarget.value)}
        onKeyDown={(e) => e.key === 'Enter' && void submit()}
      />
      <Text size="xs" c="dimmed">
        {faceState ? (ready.ok ? ' ' : t('dental.needFaces')) : t('dental.wholeTooth')}
      </Text>
      {error && (
        <Alert color="red" role="alert" withCloseButton onClose={() => setError(null)}>
          {error}
        </Alert>
      )}
      <Group justify="space-between" wrap="nowrap">
        <Text size="sm" c="green.8" role="status">
          {done}
        </Text>
        <Button onClick={() => void submit()} disabled={!ready.ok} loading={busy}>
          {t('dental.record', { tooth: props.tooth })}
        </Button>
      </Group>
    </Stack>
  );
}
