import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Group, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import type { MessageKey } from '../i18n/index.js';
import { readServerUrl } from '../server/health.js';
import { rememberServer } from '../server/remember-server.js';
import { hasChosenServer, probeServer, serverFromAddress, type ServerProbe } from '../server/server-address.js';
import { serverProblemKey } from '../server/server-problem.js';
import { signIn, type SignInFailure } from './sign-in.js';
import { useSession } from './session-store.js';

/** Messages are keys: the resolver's errors are translated where they are shown. */
const loginForm = z.object({
  email: z
    .string()
    .trim()
    .email('login.emailInvalid' satisfies MessageKey),
  password: z.string().min(1, 'login.passwordRequired' satisfies MessageKey),
  account: z.string().trim().optional(),
});
type LoginForm = z.infer<typeof loginForm>;

const failureKey: Record<SignInFailure['reason'], MessageKey> = {
  credentials: 'login.credentials',
  server: 'login.serverError',
  offlineNoVerifier: 'login.offlineNoVerifier',
  offlineExpired: 'login.offlineExpired',
  rateLimited: 'login.rateLimited',
  chooseAccount: 'login.chooseAccount',
};

/**
 * The sign-in form: the clinic's server (asked on the first run, or when the page's `?server=` proposes
 * another; otherwise shown with "Alterar servidor"), e-mail and password (and the clinic, for people in
 * several), Enter submits. A new server address is tested (`GET /health`) and kept before signing in;
 * then online when the server answers, otherwise with this desk's offline access.
 */
export function LoginScreen() {
  const { t } = useTranslation();
  const signedIn = useSession((s) => s.signedIn);
  const [failure, setFailure] = useState<SignInFailure | null>(null);
  const [askAccount, setAskAccount] = useState(false);
  const [current, setCurrent] = useState(() => readServerUrl(globalThis.localStorage));
  const [server, setServer] = useState(() => {
    const proposed = serverFromAddress(globalThis.location.href);
    const firstRun = !hasChosenServer(globalThis.localStorage);
    return { editing: firstRun || (proposed !== undefined && proposed !== current), text: proposed ?? current };
  });
  const [serverFailure, setServerFailure] = useState<Extract<ServerProbe, { ok: false }> | null>(null);
  const form = useForm<LoginForm>({ resolver: zodResolver(loginForm), defaultValues: { email: '', password: '' } });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    setServerFailure(null);
    let baseUrl = current;
    if (server.editing) {
      const probe = await probeServer(server.text);
      if (!probe.ok) {
        setServerFailure(probe);
        document.getElementById('login-server')?.focus();
        return;
      }
      await rememberServer(probe.url);
      baseUrl = probe.url;
      setCurrent(probe.url);
      setServer({ editing: false, text: probe.url });
    }
    const result = await signIn(
      { baseUrl, storage: globalThis.localStorage, now: () => new Date() },
      { email: values.email, password: values.password, ...(values.account ? { account: values.account } : {}) },
    );
    if (result.ok) return signedIn(result.session);
    if (result.reason === 'chooseAccount') setAskAccount(true);
    setFailure(result);
    // The password is asked again; the e-mail stays.
    form.resetField('password');
    form.setFocus(result.reason === 'chooseAccount' ? 'account' : 'password');
  });

  const fieldError = (key: string | undefined) => (key ? t(key as MessageKey) : undefined);
  const failureVars =
    failure?.reason === 'rateLimited'
      ? { seconds: String(failure.seconds) }
      : failure?.reason === 'chooseAccount'
        ? { options: failure.options }
        : {};

  return (
    <Paper component="section" withBorder shadow="sm" p="xl" radius="md" maw={420} mx="auto" mt="xl">
      <form onSubmit={(event) => void submit(event)} noValidate aria-labelledby="login-title">
        <Stack gap="md">
          <Title order={2} id="login-title">
            {t('login.title')}
          </Title>
          {failure && (
            <Alert color="red" role="alert" variant="light">
              {t(failureKey[failure.reason], failureVars)}
            </Alert>
          )}
          {serverFailure && (
            <Alert color="red" role="alert" variant="light">
              {t(serverProblemKey[serverFailure.reason], { url: serverFailure.url })}
            </Alert>
          )}
          {server.editing ? (
            <TextInput
              id="login-server"
              label={t('server.address')}
              description={t('server.addressHelp')}
              placeholder="http://192.168.0.10:3000"
              inputMode="url"
              autoComplete="url"
              autoFocus
              required
              value={server.text}
              error={serverFailure ? true : undefined}
              onChange={(event) => setServer({ editing: true, text: event.currentTarget.value })}
              rightSectionWidth="auto"
              rightSection={
                hasChosenServer(globalThis.localStorage) && (
                  <Button
                    variant="subtle"
                    size="compact-xs"
                    mr={4}
                    onClick={() => {
                      setServer({ editing: false, text: current });
                      setServerFailure(null);
                    }}
                  >
                    {t('server.keep')}
                  </Button>
                )
              }
            />
          ) : (
            <Group justify="space-between" gap="xs" wrap="nowrap">
              <Text size="sm" c="dimmed" style={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
                {t('server.current', { url: current })}
              </Text>
              <Button
                variant="subtle"
                size="compact-sm"
                style={{ flexShrink: 0 }}
                onClick={() => setServer({ editing: true, text: current })}
              >
                {t('server.change')}
              </Button>
            </Group>
          )}
          <TextInput
            label={t('login.email')}
            type="email"
            autoComplete="username"
            autoFocus={!server.editing}
            required
            error={fieldError(errors.email?.message)}
            {...form.register('email')}
          />
          <PasswordInput
            label={t('login.password')}
            autoComplete="current-password"
            required
            error={fieldError(errors.password?.message)}
            {...form.register('password')}
          />
          {askAccount && <TextInput label={t('login.account')} {...form.register('account')} />}
          <Button type="submit" loading={isSubmitting}>
            {isSubmitting ? t(server.editing ? 'server.testing' : 'login.working') : t('login.submit')}
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}
