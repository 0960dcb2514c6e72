import { AppShell, Burger, Button, Group, Text } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MessageKey } from './i18n/index.js';
import { desktopBridge } from './platform/bridge.js';
import { readServerUrl, type ServerStatus } from './server/health.js';
import { useServerStatus } from './server/useServerStatus.js';
import { logoutOnline } from './session/login-api.js';
import { LoginScreen } from './session/LoginScreen.js';
import { useSession } from './session/session-store.js';
import { DemoEntry } from './local/DemoEntry.js';
import { useInstallation } from './local/installation-store.js';
import { LocalCoreGate, LocalCoreProvider } from './local/LocalCoreProvider.js';
import { ConnectionBadge } from './local/ConnectionBadge.js';
import { DeskInbox } from './chat/DeskInbox.js';
import { SyncIndicator } from './local/SyncIndicator.js';
import { onOpenReview } from './sync-review/open-review.js';
import { roleAdministers } from './role-shows.js';
import { onFirstRunChange } from './setup/first-run-events.js';
import { SECTION_GROUPS, sectionLabel, sectionsFor, type Section } from './nav-sections.js';
import {
  AdminScreen,
  Agenda,
  AgendaOrFirstRun,
  BudgetsScreen,
  InstallationSettings,
  PatientsScreen,
  ReviewScreen,
  ScreenLoading,
  SetupScreen,
  WaitListScreen,
  StockScreen,
  CashRegisterScreen,
  BillsScreen,
  MedicalRecordScreen,
  BillingScreen,
} from './lazy-screens.js';

const statusText: Record<ServerStatus, MessageKey> = {
  checking: 'status.checking',
  online: 'status.online',
  offline: 'status.offline',
};

/**
 * The application shell: header with navigation and who is signed in, the current area (or the
 * sign-in form), and the server status line, always visible.
 */
export function App() {
  const { t } = useTranslation();
  const [section, setSection] = useState<Section>('agenda');
  useEffect(() => onOpenReview(() => setSection('review')), []);
  // The first-run assistant shows in the agenda's place (setup/first-run-open.ts).
  useEffect(() => onFirstRunChange(() => setSection('agenda')), []);
  const status = useServerStatus();
  const session = useSession((s) => s.session);
  const signedOut = useSession((s) => s.signedOut);
  const installation = useInstallation((s) => s.installation);
  const bridge = desktopBridge();
  // The area a previous admin left open is not kept for someone who may not see it.
  const shown: Section = section === 'admin' && !(session && roleAdministers(session.user.role)) ? 'agenda' : section;

  const logout = (): void => {
    if (session?.accessToken) void logoutOnline(readServerUrl(globalThis.localStorage), session.accessToken);
    signedOut();
  };

  // Narrow screens (1024 px and less) start with the side bar closed, so the agenda gets the width.
  const narrow = useMediaQuery('(max-width: 1100px)', false, { getInitialValueInEffect: false });
  const [navOpen, nav] = useDisclosure(!narrow);
  // Crossing the width opens or closes it again (nav's callbacks are stable).
  useEffect(() => (narrow ? nav.close() : nav.open()), [narrow]);
  const entries = session ? sectionsFor(session.user.role) : [];

  const shell = (
    <AppShell
      header={{ height: 56 }}
      navbar={session ? { width: 220, breakpoint: 0, collapsed: { desktop: !navOpen, mobile: !navOpen } } : undefined}
      padding={0}
    >
      <AppShell.Header className="shell-header">
        {session && (
          <Burger
            opened={navOpen}
            onClick={nav.toggle}
            color="white"
            size="sm"
            aria-label={t('nav.toggle')}
            aria-expanded={navOpen}
            aria-controls="main-nav"
          />
        )}
        <h1 className="brand">{t('app.name')}</h1>
        {session && (
          <Group gap="sm" ml="auto" className="session-user" wrap="nowrap">
            {/* Offline shows here while it lasts, whatever way the person signed in (issue 19). */}
            <ConnectionBadge server={status} />
            {installation && <DeskInbox />}
            <Text size="sm" c="white" className="session-name">
              {t('session.user', { name: session.user.name, role: t(`role.${session.user.role}` as MessageKey) })}
            </Text>
            <Button size="xs" variant="white" onClick={logout} style={{ flex: 'none' }}>
              {t('session.logout')}
            </Button>
          </Group>
        )}
      </AppShell.Header>

      {session && (
        <AppShell.Navbar id="main-nav" className="shell-nav" component="nav" aria-label={t('nav.label')}>
          {/* The groups and entries are data (nav-sections.ts): a new area is one entry there. */}
          {SECTION_GROUPS.map((group) => {
            const items = entries.filter((e) => e.group === group.id);
            if (items.length === 0) return null;
            return (
              <div key={group.id} className="nav-group" role="group" aria-labelledby={`nav-group-${group.id}`}>
                <p className="nav-group-title" id={`nav-group-${group.id}`}>
                  {t(group.label)}
                </p>
                <ul className="nav-list">
                  {items.map((entry) => (
                    <li key={entry.id}>
                      <button
                        type="button"
                        className="nav-button"
                        aria-current={shown === entry.id ? 'page' : undefined}
                        onClick={() => {
                          setSection(entry.id);
                          if (narrow) nav.close();
                        }}
                      >
                        {t(entry.label)}
                      </button>
                    </li>
                  ))}
                </ul>
              </div>
            );
          })}
        </AppShell.Navbar>
      )}

      <AppShell.Main className="shell-main-area">
        <main className="shell-main" id="main">
          {session ? (
            <>
              <h2 className={shown === 'settings' ? undefined : 'visually-hidden'}>{t(sectionLabel(shown))}</h2>
              <Suspense fallback={<ScreenLoading />}>
                {installation ? (
                  <LocalCoreGate>
                    <SectionScreen section={shown} />
                  </LocalCoreGate>
                ) : (
                  <SetupScreen />
                )}
              </Suspense>
            </>
          ) : (
            <>
              <LoginScreen />
              <DemoEntry />
            </>
          )}
        </main>

        <footer className="shell-footer">
          {/* role=status: screen readers announce when the connection changes. */}
          <p role="status" className={`server-status server-status--${status}`}>
            <span className="status-dot" aria-hidden="true" />
            {t(statusText[status])}
          </p>
          {session && installation && <SyncIndicator server={status} />}
          <p className="app-mode">{bridge ? t('footer.desktop', { version: bridge.version }) : t('footer.web')}</p>
        </footer>
      </AppShell.Main>
    </AppShell>
  );
  return session && installation ? (
    <LocalCoreProvider session={session} installation={installation}>
      {shell}
    </LocalCoreProvider>
  ) : (
    shell
  );
}

/** The current area's screen (inside a ready local core). */
function SectionScreen(props: { section: Section }) {
  switch (props.section) {
    case 'agenda':
      return <AgendaOrFirstRun agenda={<Agenda />} />;
    case 'waitList':
      return <WaitListScreen />;
    case 'patients':
      return <PatientsScreen />;
    case 'settings':
      return <InstallationSettings />;
    case 'budgets':
      return <BudgetsScreen />;
    case 'inventory':
      return <StockScreen />;
    case 'cashRegister':
      return <CashRegisterScreen />;
    case 'bills':
      return <BillsScreen />;
    case 'billing':
      return <BillingScreen />;
    case 'review':
      return <ReviewScreen />;
    case 'admin':
      return <AdminScreen />;
    case 'medicalRecord':
      return <MedicalRecordScreen />;
  }
}
