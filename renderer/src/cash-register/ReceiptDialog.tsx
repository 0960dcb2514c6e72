import { Alert, Button, Group, Loader, Modal, SegmentedControl, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { bills } from '#core/finance/bill-record.js';
import { payments } from '#core/finance/payment-record.js';
import { depositReceiptDocument } from '#core/finance/deposit-receipt-document.js';
import { patientCredits } from '#core/finance/credit-record.js';
import { receiptDocument } from '#core/finance/receipt-document.js';
import { pixQrCode } from '#core/finance/pix.js';
import { clinics } from '#core/clinic/clinic-record.js';
import { patients } from '#core/patient/patient-record.js';
import { financeAccounts } from '#core/finance/account-record.js';
import { formFailure } from '../common/domain-errors.js';
import { useLive } from '../local/hooks.js';
import { usePrintFrame } from '../common/use-print-frame.js';
import { receiptHtml, type ReceiptPaper } from './receipt-print.js';

const READS = [payments, bills, clinics, patients, financeAccounts, patientCredits];

/**
 * A payment's receipt: a preview built on the desk from its own database (offline too), on A5 or on
 * the 80 mm roll, and "Imprimir" — through the desktop app's bridge to its printer, or the frame's own
 * print in a browser (the budget's PdfDialog pattern). The server renders the same receipt as a PDF
 * (`GET /finance/payment/{id}/receipt`) for integrations and e-mail. With `credit` instead of `payment`
 * it is a patient's prepayment's receipt (FIN-021; `GET /finance/credit/{id}/receipt`).
 */
export function ReceiptDialog(props: ({ payment: string } | { credit: string }) & { onClose: () => void }) {
  const id = 'credit' in props ? props.credit : props.payment;
  const deposit = 'credit' in props;
  const { t } = useTranslation();
  const [paper, setPaper] = useState<ReceiptPaper>('thermal');
  const html = useLive(
    async (ctx) => {
      const doc = deposit ? await depositReceiptDocument(ctx.store, id) : await receiptDocument(ctx.store, id);
      const qr = doc.pixPayload ? (await pixQrCode(doc.pixPayload)).svg : undefined;
      return { doc, render: (p: ReceiptPaper) => receiptHtml(doc, p, qr) };
    },
    READS,
    [id, deposit],
  );

  const page = html.data?.render(paper);
  const { frame, printer, printing, printError, print } = usePrintFrame(page);

  return (
    <Modal
      opened
      onClose={props.onClose}
      title={t(deposit ? 'finance.depositReceipt.title' : 'cash.receiptTitle', { number: html.data?.doc.number ?? '' })}
      size="lg"
    >
      <Stack gap="sm">
        <SegmentedControl
          aria-label={t('cash.receiptPaper')}
          value={paper}
          onChange={(v) => setPaper(v)}
          data={[
            { value: 'thermal', label: t('cash.paperThermal') },
            { value: 'a5', label: t('cash.paperA5') },
          ]}
        />
        {html.error !== undefined && (
          <Alert color="red" role="alert">
            {formFailure(html.error, []).general}
          </Alert>
        )}
        {page ? (
          <iframe
            ref={frame}
            title={t('cash.receiptFrame')}
            srcDoc={page}
            // Same origin so the page can call the frame's print(); no scripts, and modals for print.
            sandbox="allow-same-origin allow-modals"
            style={{ width: '100%', height: '58vh', border: '1px solid var(--mantine-color-gray-4)', borderRadius: 6 }}
          />
        ) : (
          <Loader size="sm" />
        )}
        {printError !== null && (
          <Alert color="red" variant="light" role="alert">
            {t('budget.printFailed', { reason: printError })}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          {printer && (
            <Text size="xs" c="dimmed">
              {t('budget.printTo', { printer })}
            </Text>
          )}
          <Button onClick={() => void print()} disabled={!page} loading={printing} data-autofocus>
            {t('budget.print')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
