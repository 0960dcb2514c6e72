import { Button, Kbd, Modal, Stack, Table, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FORM_SHORTCUTS, PANEL_SHORTCUTS, SCHEDULE_SHORTCUTS, WEEK_SHORTCUTS, type Shortcut } from './shortcuts.js';

function ShortcutTable(props: { title: string; shortcuts: Shortcut[] }) {
  const { t } = useTranslation();
  return (
    <div>
      <Title order={4} mb="xs">
        {props.title}
      </Title>
      <Table striped withRowBorders={false}>
        <Table.Tbody>
          {props.shortcuts.map((s) => (
            <Table.Tr key={s.action}>
              <Table.Td w={160}>
                {s.keys.map((k, i) => (
                  <span key={k}>
                    {i > 0 && ' '}
                    <Kbd>{k}</Kbd>
                  </span>
                ))}
              </Table.Td>
              <Table.Td>{t(s.action)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </div>
  );
}

/** The keyboard shortcuts of the reception, from the one list the screens handle. */
export function ShortcutsHelp(props: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal opened={props.opened} onClose={props.onClose} title={t('shortcut.title')} size="lg">
      <Stack gap="lg">
        <ShortcutTable title={t('shortcut.schedule')} shortcuts={SCHEDULE_SHORTCUTS} />
        <ShortcutTable title={t('shortcut.week')} shortcuts={WEEK_SHORTCUTS} />
        <ShortcutTable title={t('shortcut.panel')} shortcuts={PANEL_SHORTCUTS} />
        <ShortcutTable title={t('shortcut.forms')} shortcuts={FORM_SHORTCUTS} />
      </Stack>
    </Modal>
  );
}

/** The toolbar button that lists the shortcuts (as `?` does). */
export function ShortcutsButton(props: { onClick: () => void }) {
  const { t } = useTranslation();
  return (
    <Button variant="subtle" onClick={props.onClick} rightSection={<Kbd>?</Kbd>}>
      {t('schedule.shortcuts')}
    </Button>
  );
}
