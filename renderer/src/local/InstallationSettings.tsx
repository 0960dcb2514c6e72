import { Button, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ServerSettings } from '../server/ServerSettings.js';
import { useSession } from '../session/session-store.js';
import { useLocalCore } from './hooks.js';
import { useInstallation } from './installation-store.js';
import { closeCore } from './open-cores.js';
import { StationPlaces } from './StationPlaces.js';

/**
 * Settings › this station: which account it syncs with, the server's address (changed after a test), its attendance place per clinic
 * (the agenda's "Chamar" calls tickets there), and disconnecting it (asks once; the local data stay on
 * the computer, so reconnecting the same account finds them again).
 */
export function InstallationSettings() {
  const { t } = useTranslation();
  const { installation } = useLocalCore();
  const reset = useInstallation((s) => s.reset);
  const signedOut = useSession((s) => s.signedOut);
  const [asking, setAsking] = useState(false);

  const disconnect = async () => {
    await closeCore(installation);
    reset();
    if (installation.mode === 'demo') signedOut();
  };

  return (
    <Paper component="section" withBorder p="lg" radius="md" maw={720} aria-labelledby="station-title">
      <Stack gap="md">
        <Title order={3} id="station-title">
          {t('station.title')}
        </Title>
        <Table withRowBorders={false}>
          <Table.Tbody>
            <Table.Tr>
              <Table.Th w={200}>{t('station.mode')}</Table.Th>
              <Table.Td>{installation.mode === 'demo' ? t('station.demo') : t('station.server')}</Table.Td>
            </Table.Tr>
            {installation.mode === 'server' && (
              <>
                <Table.Tr>
                  <Table.Th>{t('station.name')}</Table.Th>
                  <Table.Td>{installation.name}</Table.Td>
                </Table.Tr>
                <Table.Tr>
                  <Table.Th>{t('station.id')}</Table.Th>
                  <Table.Td>
                    <Text ff="monospace" size="sm">
                      {installation.installationId}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              </>
            )}
          </Table.Tbody>
        </Table>
        <ServerSettings />
        <StationPlaces />
        {asking ? (
          <Group justify="flex-end" gap="sm">
            <Text c="red" fw={600} mr="auto">
              {t('station.disconnectAsk')}
            </Text>
            <Button variant="default" onClick={() => setAsking(false)}>
              {t('panel.keep')}
            </Button>
            <Button color="red" onClick={() => void disconnect()}>
              {t('station.disconnect')}
            </Button>
          </Group>
        ) : (
          <Group justify="flex-end">
            <Button color="red" variant="subtle" onClick={() => setAsking(true)}>
              {t('station.disconnect')}
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
