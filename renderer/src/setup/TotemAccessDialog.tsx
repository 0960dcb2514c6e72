import { Alert, Button, Code, CopyButton, Group, Modal, NativeSelect, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Clinic } from '#core/clinic/clinic-record.js';
import type { Stored } from '#core/store/record.js';
import { formFailure } from '../common/domain-errors.js';
import { useLocalCore } from '../local/hooks.js';
import { disableTotemLogin, generateTotemLogin, kioskAddress } from './station-requests.js';
import { useAdminRun } from './use-admin-run.js';

/**
 * Administração › Clínica › Acesso do totem: generates the clinic's totem key on the server (shown
 * once, as the totem's and the panel's addresses to open on those machines; a new key replaces the
 * previous one, which stops at once) or disables it. Server only: without it the buttons say why.
 */
export function TotemAccessDialog(props: { clinics: readonly Stored<Clinic>[]; onClose: () => void }) {
  const { t } = useTranslation();
  const { run, offline, hasServer } = useAdminRun();
  const { installation } = useLocalCore();
  const [clinic, setClinic] = useState(props.clinics[0]?.id ?? '');
  const [key, setKey] = useState<string | null>(null);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const serverUrl = installation.mode === 'server' ? installation.serverUrl : null;
  const off = !hasServer || offline || serverUrl === null;

  const act = async (generate: boolean) => {
    setBusy(true);
    setMessage(null);
    try {
      if (generate) {
        setKey((await run(generateTotemLogin, { id: clinic })).key);
        setMessage({ ok: true, text: t('admin.totem.generated') });
      } else {
        await run(disableTotemLogin, { id: clinic });
        setKey(null);
        setMessage({ ok: true, text: t('admin.totem.disabled') });
      }
    } catch (error) {
      setMessage({ ok: false, text: formFailure(error, []).general ?? '' });
    } finally {
      setBusy(false);
    }
  };
  const here = `${globalThis.location.origin}${globalThis.location.pathname}`;

  return (
    <Modal opened onClose={props.onClose} title={t('admin.totem.title')} size="xl">
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {t('admin.totem.hint')}
        </Text>
        {props.clinics.length > 1 && (
          <NativeSelect
            label={t('admin.pro.clinic')}
            data={props.clinics.map((c) => ({ value: c.id, label: c.name }))}
            value={clinic}
            onChange={(event) => {
              setClinic(event.currentTarget.value);
              setKey(null);
            }}
          />
        )}
        {off && (
          <Alert color="gray" variant="light">
            {t('admin.totem.needsServer')}
          </Alert>
        )}
        {message && (
          <Alert color={message.ok ? 'green' : 'red'} variant="light" role={message.ok ? 'status' : 'alert'}>
            {message.text}
          </Alert>
        )}
        {key &&
          serverUrl &&
          (['totem', 'panel'] as const).map((mode) => {
            const address = kioskAddress(here, { mode, clinic, server: serverUrl, key });
            return (
              <Stack key={mode} gap={4}>
                <Group justify="space-between">
                  <Text size="sm" fw={500}>
                    {t(`admin.totem.address.${mode}`)}
                  </Text>
                  <CopyButton value={address}>
                    {({ copied, copy }) => (
                      <Button size="xs" variant="light" onClick={copy}>
                        {copied ? t('admin.totem.copied') : t('admin.totem.copy')}
                      </Button>
                    )}
                  </CopyButton>
                </Group>
                <Code
                  block
                  data-testid={`kiosk-address-${mode}`}
                  style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap' }}
                >
                  {address}
                </Code>
              </Stack>
            );
          })}
        <Group justify="flex-end">
          <Button variant="default" color="red" disabled={off || busy || !clinic} onClick={() => void act(false)}>
            {t('admin.totem.disable')}
          </Button>
          <Button loading={busy} disabled={off || !clinic} onClick={() => void act(true)}>
            {t('admin.totem.generate')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
