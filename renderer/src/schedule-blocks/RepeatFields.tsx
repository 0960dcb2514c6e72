import { Checkbox, Chip, Group, Input, Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { WEEK_ORDER, weekdayShort } from '../wait-list/periods.js';
import { shortDay, startRepeat, toggleDay, type RepeatDraft, type RepeatPreview } from './repeat.js';
import { DateField } from '../common/DateField.js';

/** Props of {@link RepeatFields}. */
export interface RepeatFieldsProps {
  draft: RepeatDraft;
  onChange: (draft: RepeatDraft) => void;
  /** The block's day (`YYYY-MM-DD`): its weekday is ticked when the section is switched on. */
  day: string;
  /** What a save would create, when it can be known. */
  preview: RepeatPreview | null;
  /** The messages under the weekdays and the last day (the desk's or the core's `recurrence.*`). */
  weekdaysError?: string | undefined;
  untilError?: string | undefined;
}

/**
 * The block dialog's optional "Repetir": a box that opens the weekdays (checkbox chips, segunda
 * first, reached by Tab and ticked by Space) and the last day, with the count a save would create.
 */
export function RepeatFields(props: RepeatFieldsProps) {
  const { t, i18n } = useTranslation();
  const { draft } = props;
  const preview = props.preview;
  return (
    <Stack gap="xs">
      <Checkbox
        label={t('block.repeat')}
        description={t('block.repeatHint')}
        checked={draft.enabled}
        onChange={(e) =>
          props.onChange(e.currentTarget.checked ? startRepeat(props.day) : { enabled: false, weekdays: [], until: '' })
        }
      />
      {draft.enabled && (
        <Paper withBorder p="sm" radius="sm" role="group" aria-label={t('block.repeat')}>
          <Group align="flex-start" gap="lg">
            <Input.Wrapper label={t('block.repeatDays')} error={props.weekdaysError}>
              <Group gap={4} mt={4} role="group" aria-label={t('block.repeatDays')}>
                {WEEK_ORDER.map((d) => (
                  <Chip
                    key={d}
                    size="sm"
                    checked={draft.weekdays.includes(d)}
                    onChange={() => props.onChange({ ...draft, weekdays: toggleDay(draft.weekdays, d) })}
                  >
                    {weekdayShort(d, i18n.language)}
                  </Chip>
                ))}
              </Group>
            </Input.Wrapper>
            <DateField
              label={t('block.repeatUntil')}
              w={170}
              value={draft.until}
              error={props.untilError}
              onChange={(until) => props.onChange({ ...draft, until })}
            />
          </Group>
          {preview && (
            <Text size="sm" c={preview.count === 0 ? 'orange' : 'dimmed'} mt="xs" aria-live="polite">
              {preview.count === 0 || !preview.first || !preview.last
                ? t('block.repeatNone')
                : t('block.repeatPreview', {
                    count: String(preview.count),
                    first: shortDay(preview.first, i18n.language),
                    last: shortDay(preview.last, i18n.language),
                  })}
            </Text>
          )}
        </Paper>
      )}
    </Stack>
  );
}
