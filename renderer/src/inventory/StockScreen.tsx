import {
  Alert,
  Badge,
  Button,
  Grid,
  Group,
  NumberInput,
  Paper,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { clinics } from '#core/clinic/clinic-record.js';
import { lotBalances } from '#core/inventory/balance-record.js';
import { reserveReasons } from '#core/inventory/category-record.js';
import { exportStock } from '#core/inventory/export-ops.js';
import { createMovement } from '#core/inventory/movement-ops.js';
import { inventoryMovements, MOVEMENT_KINDS, type MovementKind } from '#core/inventory/movement-record.js';
import { products } from '#core/inventory/product-record.js';
import { formFailure } from '../common/domain-errors.js';
import { ListTable } from '../common/ListTable.js';
import { NoticeAlert } from '../common/NoticeAlert.js';
import type { MessageKey } from '../i18n/index.js';
import { useLive, useRun } from '../local/hooks.js';
import { maskDate } from '../patients/masks.js';
import { BAD_DATE, brToIso } from '../patients/patient-form-values.js';
import { saveFile } from '../setup/price-files.js';
import { loadStock } from './load-stock.js';
import { MaterialImportDialog } from './MaterialImportDialog.js';
import { StockCount } from './StockCount.js';

const READS = [inventoryMovements, lotBalances, products, clinics, reserveReasons];
const FIELDS = ['product', 'kind', 'quantity', 'lot', 'expiry', 'toClinic', 'reason'];

const brDate = (iso: string | undefined) => (iso ? iso.split('-').reverse().join('/') : '—');
const brQuantity = (value: number) => value.toLocaleString('pt-BR', { maximumFractionDigits: 3 });

/**
 * Estoque: a clinic's position by product and lot (derived from the movements, INV-001), the products
 * below their minimum, the lots expired or expiring within 30 days, the discrepancies left by desks
 * that consumed the same lot offline, and a form to register a movement under the stock rules.
 */
export function StockScreen() {
  const { t } = useTranslation();
  const run = useRun();
  const [chosen, setChosen] = useState<string | null>(null);
  const live = useLive((ctx) => loadStock(ctx, chosen), READS, [chosen]);
  const [notice, setNotice] = useState<string | null>(null);
  const [form, setForm] = useState({
    product: null as string | null,
    kind: 'entry' as MovementKind,
    quantity: '' as string | number,
    lot: '',
    expiry: '',
    toClinic: null as string | null,
    reason: null as string | null,
  });
  const [failure, setFailure] = useState<ReturnType<typeof formFailure> | null>(null);
  const [saving, setSaving] = useState(false);
  const [importing, setImporting] = useState(false);
  const data = live.data;

  // The file is the core's export (the same CSV as REST's), offered as a download.
  const exportCsv = async () => {
    if (!data?.clinic) return;
    try {
      const file = await run(exportStock, { clinicId: data.clinic, format: 'csv' });
      saveFile(file.fileName, file.content, file.mediaType);
      setNotice(t('inventory.exported', { file: file.fileName }));
    } catch (error) {
      setNotice(formFailure(error, []).general);
    }
  };

  const submit = async () => {
    if (!data?.clinic) return;
    const expiry = brToIso(form.expiry);
    if (expiry === null) {
      setFailure({ fields: { expiry: BAD_DATE }, general: null });
      return;
    }
    setSaving(true);
    setFailure(null);
    try {
      await run(createMovement, {
        clinic: data.clinic,
        product: form.product ?? '',
        kind: form.kind,
        quantity: Number(form.quantity),
        ...(form.lot.trim() ? { lot: form.lot.trim() } : {}),
        ...(form.kind === 'entry' && expiry ? { expiry } : {}),
        ...(form.kind === 'transfer' && form.toClinic ? { toClinic: form.toClinic } : {}),
        ...(form.kind === 'reservation' && form.reason ? { reason: form.reason } : {}),
      });
      setNotice(t('inventory.saved'));
      setForm((f) => ({ ...f, quantity: '', lot: '', expiry: '' }));
    } catch (error) {
      setFailure(formFailure(error, FIELDS));
    } finally {
      setSaving(false);
    }
  };

  return (
    <section aria-labelledby="stock-title">
      {importing && (
        <MaterialImportDialog
          onClose={() => setImporting(false)}
          onImported={(report) => {
            setImporting(false);
            setNotice(t('inventory.import.done', { ...report }));
          }}
        />
      )}
      <Group justify="space-between" mb="md">
        <Title order={3} id="stock-title">
          {t('inventory.nav')}
        </Title>
        <Group>
          {data && data.clinics.length > 1 && (
            <Select
              aria-label={t('inventory.clinic')}
              data={data.clinics.map((c) => ({ value: c.id, label: c.name }))}
              value={data.clinic}
              onChange={setChosen}
              allowDeselect={false}
            />
          )}
          <Button variant="light" onClick={() => setImporting(true)}>
            {t('inventory.import.open')}
          </Button>
          <Button variant="light" disabled={!data?.clinic} onClick={() => void exportCsv()}>
            {t('inventory.exportCsv')}
          </Button>
        </Group>
      </Group>
      {live.error !== undefined && (
        <Alert color="red" role="alert" mb="md">
          {formFailure(live.error, []).general}
        </Alert>
      )}
      {data && !data.clinic && <Alert mb="md">{t('inventory.noClinic')}</Alert>}
      <NoticeAlert notice={notice} onClose={() => setNotice(null)} />
      {data && data.discrepancies.length > 0 && (
        <Alert color="orange" role="alert" mb="md" title={t('inventory.discrepancies')}>
          {data.discrepancies.map((d) => (
            <Text key={`${d.product}-${d.lot}`} size="sm">
              {data.products.find((p) => p.id === d.product)?.name ?? d.product} · {d.lot || t('inventory.noLot')}:{' '}
              {brQuantity(d.quantity)}
            </Text>
          ))}
        </Alert>
      )}
      <Grid>
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack>
            <Title order={4}>{t('inventory.position')}</Title>
            <ListTable
              label={t('inventory.position')}
              columns={[
                t('inventory.product'),
                t('inventory.lot'),
                t('inventory.expiry'),
                { label: t('inventory.quantity'), ta: 'right' },
              ]}
              empty={data && data.lines.length === 0 ? t('inventory.empty') : null}
            >
              {data?.lines.map((line) => (
                <Table.Tr key={`${line.product}-${line.lot}`}>
                  <Table.Td>{line.productName}</Table.Td>
                  <Table.Td>{line.lot || t('inventory.noLot')}</Table.Td>
                  <Table.Td>
                    {brDate(line.expiry)}{' '}
                    {line.expired && (
                      <Badge color="red" variant="light">
                        {t('inventory.expired')}
                      </Badge>
                    )}
                  </Table.Td>
                  <Table.Td ta="right">
                    {brQuantity(line.quantity)} {line.unit}
                  </Table.Td>
                </Table.Tr>
              ))}
            </ListTable>
            <Title order={4}>{t('inventory.lowStock')}</Title>
            <ListTable
              label={t('inventory.lowStock')}
              columns={[
                t('inventory.product'),
                { label: t('inventory.quantity'), ta: 'right' },
                { label: t('inventory.minimum'), ta: 'right' },
              ]}
              empty={data && data.lowStock.length === 0 ? t('inventory.lowStockEmpty') : null}
            >
              {data?.lowStock.map((p) => (
                <Table.Tr key={p.product}>
                  <Table.Td>{p.productName}</Table.Td>
                  <Table.Td ta="right">
                    {brQuantity(p.quantity)} {p.unit}
                  </Table.Td>
                  <Table.Td ta="right">{brQuantity(p.minimumStock)}</Table.Td>
                </Table.Tr>
              ))}
            </ListTable>
            <Title order={4}>{t('inventory.nearExpiry')}</Title>
            <ListTable
              label={t('inventory.nearExpiry')}
              columns={[t('inventory.product'), t('inventory.lot'), t('inventory.expiry'), t('inventory.quantity')]}
              empty={data && data.nearExpiry.length === 0 ? t('inventory.nearExpiryEmpty') : null}
            >
              {data?.nearExpiry.map((line) => (
                <Table.Tr key={`${line.product}-${line.lot}`}>
                  <Table.Td>{line.productName}</Table.Td>
                  <Table.Td>{line.lot || t('inventory.noLot')}</Table.Td>
                  <Table.Td>{brDate(line.expiry)}</Table.Td>
                  <Table.Td>
                    {brQuantity(line.quantity)} {line.unit}
                  </Table.Td>
                </Table.Tr>
              ))}
            </ListTable>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Paper withBorder radius="md" p="md">
            <form
              aria-labelledby="stock-register"
              onSubmit={(event) => {
                event.preventDefault();
                void submit();
              }}
            >
              <Stack>
                <Title order={4} id="stock-register">
                  {t('inventory.register')}
                </Title>
                <Select
                  label={t('inventory.product')}
                  data={(data?.products ?? []).map((p) => ({ value: p.id, label: `${p.name} (${p.unit})` }))}
                  value={form.product}
                  onChange={(product) => setForm((f) => ({ ...f, product }))}
                  searchable
                  error={failure?.fields.product}
                />
                <Select
                  label={t('inventory.kind')}
                  data={MOVEMENT_KINDS.map((k) => ({ value: k, label: t(`inventory.kind.${k}` as MessageKey) }))}
                  value={form.kind}
                  onChange={(kind) => kind && setForm((f) => ({ ...f, kind: kind }))}
                  allowDeselect={false}
                  error={failure?.fields.kind}
                />
                <NumberInput
                  label={t('inventory.quantity')}
                  value={form.quantity}
                  onChange={(quantity) => setForm((f) => ({ ...f, quantity }))}
                  decimalSeparator=","
                  thousandSeparator="."
                  decimalScale={3}
                  allowNegative={form.kind === 'adjustment'}
                  error={failure?.fields.quantity}
                />
                <TextInput
                  label={t('inventory.lot')}
                  description={form.kind === 'entry' ? undefined : t('inventory.lotHint')}
                  value={form.lot}
                  onChange={(event) => {
                    const lot = event.currentTarget.value;
                    setForm((f) => ({ ...f, lot }));
                  }}
                  error={failure?.fields.lot}
                />
                {form.kind === 'entry' && (
                  <TextInput
                    label={t('inventory.expiry')}
                    placeholder="dd/mm/aaaa"
                    inputMode="numeric"
                    value={form.expiry}
                    onChange={(event) => {
                      const expiry = maskDate(event.currentTarget.value);
                      setForm((f) => ({ ...f, expiry }));
                    }}
                    error={failure?.fields.expiry}
                  />
                )}
                {form.kind === 'transfer' && (
                  <Select
                    label={t('inventory.toClinic')}
                    data={(data?.clinics ?? [])
                      .filter((c) => c.id !== data?.clinic)
                      .map((c) => ({ value: c.id, label: c.name }))}
                    value={form.toClinic}
                    onChange={(toClinic) => setForm((f) => ({ ...f, toClinic }))}
                    error={failure?.fields.toClinic}
                  />
                )}
                {form.kind === 'reservation' && (
                  <Select
                    label={t('inventory.reason')}
                    data={(data?.reasons ?? []).map((r) => ({ value: r.id, label: r.name }))}
                    value={form.reason}
                    onChange={(reason) => setForm((f) => ({ ...f, reason }))}
                    error={failure?.fields.reason}
                  />
                )}
                {failure?.general && (
                  <Alert color="red" role="alert">
                    {failure.general}
                  </Alert>
                )}
                <Button type="submit" loading={saving} disabled={!data?.clinic}>
                  {t('inventory.save')}
                </Button>
              </Stack>
            </form>
          </Paper>
        </Grid.Col>
      </Grid>
      {/* Full width: a count lists every lot with stock, with room for the counted column. */}
      {data?.clinic && (
        <Stack mt="md">
          <StockCount
            clinic={data.clinic}
            productOf={(id) => data.products.find((p) => p.id === id) ?? { name: id, unit: '' }}
          />
        </Stack>
      )}
    </section>
  );
}
