import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Divider, Group, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import type { MessageKey } from '../i18n/index.js';
import { readServerUrl, SERVER_URL_KEY } from '../server/health.js';
import { useSession } from '../session/session-store.js';
import { startDemo } from './demo-session.js';
import { enrol, type EnrolFailure } from './installation.js';
import { useInstallation } from './installation-store.js';

const setupForm = z.object({
  serverUrl: z
    .string()
    .trim()
    .regex(/^https?:\/\/[^\s/]+/, 'setup.urlInvalid' satisfies MessageKey),
  code: z
    .string()
    .trim()
    .min(4, 'setup.codeRequired' satisfies MessageKey),
});
type SetupForm = z.infer<typeof setupForm>;

const failureKey: Record<EnrolFailure, MessageKey> = {
  code: 'setup.codeRefused',
  unreachable: 'setup.unreachable',
  server: 'login.serverError',
  otherAccount: 'setup.otherAccount',
};

/**
 * First run on this computer: connect it to the clinic's server with a one-time enrolment code (an
 * administrator creates it under Installations), or try a local-only demonstration clinic.
 */
export function SetupScreen() {
  const { t } = useTranslation();
  const session = useSession((s) => s.session);
  const configured = useInstallation((s) => s.configured);
  const [failure, setFailure] = useState<EnrolFailure | null>(null);
  const form = useForm<SetupForm>({
    resolver: zodResolver(setupForm),
    defaultValues: { serverUrl: readServerUrl(globalThis.localStorage), code: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    const result = await enrol(values.serverUrl, values.code, session?.user.tenantId ?? '');
    if (!result.ok) {
      setFailure(result.reason);
      form.setFocus('code');
      return;
    }
    if (result.installation.mode === 'server')
      globalThis.localStorage.setItem(SERVER_URL_KEY, result.installation.serverUrl);
    configured(result.installation);
  });
  const fieldError = (key: string | undefined) => (key ? t(key as MessageKey) : undefined);

  return (
    <Stack maw={880} mx="auto" mt="md" gap="lg">
      <div>
        <Title order={3}>{t('setup.title')}</Title>
        <Text c="dimmed">{t('setup.intro')}</Text>
      </div>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Paper component="section" withBorder shadow="xs" p="lg" radius="md" aria-labelledby="setup-server">
          <form onSubmit={(event) => void submit(event)} noValidate>
            <Stack gap="md">
              <Title order={4} id="setup-server">
                {t('setup.serverTitle')}
              </Title>
              <Text size="sm" c="dimmed">
                {t('setup.serverHelp')}
              </Text>
              {failure && (
                <Alert color="red" role="alert" variant="light">
                  {t(failureKey[failure])}
                </Alert>
              )}
              <TextInput
                label={t('setup.serverUrl')}
                required
                error={fieldError(errors.serverUrl?.message)}
                {...form.register('serverUrl')}
              />
              <TextInput
                label={t('setup.code')}
                placeholder="ABCD-EFGH-JKMN"
                required
                autoComplete="off"
                error={fieldError(errors.code?.message)}
                {...form.register('code')}
              />
              <Group justify="flex-end">
                <Button type="submit" loading={isSubmitting}>
                  {t('setup.connect')}
                </Button>
              </Group>
            </Stack>
          </form>
        </Paper>
        <Paper component="section" withBorder shadow="xs" p="lg" radius="md" aria-labelledby="setup-demo">
          <Stack gap="md" h="100%">
            <Title order={4} id="setup-demo">
              {t('setup.demoTitle')}
            </Title>
            <Text size="sm" c="dimmed">
              {t('setup.demoHelp')}
            </Text>
            <Divider />
            <Group justify="flex-end" mt="auto">
              <Button variant="light" onClick={startDemo}>
                {t('setup.demo')}
              </Button>
            </Group>
          </Stack>
        </Paper>
      </SimpleGrid>
    </Stack>
  );
}
