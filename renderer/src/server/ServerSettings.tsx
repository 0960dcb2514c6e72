import { Alert, Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { readServerUrl } from './health.js';
import { rememberServer } from './remember-server.js';
import { probeServer, type ServerProbe } from './server-address.js';
import { serverProblemKey } from './server-problem.js';

/**
 * Configurações › the clinic's server: the address this desk signs in and syncs with, changed only
 * after the new one answers as a Clinic server (`GET /health`), with the same messages as the login.
 */
export function ServerSettings() {
  const { t } = useTranslation();
  const [text, setText] = useState(() => readServerUrl(globalThis.localStorage));
  const [outcome, setOutcome] = useState<ServerProbe | null>(null);
  const [testing, setTesting] = useState(false);

  const save = async () => {
    setTesting(true);
    setOutcome(null);
    const probe = await probeServer(text);
    if (probe.ok) {
      await rememberServer(probe.url);
      setText(probe.url);
    }
    setOutcome(probe);
    setTesting(false);
  };

  return (
    <Stack gap="sm" component="section" aria-labelledby="server-settings-title">
      <Title order={4} id="server-settings-title">
        {t('server.settingsTitle')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('server.settingsHelp')}
      </Text>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        <Group align="flex-end" gap="sm" wrap="wrap">
          <TextInput
            label={t('server.address')}
            placeholder="http://192.168.0.10:3000"
            inputMode="url"
            style={{ flex: '1 1 260px' }}
            value={text}
            error={outcome && !outcome.ok ? true : undefined}
            onChange={(event) => setText(event.currentTarget.value)}
          />
          <Button type="submit" loading={testing}>
            {t('server.saveAndTest')}
          </Button>
        </Group>
      </form>
      {outcome &&
        (outcome.ok ? (
          <Alert color="green" role="status" variant="light">
            {t('server.saved', { url: outcome.url })}
          </Alert>
        ) : (
          <Alert color="red" role="alert" variant="light">
            {t(serverProblemKey[outcome.reason], { url: outcome.url })}
          </Alert>
        ))}
    </Stack>
  );
}
