import { Alert, Loader, Modal, PasswordInput, Select, SimpleGrid, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DialogActions } from '../common/DialogActions.js';
import { DialogForm } from '../common/DialogForm.js';
import { useCtrlEnter } from '../common/dialog-keys.js';
import { formFailure, type FormFailure } from '../common/domain-errors.js';
import type { RunOperation } from '../local/hooks.js';
import { configureTissConnection, tissConnectionStatus, type TissConnectionInfo } from './tiss-requests.js';

const FIELDS = ['baseUrl', 'version', 'login', 'password'];
/** The TISS versions whose schemas the server carries (a new one drops in as schema files). */
const VERSIONS = ['4.01.00'];

/**
 * Conexão TISS of one insurer: the web services' address, the TISS version and the provider's login;
 * the password is write-only (the server keeps it sealed and only says it is "definida"): left blank
 * it stays as it is. Read and saved on the server (insurer-ops.ts).
 */
export function TissConnectionDialog(props: {
  insurance: { id: string; name: string };
  run: RunOperation;
  onClose: (saved: string | null) => void;
}) {
  const { t } = useTranslation();
  const [info, setInfo] = useState<TissConnectionInfo | null>(null);
  const [draft, setDraft] = useState({ baseUrl: '', version: '4.01.00', login: '', password: '' });
  const [failure, setFailure] = useState<FormFailure | null>(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    let live = true;
    props.run(tissConnectionStatus, { insurance: props.insurance.id }).then(
      (found) => {
        if (!live) return;
        setInfo(found);
        setDraft((d) => ({
          ...d,
          baseUrl: found.baseUrl ?? '',
          version: found.version ?? '4.01.00',
          login: found.login ?? '',
        }));
      },
      (error: unknown) => live && setFailure(formFailure(error, [])),
    );
    return () => {
      live = false;
    };
  }, [props.run, props.insurance.id]);

  const submit = async () => {
    if (saving) return;
    setSaving(true);
    setFailure(null);
    try {
      await props.run(configureTissConnection, {
        insurance: props.insurance.id,
        baseUrl: draft.baseUrl.trim(),
        version: draft.version,
        login: draft.login,
        ...(draft.password ? { password: draft.password } : {}),
      });
      props.onClose(t('billing.tiss.saved', { name: props.insurance.name }));
    } catch (error) {
      setFailure(formFailure(error, FIELDS));
      setSaving(false);
    }
  };
  useCtrlEnter(submit);
  const set = (field: keyof typeof draft) => (event: React.ChangeEvent<HTMLInputElement>) => {
    const value = event.currentTarget.value;
    setDraft((d) => ({ ...d, [field]: value }));
  };

  return (
    <Modal
      opened
      onClose={() => props.onClose(null)}
      title={t('billing.tiss.title', { name: props.insurance.name })}
      size={640}
    >
      <DialogForm onSubmit={submit} error={failure?.general}>
        {info === null && !failure && <Loader size="sm" aria-label={t('billing.tiss.loading')} />}
        {info && !info.configured && <Alert>{t('billing.tiss.none')}</Alert>}
        <TextInput
          label={t('billing.tiss.baseUrl')}
          description={t('billing.tiss.baseUrlHint')}
          placeholder="https://tiss.operadora.com.br/ws"
          value={draft.baseUrl}
          error={failure?.fields['baseUrl']}
          data-autofocus
          onChange={set('baseUrl')}
        />
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <Select
            label={t('billing.tiss.version')}
            data={VERSIONS.includes(draft.version) ? VERSIONS : [...VERSIONS, draft.version]}
            value={draft.version}
            error={failure?.fields['version']}
            allowDeselect={false}
            onChange={(version) => version && setDraft((d) => ({ ...d, version }))}
          />
          <TextInput
            label={t('billing.tiss.login')}
            value={draft.login}
            error={failure?.fields['login']}
            autoComplete="off"
            onChange={set('login')}
          />
          <PasswordInput
            label={t('billing.tiss.password')}
            description={info?.passwordSet ? t('billing.tiss.passwordSet') : t('billing.tiss.passwordUnset')}
            placeholder={info?.passwordSet ? '••••••••' : ''}
            value={draft.password}
            error={failure?.fields['password']}
            autoComplete="new-password"
            onChange={set('password')}
          />
        </SimpleGrid>
        <DialogActions
          hint={t('billing.tiss.hint')}
          submitLabel={t('billing.tiss.save')}
          loading={saving}
          onCancel={() => props.onClose(null)}
        />
      </DialogForm>
    </Modal>
  );
}
