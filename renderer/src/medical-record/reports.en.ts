import type { reportsPtBR } from './reports.pt-BR.js';

/** English texts of the prontuário's Laudos tab; same keys as reports.pt-BR.ts. */
export const reportsEn: Record<keyof typeof reportsPtBR, string> = {
  'reports.tab': 'Reports',
  'reports.title': "Attendance's reports",
  'reports.needsServer': 'Reports are kept by the server: connect to it to write, print or share them.',
  'reports.new': 'New report',
  'reports.editing': 'Changing the report',
  'reports.fieldTitle': 'Report title',
  'reports.fieldText': 'Report text',
  'reports.save': 'Save report',
  'reports.saveHint': 'Ctrl+Enter saves',
  'reports.cancel': 'Cancel change',
  'reports.saved': 'Report “{{title}}” saved.',
  'reports.deleted': 'Report “{{title}}” deleted.',
  'reports.empty': 'No report in this attendance.',
  'reports.savedAt': 'saved {{at}}',
  'reports.pdf': 'Open PDF',
  'reports.edit': 'Change',
  'reports.delete': 'Delete',
  'reports.deleteConfirm': 'Delete the report “{{title}}”?',
  'reports.deleteYes': 'Delete report',
  'reports.keep': 'Keep',
  'reports.finished':
    'Attendance finished: saved reports no longer change. A result that arrives later is a new report.',
  'reports.share': 'Share the reports with the patient',
  'reports.shareCreated':
    "Send the patient the report's address and the key: the key will not be shown again. The link also opens this attendance's other documents and lasts until {{at}}.",
  'reports.link': 'Address',
  'reports.key': 'Key',
};
