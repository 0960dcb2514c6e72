import { ActionIcon, Button, Group, NumberInput, Stack, TextInput, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { formFailure } from '../common/domain-errors.js';
import type { RunOperation } from '../local/hooks.js';
import { createProcedureRequest } from './authorization-requests.js';

interface Line {
  code: string;
  description: string;
  quantity: number;
}
const EMPTY_LINE: Line = { code: '', description: '', quantity: 1 };

/** What the insurer answered to a new request. */
export type SentRequest = z.output<typeof createProcedureRequest.output>;

/**
 * "Solicitar procedimentos": the SP/SADT request of an appointment (TUSS code, description — empty
 * takes the account catalogue's name —, quantity, clinical indication), sent to the insurer through
 * the server. Field messages come from the server's own limits (TISS-026), per line.
 */
export function RequestForm(props: {
  appointment: string;
  run: RunOperation;
  onSent: (answer: SentRequest) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [lines, setLines] = useState<Line[]>([EMPTY_LINE]);
  const [indication, setIndication] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [general, setGeneral] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const change = (i: number, patch: Partial<Line>) =>
    setLines((all) => all.map((line, j) => (j === i ? { ...line, ...patch } : line)));

  const send = async () => {
    setBusy(true);
    setErrors({});
    setGeneral(null);
    try {
      const answer = await props.run(createProcedureRequest, {
        appointment: props.appointment,
        procedures: lines.map((line) => ({
          code: line.code.trim(),
          ...(line.description.trim() ? { description: line.description.trim() } : {}),
          quantity: line.quantity,
        })),
        ...(indication.trim() ? { clinicalIndication: indication.trim() } : {}),
      });
      props.onSent(answer);
    } catch (failure) {
      const fields = lines.flatMap((_, i) =>
        ['code', 'description', 'quantity', ''].map((f) => `procedures.${i}${f ? `.${f}` : ''}`),
      );
      const problems = formFailure(failure, [...fields, 'clinicalIndication']);
      setErrors(problems.fields);
      setGeneral(problems.general ?? null);
    } finally {
      setBusy(false);
    }
  };

  const fieldError = (i: number, field: string) =>
    errors[`procedures.${i}.${field}`] ?? (field === 'code' ? errors[`procedures.${i}`] : undefined);

  return (
    <Stack gap="xs" className="ask-box" data-testid="request-form">
      {lines.map((line, i) => (
        <Group key={i} gap={6} align="flex-start" wrap="nowrap">
          <TextInput
            label={t('insuranceAuth.code')}
            value={line.code}
            onChange={(e) => change(i, { code: e.currentTarget.value })}
            error={fieldError(i, 'code')}
            w={110}
            data-autofocus={i === 0 || undefined}
          />
          <TextInput
            label={t('insuranceAuth.description')}
            placeholder={t('insuranceAuth.descriptionHint')}
            value={line.description}
            onChange={(e) => change(i, { description: e.currentTarget.value })}
            error={fieldError(i, 'description')}
            style={{ flex: 1 }}
          />
          <NumberInput
            label={t('insuranceAuth.quantity')}
            value={line.quantity}
            min={1}
            max={999}
            allowDecimal={false}
            onChange={(v) => change(i, { quantity: typeof v === 'number' ? v : 1 })}
            error={fieldError(i, 'quantity')}
            w={64}
          />
          {lines.length > 1 && (
            <ActionIcon
              variant="subtle"
              color="red"
              mt={28}
              aria-label={t('insuranceAuth.removeLine', { n: i + 1 })}
              onClick={() => setLines((all) => all.filter((_, j) => j !== i))}
            >
              ×
            </ActionIcon>
          )}
        </Group>
      ))}
      <Group>
        <Button size="xs" variant="subtle" onClick={() => setLines((all) => [...all, EMPTY_LINE])}>
          {t('insuranceAuth.addLine')}
        </Button>
      </Group>
      <Textarea
        label={t('insuranceAuth.indication')}
        value={indication}
        onChange={(e) => setIndication(e.currentTarget.value)}
        error={errors.clinicalIndication}
        autosize
        minRows={2}
        maxLength={500}
      />
      {general && (
        <div role="alert" style={{ color: 'var(--mantine-color-red-7)', fontSize: 14 }}>
          {general}
        </div>
      )}
      <Group gap="xs" justify="flex-end">
        <Button variant="default" onClick={props.onCancel} disabled={busy}>
          {t('insuranceAuth.cancelForm')}
        </Button>
        <Button onClick={() => void send()} loading={busy}>
          {t('insuranceAuth.send')}
        </Button>
      </Group>
    </Stack>
  );
}
