import {
  Alert,
  Badge,
  Button,
  Grid,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCentavos } from '#core/br/format.js';
import { openRegister } from '#core/finance/register-ops.js';
import { inZone } from '#core/schedule/time.js';
import { formFailure } from '../common/domain-errors.js';
import { ListTable } from '../common/ListTable.js';
import { NoticeAlert } from '../common/NoticeAlert.js';
import type { MessageKey } from '../i18n/index.js';
import { useLive, useLocalCore, useRun } from '../local/hooks.js';
import { ChargeDialog } from './ChargeDialog.js';
import { CloseDialog } from './CloseDialog.js';
import { FlowDialog } from './FlowDialog.js';
import { loadRegister, REGISTER_READS, type ChargeRow } from './load-register.js';
import { methodLabel } from './method-label.js';
import { centavosOfText } from './money-field.js';
import { ReceiptDialog } from './ReceiptDialog.js';

type Dialog =
  | { kind: 'charge'; row: ChargeRow }
  | { kind: 'receipt'; payment: string }
  | { kind: 'withdrawal' | 'supply' }
  | { kind: 'close'; register: string; expected: Record<string, number> };

const time = (iso: string) => inZone(iso, 'America/Sao_Paulo').slice(11, 16);

/**
 * Caixa: this station's register. Closed, it opens with the change fund (and lists registers left
 * being closed, to count them). Open: its balance per method, the day's coparts to receive (in cash,
 * PIX with the QR on screen, or card), each payment's receipt, sangria and suprimento, closing by
 * counting each method, and the register's movements. All of it runs on the desk's own database.
 */
