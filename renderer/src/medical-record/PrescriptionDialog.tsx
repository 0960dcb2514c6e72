import { Alert, Button, Group, Loader, Modal, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { prescriptionDocument } from '#core/medical-record/prescription-document.js';
import { medicalRecords } from '#core/medical-record/record.js';
import { users } from '#core/access/user.js';
import { formFailure } from '../common/domain-errors.js';
import { useLive } from '../local/hooks.js';
import { usePrintFrame } from '../common/use-print-frame.js';
import { prescriptionHtml } from './prescription-print.js';

/**
 * The prescription's preview and print, as the budget's (PdfDialog): rendered on the desk from its
 * own database in a sandboxed frame, printed through the desktop bridge (the configured printer) or,
 * in a browser, by the frame's own print. Works offline; the server's PDF is the same document.
 */
export function PrescriptionDialog(props: { recordId: string; onClose: () => void }) {
  const { t } = useTranslation();
  const html = useLive(
    async (ctx) => prescriptionHtml(await prescriptionDocument(ctx, props.recordId)),
    [medicalRecords, users],
    [props.recordId],
  );

  const { frame, printing, printError, print } = usePrintFrame(html.data);

  return (
    <Modal opened onClose={props.onClose} title={t('medicalRecord.printPrescription')} size="lg">
      <Stack gap="sm">
        {html.error !== undefined && (
          <Alert color="red" role="alert">
            {formFailure(html.error, []).general}
          </Alert>
        )}
        {html.data ? (
          <iframe
            ref={frame}
            title={t('medicalRecord.preview')}
            srcDoc={html.data}
            sandbox="allow-same-origin allow-modals"
            style={{ width: '100%', height: '60vh', border: '1px solid var(--mantine-color-gray-4)', borderRadius: 6 }}
          />
        ) : (
          html.error === undefined && <Loader size="sm" />
        )}
        {printError !== null && (
          <Alert color="red" role="alert">
            {printError}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onClose}>
            {t('medicalRecord.close')}
          </Button>
          <Button onClick={() => void print()} disabled={!html.data} loading={printing}>
            {t('medicalRecord.print')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
