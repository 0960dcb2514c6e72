import { ActionIcon, Alert, Button, Checkbox, Drawer, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { saveMedicalRecordConfig } from '#core/medical-record/forms/config-ops.js';
import type { FormView } from '#core/medical-record/forms/form-record.js';
import { SECTIONS, type SectionName } from '#core/medical-record/record.js';
import { formFailure } from '../common/domain-errors.js';
import { useRun } from '../local/hooks.js';

/** An ordered choice: every entry with a check box and up/down buttons; the checked ones in order. */
function OrderedChecklist(props: {
  entries: { id: string; label: string }[];
  chosen: string[];
  onChange: (chosen: string[]) => void;
}) {
  const { t } = useTranslation();
  const order = [...props.chosen, ...props.entries.map((e) => e.id).filter((id) => !props.chosen.includes(id))];
  const label = (id: string) => props.entries.find((e) => e.id === id)?.label ?? id;
  const move = (id: string, by: number) => {
    const list = [...props.chosen];
    const i = list.indexOf(id);
    const j = i + by;
    if (i < 0 || j < 0 || j >= list.length) return;
    [list[i], list[j]] = [list[j]!, list[i]!];
    props.onChange(list);
  };
  return (
    <Stack gap={4}>
      {order
        .filter((id) => props.entries.some((e) => e.id === id))
        .map((id) => {
          const checked = props.chosen.includes(id);
          return (
            <Group key={id} justify="space-between" wrap="nowrap">
              <Checkbox
                label={label(id)}
                checked={checked}
                onChange={(e) =>
                  props.onChange(e.currentTarget.checked ? [...props.chosen, id] : props.chosen.filter((x) => x !== id))
                }
              />
              {checked && (
                <Group gap={2}>
                  <ActionIcon
                    variant="subtle"
                    aria-label={t('medicalRecord.configUp', { name: label(id) })}
                    onClick={() => move(id, -1)}
                  >
                    ↑
                  </ActionIcon>
                  <ActionIcon
                    variant="subtle"
                    aria-label={t('medicalRecord.configDown', { name: label(id) })}
                    onClick={() => move(id, 1)}
                  >
                    ↓
                  </ActionIcon>
                </Group>
              )}
            </Group>
          );
        })}
    </Stack>
  );
}

/**
 * The professional's medical-record configuration (MED-024): which sections and forms the prontuário
 * shows, in which order; saved through `medicalRecord.config.save` on the station's database.
 */
export function ConfigDrawer(props: {
  opened: boolean;
  onClose: () => void;
  sections: SectionName[];
  forms: string[];
  available: readonly FormView[];
}) {
  const { t } = useTranslation();
  const run = useRun();
  const [sections, setSections] = useState<string[]>(props.sections);
  const [forms, setForms] = useState<string[]>(props.forms);
  const [error, setError] = useState<string | null>(null);
  const save = async () => {
    setError(null);
    try {
      await run(saveMedicalRecordConfig, { sections: sections as SectionName[], forms });
      props.onClose();
    } catch (e) {
      setError(formFailure(e, []).general ?? String(e));
    }
  };
  return (
    <Drawer opened={props.opened} onClose={props.onClose} title={t('medicalRecord.config')} position="right">
      <Stack>
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <Text fw={600} size="sm">
          {t('medicalRecord.configSections')}
        </Text>
        <OrderedChecklist
          entries={SECTIONS.map((s) => ({ id: s, label: t(`medicalRecord.section.${s}`) }))}
          chosen={sections}
          onChange={setSections}
        />
        <Text fw={600} size="sm">
          {t('medicalRecord.configForms')}
        </Text>
        {props.available.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('medicalRecord.configNoForms')}
          </Text>
        ) : (
          <OrderedChecklist
            entries={props.available.map((f) => ({ id: f.id, label: f.questionnaire.title }))}
            chosen={forms}
            onChange={setForms}
          />
        )}
        <Group justify="flex-end">
          <Button onClick={() => void save()}>{t('medicalRecord.configSave')}</Button>
        </Group>
      </Stack>
    </Drawer>
  );
}
