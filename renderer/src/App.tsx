import { useState } from 'react';
import { t, type MessageKey } from './i18n/index.js';
import { desktopBridge } from './platform/bridge.js';
import { useServerStatus } from './server/useServerStatus.js';
import type { ServerStatus } from './server/health.js';

/** The app's top-level areas, in header order. */
const SECTIONS = ['agenda', 'patients', 'budgets', 'settings'] as const;
type Section = (typeof SECTIONS)[number];

const sectionLabel: Record<Section, MessageKey> = {
  agenda: 'nav.agenda',
  patients: 'nav.patients',
  budgets: 'nav.budgets',
  settings: 'nav.settings',
};

const statusText: Record<ServerStatus, MessageKey> = {
  checking: 'status.checking',
  online: 'status.online',
  offline: 'status.offline',
};

/** The application shell: header with navigation, the current area, and the sync status line. */
export function App() {
  const [section, setSection] = useState<Section>('agenda');
  const status = useServerStatus();
  const bridge = desktopBridge();

  return (
    <div className="shell">
      <header className="shell-header">
        <h1 className="brand">{t('app.name')}</h1>
        <nav aria-label={t('nav.label')}>
          <ul className="nav-list">
            {SECTIONS.map((id) => (
              <li key={id}>
                <button
                  type="button"
                  className="nav-button"
                  aria-current={section === id ? 'page' : undefined}
                  onClick={() => setSection(id)}
                >
                  {t(sectionLabel[id])}
                </button>
              </li>
            ))}
          </ul>
        </nav>
      </header>

      <main className="shell-main" id="main">
        <h2>{t(sectionLabel[section])}</h2>
        <p className="placeholder">{t('section.placeholder')}</p>
      </main>

      <footer className="shell-footer">
        {/* role=status: screen readers announce when the connection changes. */}
        <p role="status" className={`server-status server-status--${status}`}>
          <span className="status-dot" aria-hidden="true" />
          {t(statusText[status])}
        </p>
        <p className="app-mode">{bridge ? t('footer.desktop', { version: bridge.version }) : t('footer.web')}</p>
      </footer>
    </div>
  );
}
