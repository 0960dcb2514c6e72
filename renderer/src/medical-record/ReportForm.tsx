import { Autocomplete, Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Titles a Brazilian clinic writes most; the field takes any other. */
const COMMON_TITLES = [
  'Laudo de radiografia panorâmica',
  'Laudo de radiografia periapical',
  'Laudo de eletrocardiograma',
  'Laudo de ultrassonografia',
  'Laudo de espirometria',
  'Laudo médico',
  'Laudo odontológico',
  'Relatório médico',
];

/** A report being written: a new one, or `reportId` being changed. */
export interface ReportDraft {
  reportId?: string | undefined;
  title: string;
  text: string;
}

/**
 * The laudo's title (with the common titles to pick from) and text; "Salvar laudo" or Ctrl+Enter in
 * the text saves through `onSave`, which throws the server's refusal for the caller to show. While
 * changing an existing report, "Cancelar alteração" goes back to a new one.
 */
export function ReportForm(props: {
  draft: ReportDraft;
  onSave: (draft: ReportDraft) => Promise<void>;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [title, setTitle] = useState(props.draft.title);
  const [text, setText] = useState(props.draft.text);
  const [busy, setBusy] = useState(false);
  const ready = title.trim().length > 0 && text.trim().length > 0;
  const save = async () => {
    if (!ready || busy) return;
    setBusy(true);
    try {
      await props.onSave({ reportId: props.draft.reportId, title: title.trim(), text });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack gap="xs" data-testid="report-form">
      <Text fw={600} size="sm">
        {props.draft.reportId ? t('reports.editing') : t('reports.new')}
      </Text>
      <Autocomplete
        label={t('reports.fieldTitle')}
        required
        maxLength={200}
        data={COMMON_TITLES}
        value={title}
        onChange={setTitle}
      />
      <Textarea
        label={t('reports.fieldText')}
        required
        autosize
        minRows={6}
        maxRows={18}
        maxLength={50_000}
        value={text}
        onChange={(e) => setText(e.currentTarget.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
            e.preventDefault();
            void save();
          }
        }}
      />
      <Group justify="space-between">
        <Text size="xs" c="dimmed">
          {t('reports.saveHint')}
        </Text>
        <Group gap="xs">
          {props.draft.reportId && (
            <Button variant="subtle" onClick={props.onCancel}>
              {t('reports.cancel')}
            </Button>
          )}
          <Button onClick={() => void save()} disabled={!ready} loading={busy}>
            {t('reports.save')}
          </Button>
        </Group>
      </Group>
    </Stack>
  );
}
