import { Alert, Radio, Stack } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DialogForm } from '../common/DialogForm.js';
import { useCtrlEnter } from '../common/dialog-keys.js';
import { formFailure } from '../common/domain-errors.js';
import { useLocalCore } from '../local/hooks.js';
import type { StationRole, StepProps } from './first-run-draft.js';
import { generateTotemLogin, storeKiosk } from './station-requests.js';
import { StepActions } from './StepActions.js';
import { useAdminRun } from './use-admin-run.js';

const ROLES: StationRole[] = ['reception', 'totem', 'panel'];

/**
 * What this computer is: the reception desk (it stays as it is and the assistant ends on the
 * agenda), or the clinic's totem or waiting-room panel. Those two need the server, which makes the
 * clinic's totem key (replacing any earlier one); the browser then restarts as the kiosk.
 */
export function FirstRunStationStep({ draft, update, next }: StepProps) {
  const { t } = useTranslation();
  const { run, hasServer, offline } = useAdminRun();
  const { installation } = useLocalCore();
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const kioskOff = !hasServer || offline || !draft.clinicId;

  const submit = async () => {
    if (saving) return;
    const role = draft.station;
    if (role === 'reception' || !draft.clinicId || installation.mode !== 'server') return next();
    setSaving(true);
    setError(null);
    try {
      const { key } = await run(generateTotemLogin, { id: draft.clinicId });
      storeKiosk(globalThis.localStorage, { mode: role, clinic: draft.clinicId, server: installation.serverUrl, key });
      next();
      globalThis.location.reload();
    } catch (failure) {
      setError(formFailure(failure, []).general);
      setSaving(false);
    }
  };
  useCtrlEnter(submit);

  return (
    <DialogForm onSubmit={submit} error={error}>
      <Radio.Group
        label={t('first.station.question')}
        value={draft.station}
        onChange={(value) => update((d) => ({ ...d, station: value }))}
      >
        <Stack gap="sm" mt="xs">
          {ROLES.map((role) => (
            <Radio
              key={role}
              value={role}
              disabled={role !== 'reception' && kioskOff}
              label={t(`first.station.${role}`)}
              description={t(`first.station.${role}.hint`)}
            />
          ))}
        </Stack>
      </Radio.Group>
      {kioskOff && (
        <Alert color="gray" variant="light">
          {t('first.station.needsServer')}
        </Alert>
      )}
      <StepActions
        loading={saving}
        label={draft.station === 'reception' ? t('first.finish') : t('first.station.become')}
      />
    </DialogForm>
  );
}
