import { Alert, Button, Group, Modal, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { invoke } from '../../../core/operation.js';
import { createBlock, listBlocks, unlockBlocks } from '../../../core/schedule/block-ops.js';
import { scheduleBlocks } from '../../../core/schedule/block-record.js';
import { DialogActions } from '../common/DialogActions.js';
import { DialogForm } from '../common/DialogForm.js';
import { formFailure, type FormFailure } from '../common/domain-errors.js';
import { useLive, useRun } from '../local/hooks.js';
import { clockTime } from '../reception/day-grid.js';
import { keepLettersInside, useCtrlEnter } from '../common/dialog-keys.js';
import { startingProfessional, type AgendaDialogProps } from './agenda-dialog.js';
import { ProfessionalDayFields } from './ProfessionalDayFields.js';
import { defaultTimes, rangeOn } from './time-range.js';

/** A block as the day's list shows it, with what undoing its unlock needs. */
interface DayBlock {
  id: string;
  professional: string;
  clinic?: string | undefined;
  start: string;
  end: string;
  reason: string;
}

const FIELDS = ['professional', 'start', 'end', 'reason'];

/**
 * Blocks a time range of a professional (`scheduleBlock.create`, with the reason), on the agenda's
 * day by default, from the selected slot; below, the day's blocks, each with "Desbloquear"
 * (`scheduleBlock.unlock`) and an undo that blocks the same range again. Blocks made here hold for
 * every clinic of the account (the core's default: an absence is the professional's).
 */
export function BlockDialog(props: AgendaDialogProps) {
  const { t } = useTranslation();
  const run = useRun();
  const zone = props.clinic.timeZone;
  const first = startingProfessional(props);
  const [professional, setProfessional] = useState(first?.id ?? '');
  const [day, setDay] = useState(props.date);
  const [times, setTimes] = useState(() => defaultTimes(props.selected.startUtc, first?.slotMinutes ?? 30, zone));
  const [reason, setReason] = useState('');
  const [failure, setFailure] = useState<FormFailure | null>(null);
  const [missing, setMissing] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const [notice, setNotice] = useState<{ text: string; undo?: DayBlock } | null>(null);
  const name = (id: string) => props.professionals.find((p) => p.id === id)?.name ?? '—';

  const blocks = useLive(
    async (ctx) => {
      const out: DayBlock[] = [];
      for (const p of props.professionals) {
        const { items } = await invoke(listBlocks, ctx, {
          professional: p.id,
          clinic: props.clinic.id,
          date: day,
          days: 1,
        });
        out.push(...items);
      }
      return out.sort((a, b) => Date.parse(a.start) - Date.parse(b.start));
    },
    [scheduleBlocks],
    [day, props.clinic.id, props.professionals],
  );

  const submit = async () => {
    const absent: Record<string, string> = {};
    if (!times.from) absent['start'] = t('block.timeRequired');
    if (!times.to) absent['end'] = t('block.timeRequired');
    if (!reason.trim()) absent['reason'] = t('block.reasonRequired');
    setMissing(absent);
    if (Object.keys(absent).length > 0 || saving || !day) return;
    setSaving(true);
    setFailure(null);
    try {
      const answer = await run(createBlock, { professional, ...rangeOn(day, times.from, times.to, zone), reason });
      if (answer.affectedAppointments.length === 0) {
        props.onClose();
        return;
      }
      // Blocking over appointments is allowed (an absence is a fact); they still need a new time.
      setNotice({ text: t('block.affected', { count: String(answer.affectedAppointments.length) }) });
      setReason('');
      setSaving(false);
    } catch (error) {
      setFailure(formFailure(error, FIELDS));
      setSaving(false);
    }
  };
  useCtrlEnter(submit);

  const unlock = async (block: DayBlock) => {
    setNotice(null);
    try {
      await run(unlockBlocks, { blocks: [block.id] });
      setNotice({
        text: t('block.unlocked', { time: clockTime(block.start, zone), name: name(block.professional) }),
        undo: block,
      });
    } catch (error) {
      setNotice({ text: formFailure(error, []).general ?? '' });
    }
  };
  const undo = async (block: DayBlock) => {
    setNotice(null);
    try {
      await run(createBlock, {
        professional: block.professional,
        ...(block.clinic ? { clinic: block.clinic } : {}),
        start: block.start,
        end: block.end,
        reason: block.reason,
      });
    } catch (error) {
      setNotice({ text: formFailure(error, []).general ?? '' });
    }
  };
  const fieldError = (field: string) => missing[field] ?? failure?.fields[field];

  return (
    <Modal opened onClose={props.onClose} title={t('block.title')} size="lg">
      <div onKeyDown={keepLettersInside}>
        <DialogForm onSubmit={submit} error={failure?.general}>
          <ProfessionalDayFields
            professionals={props.professionals}
            professional={professional}
            onProfessional={setProfessional}
            day={day}
            onDay={setDay}
            professionalError={fieldError('professional')}
          />
          <Group grow align="flex-start">
            <TextInput
              type="time"
              label={t('block.from')}
              value={times.from}
              error={fieldError('start')}
              onChange={(e) => setTimes({ ...times, from: e.currentTarget.value })}
            />
            <TextInput
              type="time"
              label={t('block.to')}
              value={times.to}
              error={fieldError('end')}
              onChange={(e) => setTimes({ ...times, to: e.currentTarget.value })}
            />
          </Group>
          <TextInput
            label={t('block.reason')}
            placeholder={t('block.reasonHint')}
            data-autofocus
            value={reason}
            error={fieldError('reason')}
            onChange={(e) => setReason(e.currentTarget.value)}
          />
          <DialogActions
            hint={t('block.hint')}
            submitLabel={t('block.submit')}
            loading={saving}
            onCancel={props.onClose}
          />
        </DialogForm>

        <Title order={5} mt="lg" mb="xs">
          {t('block.dayList')}
        </Title>
        {notice && (
          <Alert color={notice.undo ? 'green' : 'orange'} role="status" variant="light" mb="xs">
            <Group justify="space-between" wrap="nowrap">
              <Text size="sm">{notice.text}</Text>
              {notice.undo && (
                <Button size="xs" variant="white" onClick={() => void undo(notice.undo!)}>
                  {t('block.undo')}
                </Button>
              )}
            </Group>
          </Alert>
        )}
        <Stack gap={6} aria-label={t('block.dayList')} role="list">
          {(blocks.data ?? []).map((b) => (
            <Paper key={b.id} withBorder p="xs" radius="sm" role="listitem">
              <Group justify="space-between" wrap="nowrap">
                <Text size="sm">
                  <strong>
                    {clockTime(b.start, zone)}–{clockTime(b.end, zone)}
                  </strong>{' '}
                  · {name(b.professional)} · {b.reason}
                </Text>
                <Button
                  size="xs"
                  variant="light"
                  aria-label={t('block.unlockOne', { time: clockTime(b.start, zone), name: name(b.professional) })}
                  onClick={() => void unlock(b)}
                >
                  {t('block.unlock')}
                </Button>
              </Group>
            </Paper>
          ))}
          {blocks.data && blocks.data.length === 0 && (
            <Text size="sm" c="dimmed">
              {t('block.none')}
            </Text>
          )}
        </Stack>
      </div>
    </Modal>
  );
}
