import { NativeSelect, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { can } from '#core/actor.js';
import { clinics } from '#core/clinic/clinic-record.js';
import type { OperationContext } from '#core/operation.js';
import { readStationPlaces, saveStationPlace } from '../reception/station-place.js';
import { useLive, useLocalCore } from './hooks.js';

const READS = [clinics];

/** The account's active clinics, by name, each with its active places by name. */
async function loadClinicPlaces(ctx: OperationContext) {
  const found = await ctx.store.collection(clinics).find();
  return found
    .filter((c) => c.active)
    .map((c) => ({
      id: c.id,
      name: c.name,
      places: c.places.filter((p) => p.active).sort((x, y) => x.name.localeCompare(y.name, 'pt-BR')),
    }))
    .sort((x, y) => x.name.localeCompare(y.name, 'pt-BR'));
}

/**
 * Settings › this station › "Local de atendimento desta estação": per clinic, which of its active
 * places this computer is ("Guichê 2"), so the agenda's "Chamar" also calls the patient's totem
 * ticket there. Kept on this computer (station-place.ts) and saved as soon as it is picked.
 */
export function StationPlaces() {
  const { t } = useTranslation();
  const { actor } = useLocalCore();
  const live = useLive(loadClinicPlaces, READS, []);
  const [chosen, setChosen] = useState(() => readStationPlaces(globalThis.localStorage));
  const list = live.data ?? [];
  const choose = (clinicId: string, placeId: string) => {
    saveStationPlace(globalThis.localStorage, clinicId, placeId || null);
    setChosen(readStationPlaces(globalThis.localStorage));
  };

  return (
    <Stack gap="xs" data-testid="station-places">
      {list.map((clinic) => {
        const label = list.length > 1 ? t('station.placeAt', { clinic: clinic.name }) : t('station.place');
        if (clinic.places.length === 0)
          return (
            <Text key={clinic.id} size="sm" c="dimmed">
              {label}: {t('station.noPlaces', { clinic: clinic.name })}
            </Text>
          );
        // A place deactivated since it was chosen shows as none: the call no longer sends it either.
        const value = clinic.places.some((p) => p.id === chosen[clinic.id]) ? chosen[clinic.id]! : '';
        return (
          <NativeSelect
            key={clinic.id}
            label={label}
            description={can(actor, 'ticket:write') ? t('station.placeHint') : t('station.placeNoPermission')}
            data={[
              { value: '', label: t('station.placeNone') },
              ...clinic.places.map((p) => ({ value: p.id, label: p.name })),
            ]}
            value={value}
            onChange={(event) => choose(clinic.id, event.currentTarget.value)}
          />
        );
      })}
    </Stack>
  );
}
