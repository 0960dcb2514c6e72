import { Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { editAppointmentNotes } from '#core/schedule/appointment-ops.js';
import { useRun } from '../local/hooks.js';

/**
 * The appointment's notes in its panel: typed freely, saved by the button (enabled once they differ
 * from what is stored), "Salvas" until the next keystroke. Key it by the appointment's id so another
 * appointment starts from its own notes.
 */
export function AppointmentNotes(props: {
  id: string;
  notes: string | undefined;
  busy: boolean;
  /** The panel's runner: one action at a time, its error shown by the panel. */
  act: (work: () => Promise<unknown>) => Promise<void>;
}) {
  const { t } = useTranslation();
  const run = useRun();
  const [notes, setNotes] = useState(props.notes ?? '');
  const [saved, setSaved] = useState(false);
  return (
    <Stack gap="xs">
      <Textarea
        label={t('panel.notes')}
        autosize
        minRows={2}
        maxRows={6}
        value={notes}
        onChange={(event) => {
          setNotes(event.currentTarget.value);
          setSaved(false);
        }}
      />
      <Group justify="flex-end" gap="xs">
        {saved && (
          <Text size="sm" c="green">
            {t('panel.notesSaved')}
          </Text>
        )}
        <Button
          size="xs"
          variant="default"
          disabled={notes === props.notes || props.busy}
          onClick={() =>
            void props.act(async () => {
              await run(editAppointmentNotes, { id: props.id, notes });
              setSaved(true);
            })
          }
        >
          {t('panel.saveNotes')}
        </Button>
      </Group>
    </Stack>
  );
}
