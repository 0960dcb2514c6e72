import { Alert, Button, Group, Modal, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { DEFAULT_TIME_ZONE } from '#core/clinic/clinic-record.js';
import { createBlock, unlockBlocks } from '#core/schedule/block-ops.js';
import { scheduleBlocks } from '#core/schedule/block-record.js';
import { DialogActions } from '../common/DialogActions.js';
import { DialogForm } from '../common/DialogForm.js';
import { formFailure, type FormFailure } from '../common/domain-errors.js';
import { useLive, useRun } from '../local/hooks.js';
import { clockTime } from '../reception/day-grid.js';
import { keepLettersInside, useCtrlEnter } from '../common/dialog-keys.js';
import { startingProfessional, type AgendaDialogProps } from './agenda-dialog.js';
import { loadDayBlocks, type DayBlock } from './day-blocks.js';
import { DayBlockList } from './DayBlockList.js';
import { ProfessionalDayFields } from './ProfessionalDayFields.js';
import { followDay, previewRepeat, recurrenceOf, type RepeatDraft } from './repeat.js';
import { RepeatFields } from './RepeatFields.js';
import { defaultTimes, rangeOn } from './time-range.js';
import { TimeField } from '../common/TimeField.js';

const FIELDS = ['professional', 'start', 'end', 'reason', 'recurrence.weekdays', 'recurrence.until'];

/** A line under the day's title: what was done, and how to take it back when that is possible. */
interface Notice {
  text: string;
  tone: 'done' | 'warn';
  undo?: () => Promise<void>;
}

/**
 * Blocks a time range of a professional (`scheduleBlock.create`, with the reason), on the agenda's
 * day by default, from the selected slot, once or repeated weekly on chosen weekdays until a day
 * ("Repetir"); below, the day's blocks, each with "Desbloquear" (`scheduleBlock.unlock`) and an undo
 * that blocks the same range again, and for a block of a series "Desbloquear série" too (asked
 * first; undone by re-creating the series when its blocks are still exactly a recurrence's). Blocks
 * made here hold for every clinic of the account (the core's default: an absence is the professional's).
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
  const [repeat, setRepeat] = useState<RepeatDraft>({ enabled: false, weekdays: [], until: '' });
  const [failure, setFailure] = useState<FormFailure | null>(null);
  const [missing, setMissing] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const [notice, setNotice] = useState<Notice | null>(null);
  const name = (id: string) => props.professionals.find((p) => p.id === id)?.name ?? '—';

  const blocks = useLive(
    (ctx) =>
      loadDayBlocks(
        ctx,
        props.clinic.id,
        props.professionals.map((p) => p.id),
        day,
      ),
    [scheduleBlocks],
    [day, props.clinic.id, props.professionals],
  );

  const recurrence = recurrenceOf(repeat);
  const range = day && times.from && times.to ? rangeOn(day, times.from, times.to, zone) : null;
  // The desk sends no clinic, so the core repeats the range in its default zone: preview in that one.
  const preview = range && recurrence ? previewRepeat(range.start, range.end, DEFAULT_TIME_ZONE, recurrence) : null;

  // A message about the section goes once the person changes it: it spoke of the old value.
  const changeRepeat = (next: RepeatDraft) => {
    setRepeat(next);
    const stale = (field: string) => !field.startsWith('recurrence.');
    setMissing((m) => Object.fromEntries(Object.entries(m).filter(([f]) => stale(f))));
    setFailure((f) => f && { ...f, fields: Object.fromEntries(Object.entries(f.fields).filter(([k]) => stale(k))) });
  };

  const changeDay = (next: string) => {
    setRepeat(followDay(repeat, day, next));
    setDay(next);
  };

  const submit = async () => {
    const absent: Record<string, string> = {};
    if (!times.from) absent['start'] = t('block.timeRequired');
    if (!times.to) absent['end'] = t('block.timeRequired');
    if (!reason.trim()) absent['reason'] = t('block.reasonRequired');
    if (recurrence) {
      if (recurrence.weekdays.length === 0) absent['recurrence.weekdays'] = t('block.repeatDaysRequired');
      else if (preview?.count === 0) absent['recurrence.weekdays'] = t('block.repeatNone');
      if (!recurrence.until) absent['recurrence.until'] = t('block.repeatUntilRequired');
    }
    setMissing(absent);
    if (Object.keys(absent).length > 0 || saving || !day) return;
    setSaving(true);
    setFailure(null);
    setNotice(null);
    try {
      const answer = await run(createBlock, {
        professional,
        ...rangeOn(day, times.from, times.to, zone),
        reason,
        ...(recurrence ? { recurrence } : {}),
      });
      const affected = answer.affectedAppointments.length;
      if (!recurrence && affected === 0) {
        props.onClose();
        return;
      }
      // A series stays open on its count (the core's message); blocking over appointments is
      // allowed (an absence is a fact), and those still need a new time.
      const text = recurrence
        ? [`${answer.message}.`, affected > 0 ? t('block.affectedToo', { count: affected }) : ''].join(' ').trim()
        : t('block.affected', { count: affected });
      setNotice({ text, tone: affected > 0 ? 'warn' : 'done' });
      setReason('');
      setRepeat({ enabled: false, weekdays: [], until: '' });
      setSaving(false);
    } catch (error) {
      setFailure(formFailure(error, FIELDS));
      setSaving(false);
    }
  };
  useCtrlEnter(submit);

  const reblock = async (input: z.input<typeof createBlock.input>) => {
    setNotice(null);
    try {
      await run(createBlock, input);
    } catch (error) {
      setNotice({ text: formFailure(error, []).general ?? '', tone: 'warn' });
    }
  };
  const owner = (block: DayBlock) => ({
    professional: block.professional,
    ...(block.clinic ? { clinic: block.clinic } : {}),
    reason: block.reason,
  });

  const unlock = async (block: DayBlock) => {
    setNotice(null);
    try {
      await run(unlockBlocks, { blocks: [block.id] });
      setNotice({
        text: t('block.unlocked', { time: clockTime(block.start, zone), name: name(block.professional) }),
        tone: 'done',
        // Back as a block of its own: the core gives every new block a new series.
        undo: () => reblock({ ...owner(block), start: block.start, end: block.end }),
      });
    } catch (error) {
      setNotice({ text: formFailure(error, []).general ?? '', tone: 'warn' });
    }
  };
  const unlockSeries = async (block: DayBlock) => {
    const series = block.series;
    if (!series) return;
    setNotice(null);
    try {
      const answer = await run(unlockBlocks, { series: series.id });
      const again = series.again;
      setNotice({
        text: `${answer.message}.`,
        tone: 'done',
        ...(again ? { undo: () => reblock({ ...owner(block), ...again }) } : {}),
      });
    } catch (error) {
      setNotice({ text: formFailure(error, []).general ?? '', tone: 'warn' });
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
            onDay={changeDay}
            professionalError={fieldError('professional')}
          />
          <Group grow align="flex-start">
            <TimeField
              label={t('block.from')}
              value={times.from}
              error={fieldError('start')}
              onChange={(from) => setTimes({ ...times, from })}
            />
            <TimeField
              label={t('block.to')}
              value={times.to}
              error={fieldError('end')}
              onChange={(to) => setTimes({ ...times, to })}
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
          <RepeatFields
            draft={repeat}
            onChange={changeRepeat}
            day={day}
            preview={preview}
            weekdaysError={fieldError('recurrence.weekdays')}
            untilError={fieldError('recurrence.until')}
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
          <Alert color={notice.tone === 'done' ? 'green' : 'orange'} role="status" variant="light" mb="xs">
            <Group justify="space-between" wrap="nowrap">
              <Text size="sm">{notice.text}</Text>
              {notice.undo && (
                <Button size="xs" variant="white" onClick={() => void notice.undo?.()}>
                  {t('block.undo')}
                </Button>
              )}
            </Group>
          </Alert>
        )}
        <DayBlockList
          blocks={blocks.data}
          timeZone={zone}
          name={name}
          onUnlock={(b) => void unlock(b)}
          onUnlockSeries={(b) => void unlockSeries(b)}
        />
      </div>
    </Modal>
  );
}
