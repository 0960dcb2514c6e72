import type { MessageKey } from './pt-BR.js';

/** English texts; `Record<MessageKey, string>` makes a missing or stray key a type error. */
export const en: Record<MessageKey, string> = {
  'app.name': 'Clinic',
  'nav.label': 'Main navigation',
  'nav.agenda': 'Schedule',
  'nav.patients': 'Patients',
  'nav.budgets': 'Budgets',
  'nav.settings': 'Settings',
  'section.placeholder': 'This area is still under construction.',
  'status.checking': 'Server: checking…',
  'status.online': 'Server: connected',
  'status.offline': 'Server: offline — working locally',
  'footer.desktop': 'Desktop app {version}',
  'footer.web': 'Web version',
};
