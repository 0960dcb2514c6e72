import { Button, Checkbox, Group, Loader, Modal, NumberInput, Table, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Clinic } from '#core/clinic/clinic-record.js';
import { getTicketControl, saveTicketControl } from '#core/ticket/control-ops.js';
import type { TicketService } from '#core/ticket/ticket-control-record.js';
import { DialogForm } from '../common/DialogForm.js';
import { useCtrlEnter } from '../common/dialog-keys.js';
import { formFailure, type FormFailure } from '../common/domain-errors.js';
import { useAdminRun } from './use-admin-run.js';
import { SaveActions } from './SaveActions.js';

/** A line as the dialog edits it: `saved` lines keep their prefix, which names tickets already issued. */
type Line = TicketService & { saved: boolean };

/**
 * Clínica › Senhas: the clinic's ticket lines (prefix, name, priority, in use) and how many priority
 * calls come per normal one, saved whole through `ticket.control.save`. The core's pt-BR messages
 * (a repeated prefix, a ratio out of 1–10) show under their fields.
 */
export function TicketLinesDialog(props: {
  clinic: Pick<Clinic, 'id' | 'name'>;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const { run } = useAdminRun();
  const [lines, setLines] = useState<Line[] | null>(null);
  const [ratio, setRatio] = useState<number | string>(2);
  const [failure, setFailure] = useState<FormFailure | null>(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    let live = true;
    run(getTicketControl, { id: props.clinic.id }).then(
      (control) => {
        if (!live) return;
        setLines(control.services.map((s) => ({ ...s, saved: true })));
        setRatio(control.priorityRatio);
      },
      (error: unknown) => live && setFailure(formFailure(error, [])),
    );
    return () => {
      live = false;
    };
  }, [run, props.clinic.id]);

  const change = (index: number, patch: Partial<Line>) =>
    setLines((all) => all && all.map((line, i) => (i === index ? { ...line, ...patch } : line)));

  const submit = async () => {
    if (saving || !lines) return;
    setSaving(true);
    setFailure(null);
    const services = lines.map(({ saved: _saved, ...line }) => ({ ...line, prefix: line.prefix.trim() }));
    try {
      await run(saveTicketControl, { id: props.clinic.id, services, priorityRatio: Number(ratio) });
      props.onSaved();
    } catch (error) {
      const fields = lines.flatMap((_, i) => [`services.${i}.prefix`, `services.${i}.name`]);
      setFailure(formFailure(error, [...fields, 'services', 'priorityRatio']));
      setSaving(false);
    }
  };
  useCtrlEnter(submit);

  return (
    <Modal opened onClose={props.onClose} title={t('admin.lines.title', { name: props.clinic.name })} size="xl">
      <DialogForm onSubmit={submit} error={failure?.general ?? failure?.fields['services']}>
        {!lines ? (
          <Loader size="sm" aria-label={t('admin.lines.loading')} />
        ) : (
          <>
            <Table aria-label={t('admin.lines.list')} verticalSpacing="xs">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w={110}>{t('admin.lines.prefix')}</Table.Th>
                  <Table.Th>{t('admin.lines.name')}</Table.Th>
                  <Table.Th w={120}>{t('admin.lines.priority')}</Table.Th>
                  <Table.Th w={100}>{t('admin.lines.active')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {lines.map((line, i) => (
                  <Table.Tr key={i}>
                    <Table.Td>
                      <TextInput
                        aria-label={t('admin.lines.prefixOf', { n: i + 1 })}
                        value={line.prefix}
                        disabled={line.saved}
                        error={failure?.fields[`services.${i}.prefix`]}
                        onChange={(event) => change(i, { prefix: event.currentTarget.value.toUpperCase() })}
                      />
                    </Table.Td>
                    <Table.Td>
                      <TextInput
                        aria-label={t('admin.lines.nameOf', { n: i + 1 })}
                        value={line.name}
                        error={failure?.fields[`services.${i}.name`]}
                        onChange={(event) => change(i, { name: event.currentTarget.value })}
                      />
                    </Table.Td>
                    <Table.Td>
                      <Checkbox
                        aria-label={t('admin.lines.priorityOf', { n: i + 1 })}
                        checked={line.class === 'priority'}
                        onChange={(event) => change(i, { class: event.currentTarget.checked ? 'priority' : 'normal' })}
                      />
                    </Table.Td>
                    <Table.Td>
                      <Checkbox
                        aria-label={t('admin.lines.activeOf', { n: i + 1 })}
                        checked={line.active}
                        onChange={(event) => change(i, { active: event.currentTarget.checked })}
                      />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
            <Group>
              <Button
                variant="default"
                size="xs"
                disabled={lines.length >= 30}
                onClick={() =>
                  setLines([...lines, { prefix: '', name: '', class: 'normal', active: true, saved: false }])
                }
              >
                {t('admin.lines.add')}
              </Button>
            </Group>
            <NumberInput
              label={t('admin.lines.ratio')}
              description={t('admin.lines.ratioHint')}
              w={440}
              min={1}
              max={10}
              allowDecimal={false}
              value={ratio}
              error={failure?.fields['priorityRatio']}
              onChange={setRatio}
            />
          </>
        )}
        <SaveActions loading={saving} onCancel={props.onClose} />
      </DialogForm>
    </Modal>
  );
}
