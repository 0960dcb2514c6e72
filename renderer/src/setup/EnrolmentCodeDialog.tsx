import { Alert, Code, Group, Image, Modal, NativeSelect, Stack, Text, TextInput, Button } from '@mantine/core';
import QRCode from 'qrcode';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { listClinics } from '#core/clinic/clinic-ops.js';
import { clinics } from '#core/clinic/clinic-record.js';
import { users } from '#core/access/user.js';
import { invoke } from '#core/operation.js';
import { DialogForm } from '../common/DialogForm.js';
import { useCtrlEnter } from '../common/dialog-keys.js';
import { formFailure, type FormFailure } from '../common/domain-errors.js';
import { useLive } from '../local/hooks.js';
import { loadProfessionals } from '../reception/load-day.js';
import { createEnrolmentCode, INSTALLATION_KINDS } from './access-requests.js';
import { formatWhen } from './format-when.js';
import { SaveActions } from './SaveActions.js';
import { useAdminRun } from './use-admin-run.js';

type Kind = (typeof INSTALLATION_KINDS)[number];

/**
 * Creates the one-time enrolment code of a new station (name, kind, clinic) on the server, then
 * shows it once, large and as a QR code (the code's text, so a phone can read it out to whoever
 * types it at the new station), with when it expires (24 h). Closing forgets it.
 */
export function EnrolmentCodeDialog(props: { onClose: () => void; onCreated: () => void }) {
  const { t } = useTranslation();
  const { run } = useAdminRun();
  const [name, setName] = useState('');
  const [kind, setKind] = useState<Kind>('desk');
  const [clinic, setClinic] = useState('');
  const [user, setUser] = useState('');
  const [failure, setFailure] = useState<FormFailure | null>(null);
  const [saving, setSaving] = useState(false);
  const [created, setCreated] = useState<{ code: string; expiresAt: string } | null>(null);
  const [qr, setQr] = useState<string | null>(null);
  const places = useLive((ctx) => invoke(listClinics, ctx, { limit: 100 }), [clinics], []);
  const professionals = useLive(loadProfessionals, [users], []);

  useEffect(() => {
    if (!created) return;
    void QRCode.toDataURL(created.code, { margin: 1, width: 220 }).then(setQr);
  }, [created]);

  const submit = async () => {
    if (saving || created) return;
    setSaving(true);
    setFailure(null);
    try {
      const answer = await run(createEnrolmentCode, {
        name,
        kind,
        ...(clinic ? { clinic } : {}),
        ...(kind === 'professional' && user ? { user } : {}),
      });
      setCreated(answer);
      props.onCreated();
    } catch (error) {
      setFailure(formFailure(error, ['name', 'kind', 'clinic', 'user']));
    }
    setSaving(false);
  };
  useCtrlEnter(submit);

  return (
    <Modal opened onClose={props.onClose} title={t('admin.inst.newTitle')} size="lg">
      {created ? (
        <Stack gap="md" align="center">
          <Alert color="blue" variant="light" w="100%">
            {t('admin.inst.codeOnce')}
          </Alert>
          <Code fz={28} fw={700} px="md" py="xs" aria-label={t('admin.inst.code')} data-testid="enrolment-code">
            {created.code}
          </Code>
          {qr && <Image src={qr} w={220} h={220} alt={t('admin.inst.qrAlt', { code: created.code })} />}
          <Text size="sm" c="dimmed">
            {t('admin.inst.expires', { when: formatWhen(created.expiresAt) })}
          </Text>
          <Group justify="flex-end" w="100%">
            <Button onClick={props.onClose}>{t('admin.close')}</Button>
          </Group>
        </Stack>
      ) : (
        <DialogForm onSubmit={submit} error={failure?.general} intro={<Text size="sm">{t('admin.inst.newHint')}</Text>}>
          <TextInput
            label={t('admin.inst.name')}
            placeholder={t('admin.inst.namePlaceholder')}
            required
            data-autofocus
            value={name}
            error={failure?.fields['name']}
            onChange={(event) => setName(event.currentTarget.value)}
          />
          <Group grow>
            <NativeSelect
              label={t('admin.inst.kind')}
              value={kind}
              data={INSTALLATION_KINDS.map((value) => ({ value, label: t(`admin.inst.kind.${value}`) }))}
              error={failure?.fields['kind']}
              onChange={(event) => setKind(event.currentTarget.value as Kind)}
            />
            <NativeSelect
              label={t('admin.inst.clinic')}
              value={clinic}
              data={[
                { value: '', label: t('admin.inst.anyClinic') },
                ...(places.data?.items ?? []).map((c) => ({ value: c.id, label: c.name })),
              ]}
              error={failure?.fields['clinic']}
              onChange={(event) => setClinic(event.currentTarget.value)}
            />
          </Group>
          {kind === 'professional' && (
            <NativeSelect
              label={t('admin.inst.professional')}
              value={user}
              required
              data={[
                { value: '', label: '—' },
                ...(professionals.data ?? []).map((p) => ({ value: p.id, label: p.name })),
              ]}
              error={failure?.fields['user']}
              onChange={(event) => setUser(event.currentTarget.value)}
            />
          )}
          <SaveActions loading={saving} onCancel={props.onClose} />
        </DialogForm>
      )}
    </Modal>
  );
}
