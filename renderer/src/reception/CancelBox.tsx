import { Button, Group, Kbd, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { removeAppointment } from '#core/schedule/appointment-flow-ops.js';
import { useRun } from '../local/hooks.js';

/**
 * Cancelling an appointment from its panel: the "Desmarcar" button (X) opens the question, which asks
 * who cancels (patient or clinic) and why (required, Enter confirms); "Manter" closes it unchanged.
 * Key it by the appointment's id so another appointment starts with an empty reason.
 */
export function CancelBox(props: {
  id: string;
  open: boolean;
  onOpen: () => void;
  onKeep: () => void;
  busy: boolean;
  /** The panel's runner: one action at a time, its error shown by the panel. */
  act: (work: () => Promise<unknown>) => Promise<void>;
  onCancelled: () => void;
}) {
  const { t } = useTranslation();
  const run = useRun();
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const [cancelledBy, setCancelledBy] = useState<'patient' | 'clinic'>('patient');

  const cancel = () => {
    if (!reason.trim()) {
      setReasonError(t('panel.reasonRequired'));
      return;
    }
    void props.act(async () => {
      await run(removeAppointment, { id: props.id, reason: reason.trim(), cancelledBy });
      props.onCancelled();
    });
  };

  if (!props.open)
    return (
      <Group justify="flex-end">
        <Button color="red" variant="subtle" onClick={props.onOpen} rightSection={<Kbd size="xs">X</Kbd>}>
          {t('panel.cancel')}
        </Button>
      </Group>
    );
  return (
    <Stack gap="xs" className="cancel-box">
      <Text fw={600} c="red">
        {t('panel.cancelAsk')}
      </Text>
      <SegmentedControl
        value={cancelledBy}
        onChange={setCancelledBy}
        data={[
          { value: 'patient', label: t('panel.byPatient') },
          { value: 'clinic', label: t('panel.byClinic') },
        ]}
      />
      <TextInput
        label={t('panel.reason')}
        value={reason}
        error={reasonError}
        autoFocus
        onChange={(event) => {
          setReason(event.currentTarget.value);
          setReasonError(null);
        }}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            cancel();
          }
        }}
      />
      <Group justify="flex-end" gap="xs">
        <Button variant="default" onClick={props.onKeep}>
          {t('panel.keep')}
        </Button>
        <Button color="red" onClick={cancel} loading={props.busy}>
          {t('panel.cancelConfirm')}
        </Button>
      </Group>
    </Stack>
  );
}
