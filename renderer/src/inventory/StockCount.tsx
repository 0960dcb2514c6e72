import { Alert, Button, Group, NumberInput, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { closeCount, openCount, recordCount } from '#core/inventory/count-ops.js';
import { inventoryCounts, type InventoryCount } from '#core/inventory/count-record.js';
import type { OperationContext } from '#core/operation.js';
import { formFailure } from '../common/domain-errors.js';
import { ListTable } from '../common/ListTable.js';
import { NoticeAlert } from '../common/NoticeAlert.js';
import { useLive, useRun } from '../local/hooks.js';

const brDate = (iso: string | undefined) => (iso ? iso.split('-').reverse().join('/') : '—');
const brQuantity = (value: number) => value.toLocaleString('pt-BR', { maximumFractionDigits: 3 });
const lineKey = (line: { product: string; lot: string }) => `${line.product}|${line.lot}`;

/** The open count of `clinic`, if any (one at a time per clinic, core/inventory/count-ops.ts). */
async function openCountOf(ctx: OperationContext, clinic: string): Promise<InventoryCount | null> {
  const [open] = await ctx.store.collection(inventoryCounts).find({ selector: { clinic, status: 'open' }, limit: 1 });
  return open ?? null;
}

/**
 * Contagem de estoque of a clinic on the Estoque screen: open it (the lots with stock, each with its
 * expected balance), type what was counted, close it; the core records the counted quantities and
 * registers one adjustment per lot whose count differs from its stock at closing time.
 */
export function StockCount({
  clinic,
  productOf,
}: {
  clinic: string;
  /** The product's name and consumption unit, the unit counts are typed in. */
  productOf: (id: string) => { name: string; unit: string };
}) {
  const { t } = useTranslation();
  const run = useRun();
  const live = useLive((ctx) => openCountOf(ctx, clinic), [inventoryCounts], [clinic]);
  const count = live.data ?? null;
  // What the person typed, by product|lot; a line left blank stays uncounted (no adjustment).
  const [typed, setTyped] = useState<Record<string, string | number>>({});
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const attempt = async (work: () => Promise<void>) => {
    setBusy(true);
    setFailure(null);
    setNotice(null);
    try {
      await work();
    } catch (error) {
      setFailure(formFailure(error, []).general ?? t('inventory.count.failed'));
    } finally {
      setBusy(false);
    }
  };

  const counted = (c: InventoryCount) =>
    c.lines
      .filter((line) => typed[lineKey(line)] !== undefined && typed[lineKey(line)] !== '')
      .map((line) => ({
        product: line.product,
        ...(line.lot ? { lot: line.lot } : {}),
        counted: Number(typed[lineKey(line)]),
      }));

  const save = (c: InventoryCount) =>
    attempt(async () => {
      const lines = counted(c);
      if (lines.length > 0) await run(recordCount, { id: c.id, lines });
      setNotice(t('inventory.count.saved'));
    });

  const close = (c: InventoryCount) =>
    attempt(async () => {
      const lines = counted(c);
      if (lines.length > 0) await run(recordCount, { id: c.id, lines });
      const closed = await run(closeCount, { id: c.id });
      setTyped({});
      setNotice(t('inventory.count.closed', { count: closed.adjustments.length }));
    });

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="stock-count">
      <Stack>
        <Group justify="space-between">
          <Title order={4} id="stock-count">
            {t('inventory.count.title')}
          </Title>
          {!count && (
            <Button
              variant="light"
              loading={busy}
              onClick={() => void attempt(async () => void (await run(openCount, { clinicId: clinic })))}
            >
              {t('inventory.count.open')}
            </Button>
          )}
        </Group>
        <NoticeAlert notice={notice} onClose={() => setNotice(null)} />
        {failure && (
          <Alert color="red" role="alert">
            {failure}
          </Alert>
        )}
        {!count && <Text size="sm">{t('inventory.count.none')}</Text>}
        {count && (
          <form
            aria-labelledby="stock-count"
            onSubmit={(event) => {
              event.preventDefault();
              void close(count);
            }}
          >
            <Stack>
              <Text size="sm">{t('inventory.count.hint')}</Text>
              <ListTable
                label={t('inventory.count.title')}
                columns={[
                  t('inventory.product'),
                  t('inventory.lot'),
                  t('inventory.expiry'),
                  { label: t('inventory.count.expected'), ta: 'right' },
                  { label: t('inventory.count.counted'), ta: 'right' },
                ]}
                empty={count.lines.length === 0 ? t('inventory.empty') : null}
              >
                {count.lines.map((line) => {
                  const key = lineKey(line);
                  const { name, unit } = productOf(line.product);
                  const lot = line.lot || t('inventory.noLot');
                  return (
                    <Table.Tr key={key}>
                      <Table.Td>{name}</Table.Td>
                      <Table.Td>{lot}</Table.Td>
                      <Table.Td>{brDate(line.expiry)}</Table.Td>
                      <Table.Td ta="right">
                        {brQuantity(line.expected)} {unit}
                      </Table.Td>
                      <Table.Td ta="right">
                        <NumberInput
                          aria-label={t('inventory.count.countedOf', { product: name, lot })}
                          placeholder={line.counted === undefined ? '' : brQuantity(line.counted)}
                          value={typed[key] ?? line.counted ?? ''}
                          onChange={(value) => setTyped((all) => ({ ...all, [key]: value }))}
                          decimalSeparator=","
                          thousandSeparator="."
                          decimalScale={3}
                          allowNegative={false}
                          hideControls
                          w={110}
                          ml="auto"
                        />
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </ListTable>
              <Group justify="flex-end">
                <Button variant="light" loading={busy} onClick={() => void save(count)}>
                  {t('inventory.count.save')}
                </Button>
                <Button type="submit" loading={busy}>
                  {t('inventory.count.close')}
                </Button>
              </Group>
            </Stack>
          </form>
        )}
      </Stack>
    </Paper>
  );
}
