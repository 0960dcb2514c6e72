import { Button, Group, Paper, Text, TextInput } from '@mantine/core';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCpf } from '#core/br/cpf.js';
import { listPatients } from '#core/patient/patient-list-ops.js';
import { useRun } from '../local/hooks.js';

/** A patient as the picker shows and answers it. */
export interface PickedPatient {
  id: string;
  name: string;
  cpf: string | null;
}

/**
 * Finds a patient by what the reception types (name prefix, CPF, phone, birth date; the core's
 * `patient.list` decides) as a combobox: ↑/↓ move through the matches, Enter picks.
 */
export function PatientPicker(props: {
  value: PickedPatient | null;
  onChange: (patient: PickedPatient | null) => void;
  error?: string | undefined;
  autoFocus?: boolean;
}) {
  const { t } = useTranslation();
  const run = useRun();
  const listId = useId();
  const [query, setQuery] = useState('');
  const [matches, setMatches] = useState<PickedPatient[]>([]);
  const [active, setActive] = useState(0);

  useEffect(() => {
    if (props.value || query.trim().length < 2) {
      setMatches([]);
      return;
    }
    let live = true;
    const timer = setTimeout(() => {
      run(listPatients, { q: query, active: 'true', limit: 8 }).then(
        (page) => {
          if (!live) return;
          setMatches(page.items.map((p) => ({ id: p.id, name: p.socialName ?? p.name, cpf: p.cpf ?? null })));
          setActive(0);
        },
        () => live && setMatches([]),
      );
    }, 120);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [query, props.value, run]);

  if (props.value)
    return (
      <div>
        <Text size="sm" fw={500} mb={4}>
          {t('booking.patient')}
        </Text>
        <Paper withBorder p="xs" radius="sm">
          <Group justify="space-between">
            <div>
              <Text fw={600} data-testid="picked-patient">
                {props.value.name}
              </Text>
              {props.value.cpf && (
                <Text size="xs" c="dimmed">
                  CPF {formatCpf(props.value.cpf)}
                </Text>
              )}
            </div>
            <Button size="xs" variant="subtle" onClick={() => props.onChange(null)}>
              {t('booking.changePatient')}
            </Button>
          </Group>
        </Paper>
      </div>
    );

  const pick = (patient: PickedPatient | undefined) => {
    if (!patient) return;
    props.onChange(patient);
    setQuery('');
  };

  return (
    <div className="patient-picker">
      <TextInput
        label={t('booking.patient')}
        placeholder={t('booking.patientPlaceholder')}
        value={query}
        autoFocus={props.autoFocus}
        data-autofocus={props.autoFocus ? true : undefined}
        error={props.error}
        role="combobox"
        aria-expanded={matches.length > 0}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={matches[active] ? `${listId}-${active}` : undefined}
        onChange={(event) => setQuery(event.currentTarget.value)}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown') setActive((a) => Math.min(matches.length - 1, a + 1));
          else if (event.key === 'ArrowUp') setActive((a) => Math.max(0, a - 1));
          else if (event.key === 'Enter' && matches.length > 0 && !event.ctrlKey) pick(matches[active]);
          else return;
          event.preventDefault();
        }}
      />
      {matches.length > 0 && (
        <Paper
          withBorder
          shadow="sm"
          className="picker-list"
          role="listbox"
          id={listId}
          aria-label={t('booking.matches')}
        >
          {matches.map((p, i) => (
            <div
              key={p.id}
              id={`${listId}-${i}`}
              role="option"
              aria-selected={i === active}
              className="picker-option"
              onMouseDown={(event) => {
                event.preventDefault();
                pick(p);
              }}
            >
              <span>{p.name}</span>
              {p.cpf && <span className="picker-cpf">{formatCpf(p.cpf)}</span>}
            </div>
          ))}
        </Paper>
      )}
      {query.trim().length >= 2 && matches.length === 0 && (
        <Text size="xs" c="dimmed" mt={4}>
          {t('booking.noMatch')}
        </Text>
      )}
    </div>
  );
}
