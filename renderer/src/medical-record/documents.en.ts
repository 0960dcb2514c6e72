import type { documentsPtBR } from './documents.pt-BR.js';

/** English texts of the prontuário's Documentos panel; same keys as documents.pt-BR.ts. */
export const documentsEn: Record<keyof typeof documentsPtBR, string> = {
  'documents.title': 'Documents',
  'documents.needsServer': 'Documents are made by the server: connect to it to print or share.',
  'documents.receita': 'Simple prescription',
  'documents.receitaControleEspecial': 'Special control prescription',
  'documents.atestado': 'Medical certificate',
  'documents.pedidoExame': 'Exam request',
  'documents.cid': 'Print the ICD-10 on the certificate (the patient authorized it)',
  'documents.share': 'Share with the patient',
  'documents.shareDays': 'Valid for (days)',
  'documents.shareCreated': 'Send the patient the address and the key. The key will not be shown again.',
  'documents.shareUrl': 'Address',
  'documents.shareKey': 'Key',
  'documents.shareExpires': 'Valid until {{at}}',
  'documents.shares': 'Shares',
  'documents.revoke': 'Revoke',
  'documents.status.active': 'active',
  'documents.status.pending': 'awaiting acceptance',
  'documents.status.accepted': 'accepted',
  'documents.status.revoked': 'revoked',
  'documents.status.expired': 'expired',
  'documents.kind.patient': 'Patient',
  'documents.kind.professional': 'Professional',
};
