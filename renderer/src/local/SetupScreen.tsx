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
import { roleAdministers } from '../role-shows.js';
import { enrolAsAdmin } from '../setup/self-enrol.js';

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

  const [selfEnrolling, setSelfEnrolling] = useState(false);
  const admin = session?.accessToken && roleAdministers(session.user.role) ? session : null;
  // A new account's first desk: its admin connects it without a code made elsewhere (setup/self-enrol.ts).
  const enrolSelf = async () => {
    if (!admin?.accessToken || !(await form.trigger('serverUrl'))) return;
    setFailure(null);
    setSelfEnrolling(true);
    const serverUrl = form.getValues('serverUrl');
    const name = t('first.selfEnrol.name');
    const result = await enrolAsAdmin(serverUrl, admin.accessToken, name, admin.user.tenantId);
    setSelfEnrolling(false);
    if (!result.ok) return setFailure(result.reason);
    globalThis.localStorage.setItem(SERVER_URL_KEY, serverUrl.trim().replace(/\/+$/, ''));
    configured(result.installation);
  };

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
              {admin && (
                <>
                  <Divider label={t('first.selfEnrol.title')} />
                  <Text size="sm" c="dimmed">
                    {t('first.selfEnrol.hint', { name: t('first.selfEnrol.name') })}
                  </Text>
                  <Group justify="flex-end">
                    <Button variant="light" loading={selfEnrolling} onClick={() => void enrolSelf()}>
                      {t('first.selfEnrol.button')}
                    </Button>
                  </Group>
                </>
              )}
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
