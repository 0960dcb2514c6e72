import { Badge, Button, Group, Image, Stack, Text } from '@mantine/core';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formFailure } from '../common/domain-errors.js';
import { SectionHeader } from './SectionHeader.js';
import { ServerOnlyNote } from './ServerOnlyNote.js';
import { useAdminRun } from './use-admin-run.js';
import { getInstance, instanceQrCode, type InstanceQr, type InstanceState } from './whatsapp-requests.js';

const STATE_COLOR: Record<string, string> = { open: 'green', connecting: 'yellow', close: 'red' };

/**
 * Administração › WhatsApp: the self-hosted instance's connection state and the QR code that pairs
 * the clinic's phone (MSG-032). The instance is created through the API (`POST /chatbot/configuration`);
 * this section only connects it. Server only: without the server it says why.
 */
export function WhatsAppSection() {
  const { t } = useTranslation();
  const { run, offline, hasServer } = useAdminRun();
  const reason = !hasServer ? t('admin.server.none') : offline ? t('admin.server.offline') : null;
  const [instance, setInstance] = useState<InstanceState | null>(null);
  const [qr, setQr] = useState<InstanceQr | null>(null);
  const [error, setError] = useState<string | null>(null);

  const refresh = useCallback(() => {
    run(getInstance, {})
      .then((answer) => {
        setInstance(answer);
        setError(null);
        if (answer.state === 'open') setQr(null);
      })
      .catch((failure: unknown) => setError(formFailure(failure, []).general));
  }, [run]);

  useEffect(() => {
    if (!reason) refresh();
  }, [reason, refresh]);

  const connect = () => {
    run(instanceQrCode, {})
      .then((answer) => {
        setQr(answer);
        setError(null);
      })
      .catch((failure: unknown) => setError(formFailure(failure, []).general));
  };

  return (
    <section aria-labelledby="admin-whatsapp-title">
      <SectionHeader id="admin-whatsapp-title" title={t('admin.section.whatsapp')}>
        <Group gap="xs">
          <Button variant="default" onClick={refresh} disabled={reason !== null}>
            {t('admin.whatsapp.refresh')}
          </Button>
          <Button onClick={connect} disabled={reason !== null || instance === null || instance.state === 'open'}>
            {t('admin.whatsapp.connect')}
          </Button>
        </Group>
      </SectionHeader>
      <ServerOnlyNote reason={reason} />
      {error && (
        <Text c="red" role="alert" mb="sm">
          {error}
        </Text>
      )}
      {instance && (
        <Stack gap="sm">
          <Group gap="xs">
            <Text>{t('admin.whatsapp.instance', { name: instance.instanceName })}</Text>
            <Badge color={STATE_COLOR[instance.state] ?? 'gray'} variant="light">
              {t(
                `admin.whatsapp.state.${instance.state in STATE_COLOR ? instance.state : 'other'}` as 'admin.whatsapp.state.other',
              )}
            </Badge>
          </Group>
          {qr?.qrCode && (
            <Stack gap={4} align="flex-start">
              <Text size="sm">{t('admin.whatsapp.scan')}</Text>
              <Image src={qr.qrCode} alt={t('admin.whatsapp.qrAlt')} w={260} h={260} />
              {qr.pairingCode && <Text size="sm">{t('admin.whatsapp.pairing', { code: qr.pairingCode })}</Text>}
            </Stack>
          )}
        </Stack>
      )}
    </section>
  );
}
