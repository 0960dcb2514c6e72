import { Button, Group, Modal, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Asks before an action that cannot be undone (revoking an installation or an API key): the
 * question, then the red button that does it and "Cancelar". Closes itself once `onConfirm` ends.
 */
export function ConfirmDialog(props: {
  title: string;
  text: string;
  confirmLabel: string;
  onConfirm: () => Promise<void>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  return (
    <Modal opened onClose={props.onClose} title={props.title}>
      <Text size="sm" mb="lg">
        {props.text}
      </Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={props.onClose}>
          {t('common.cancel')}
        </Button>
        <Button
          color="red"
          loading={busy}
          data-autofocus
          onClick={() => {
            setBusy(true);
            void props.onConfirm().finally(props.onClose);
          }}
        >
          {props.confirmLabel}
        </Button>
      </Group>
    </Modal>
  );
}