export function CashRegisterScreen() {
  const { t } = useTranslation();
  const run = useRun();
  const { installation } = useLocalCore();
  const station = installation.mode === 'server' ? installation.installationId : 'demo';
  const live = useLive((ctx) => loadRegister(ctx, station), REGISTER_READS, [station]);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [fund, setFund] = useState('');
  const [fundError, setFundError] = useState<string | null>(null);
  const [opening, setOpening] = useState(false);
  const data = live.data;
  const register = data?.register;
  const total = Object.values(data?.balance ?? {}).reduce((s, c) => s + c, 0);

  const open = async () => {
    const cents = fund.trim() === '' ? 0 : centavosOfText(fund);
    if (cents === undefined) {
      setFundError(t('cash.badAmount'));
      return;
    }
    setOpening(true);
    setFundError(null);
    try {
      const done = await run(openRegister, { station, changeFund: cents / 100 });
      setNotice(done.message);
      setFund('');
    } catch (error) {
      setFundError(formFailure(error, []).general);
    } finally {
      setOpening(false);
    }
  };

  const done = (message: string) => {
    setDialog(null);
    setNotice(message);
  };

  return (
    <section aria-labelledby="cash-title">
      <Group justify="space-between" mb="md">
        <Group gap="sm">
          <Title order={3} id="cash-title">
            {t('cash.nav')}
          </Title>
          <Badge color={register ? 'green' : 'gray'} variant="light" data-testid="register-status">
            {register ? t('cash.isOpen', { time: time(register.openedAt) }) : t('cash.isClosed')}
          </Badge>
        </Group>
        {register && (
          <Group gap="xs">
            <Button variant="default" onClick={() => setDialog({ kind: 'supply' })}>
              {t('cash.supply')}
            </Button>
            <Button variant="default" onClick={() => setDialog({ kind: 'withdrawal' })}>
              {t('cash.withdrawal')}
            </Button>
            <Button
              color="red"
              variant="light"
              onClick={() => setDialog({ kind: 'close', register: register.id, expected: data.balance })}
            >
              {t('cash.close')}
            </Button>
          </Group>
        )}
      </Group>
      {live.error !== undefined && (
        <Alert color="red" role="alert" mb="md">
          {formFailure(live.error, []).general}
        </Alert>
      )}
      <NoticeAlert notice={notice} onClose={() => setNotice(null)} />
      {data?.closing.map((c) => (
        <Alert key={c.id} color="orange" mb="md" title={t('cash.closingTitle')}>
          <Group justify="space-between">
            <Text size="sm">{t('cash.closingText', { time: time(c.openedAt) })}</Text>
            <Button size="xs" onClick={() => setDialog({ kind: 'close', register: c.id, expected: c.balance })}>
              {t('cash.closingCount')}
            </Button>
          </Group>
        </Alert>
      ))}
      {data && !register && (
        <Paper withBorder radius="md" p="md" maw={420}>
          <form
            aria-labelledby="cash-open"
            onSubmit={(event) => {
              event.preventDefault();
              void open();
            }}
          >
            <Stack>
              <Title order={4} id="cash-open">
                {t('cash.openTitle')}
              </Title>
              <TextInput
                label={t('cash.changeFund')}
                description={t('cash.changeFundHint')}
                leftSection="R$"
                inputMode="decimal"
                placeholder="0,00"
                value={fund}
                onChange={(e) => setFund(e.currentTarget.value)}
                error={fundError}
                autoFocus
              />
              <Button type="submit" loading={opening}>
                {t('cash.open')}
              </Button>
            </Stack>
          </form>
        </Paper>
      )}
      {data && register && (
        <Stack>
          <SimpleGrid cols={{ base: 2, md: 4 }} spacing="sm" data-testid="register-balance">
            {[...new Set(['cash', 'pix', ...Object.keys(data.balance)])].map((m) => (
              <Paper key={m} withBorder radius="md" p="sm">
                <Text size="xs" c="dimmed">
                  {methodLabel(t, m)}
                </Text>
                <Text fw={700} size="lg">
                  {formatCentavos(data.balance[m] ?? 0)}
                </Text>
              </Paper>
            ))}
            <Paper withBorder radius="md" p="sm" bg="var(--mantine-color-gray-0)">
              <Text size="xs" c="dimmed">
                {t('cash.total')}
              </Text>
              <Text fw={700} size="lg">
                {formatCentavos(total)}
              </Text>
            </Paper>
          </SimpleGrid>
          <Grid>
            <Grid.Col span={{ base: 12, lg: 7 }}>
              <Title order={4} mb="xs">
                {t('cash.charges')}
              </Title>
              <ListTable
                label={t('cash.charges')}
                columns={[
                  t('cash.time'),
                  t('cash.patient'),
                  { label: t('cash.openAmount'), ta: 'right' },
                  { label: t('cash.actions'), ta: 'right' },
                ]}
                empty={data.charges.length === 0 ? t('cash.noCharges') : null}
              >
                {data.charges.map((row) => (
                  <Table.Tr key={row.appointment} data-testid="charge-row">
                    <Table.Td>{row.time}</Table.Td>
                    <Table.Td>
                      <Text size="sm">{row.patientName}</Text>
                      <Text size="xs" c="dimmed">
                        {row.professionalName} · {t(`appointment.status.${row.status}` as MessageKey)}
                      </Text>
                    </Table.Td>
                    <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                      {row.openCentavos > 0 ? (
                        formatCentavos(row.openCentavos)
                      ) : (
                        <Badge color="green" variant="light">
                          {t('cash.paid')}
                        </Badge>
                      )}
                    </Table.Td>
                    <Table.Td>
                      <Group gap={4} justify="flex-end" wrap="nowrap">
                        {row.payments.map((p, i) => (
                          <Button
                            key={p.id}
                            size="compact-xs"
                            variant="subtle"
                            aria-label={t('cash.receiptOf', {
                              value: formatCentavos(p.receivedCentavos),
                              method: methodLabel(t, p.method),
                            })}
                            onClick={() => setDialog({ kind: 'receipt', payment: p.id })}
                          >
                            {t('cash.receipt')} {row.payments.length > 1 ? i + 1 : ''}
                          </Button>
                        ))}
                        {row.openCentavos > 0 && (
                          <Button size="compact-sm" onClick={() => setDialog({ kind: 'charge', row })}>
                            {t('cash.charge')}
                          </Button>
                        )}
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </ListTable>
            </Grid.Col>
            <Grid.Col span={{ base: 12, lg: 5 }}>
              <Title order={4} mb="xs">
                {t('cash.movements')}
              </Title>
              <ListTable
                label={t('cash.movements')}
                columns={[
                  t('cash.time'),
                  t('cash.kind'),
                  t('cash.methodShort'),
                  { label: t('cash.value'), ta: 'right' },
                ]}
                empty={data.movements.length === 0 ? t('cash.noMovements') : null}
              >
                {data.movements.map((m) => (
                  <Table.Tr key={m.id}>
                    <Table.Td>{time(m.at)}</Table.Td>
                    <Table.Td>
                      <Text size="sm">{t(`cash.kind.${m.kind}` as MessageKey)}</Text>
                      {m.note && m.kind !== 'opening' && (
                        <Text size="xs" c="dimmed">
                          {m.note}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>{methodLabel(t, m.method)}</Table.Td>
                    <Table.Td ta="right" c={m.amountCentavos < 0 ? 'red' : undefined} style={{ whiteSpace: 'nowrap' }}>
                      {formatCentavos(m.amountCentavos)}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </ListTable>
            </Grid.Col>
          </Grid>
        </Stack>
      )}
      {dialog?.kind === 'charge' && register && (
        <ChargeDialog
          row={dialog.row}
          register={register.id}
          station={station}
          onClose={() => setDialog(null)}
          onCharged={(payment, message) => {
            setNotice(message);
            setDialog({ kind: 'receipt', payment });
          }}
        />
      )}
      {dialog?.kind === 'receipt' && <ReceiptDialog payment={dialog.payment} onClose={() => setDialog(null)} />}
      {(dialog?.kind === 'withdrawal' || dialog?.kind === 'supply') && register && (
        <FlowDialog
          kind={dialog.kind}
          register={register.id}
          station={station}
          onClose={() => setDialog(null)}
          onDone={done}
        />
      )}
      {dialog?.kind === 'close' && (
        <CloseDialog
          register={dialog.register}
          station={station}
          expected={dialog.expected}
          onClose={() => setDialog(null)}
          onDone={done}
        />
      )}
    </section>
  );
}
