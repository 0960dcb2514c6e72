/**
 * Screens loaded on first use (decisions.md "Renderer", code splitting): the desktop app opens on the
 * sign-in form, so every screen behind it (the day, the other areas, setup), the totem and the
 * waiting-room panel are chunks of their own, fetched (from the app's own files, also under file:// in
 * Electron) when first shown. Render them inside a `<Suspense>`; {@link ScreenLoading} is the fallback.
 */
import { Center, Loader } from '@mantine/core';
import { lazy, type ComponentType } from 'react';

/**
 * A lazy screen that can be fetched ahead (`preload()`). Once fetched, it renders without suspending:
 * its loader answers with a thenable that calls back at once, where a promise would suspend for a
 * tick and React would then hold the screen back behind the fallback for its reveal throttle (300 ms).
 */
function preloadable<P extends object>(load: () => Promise<ComponentType<P>>) {
  let ready: ComponentType<P> | undefined;
  let pending: Promise<ComponentType<P>> | undefined;
  const preload = () => (pending ??= load().then((screen) => (ready = screen)));
  const Screen = lazy(() =>
    ready
      ? ({ then: (resolve: (m: { default: ComponentType<P> }) => void) => resolve({ default: ready! }) } as Promise<{
          default: ComponentType<P>;
        }>)
      : preload().then((screen) => ({ default: screen })),
  );
  return Object.assign(Screen, { preload });
}

export const Agenda = preloadable(() => import('./reception/Agenda.js').then((m) => m.Agenda));
/** The agenda area: the agenda, or the first-run assistant in its place for a new account's admin. */
export const AgendaOrFirstRun = preloadable(() => import('./setup/FirstRunGate.js').then((m) => m.AgendaOrFirstRun));
export const SetupScreen = lazy(() => import('./local/SetupScreen.js').then((m) => ({ default: m.SetupScreen })));
export const PatientsScreen = lazy(() =>
  import('./patients/PatientsScreen.js').then((m) => ({ default: m.PatientsScreen })),
);
export const WaitListScreen = lazy(() =>
  import('./wait-list/WaitListScreen.js').then((m) => ({ default: m.WaitListScreen })),
);
export const BudgetsScreen = lazy(() =>
  import('./budgets/BudgetsScreen.js').then((m) => ({ default: m.BudgetsScreen })),
);
export const StockScreen = lazy(() => import('./inventory/StockScreen.js').then((m) => ({ default: m.StockScreen })));
export const BillsScreen = lazy(() => import('./finance/BillsScreen.js').then((m) => ({ default: m.BillsScreen })));
export const CashRegisterScreen = lazy(() =>
  import('./cash-register/CashRegisterScreen.js').then((m) => ({ default: m.CashRegisterScreen })),
);
export const MedicalRecordScreen = lazy(() =>
  import('./medical-record/MedicalRecordScreen.js').then((m) => ({ default: m.MedicalRecordScreen })),
);
export const BillingScreen = lazy(() =>
  import('./billing/BillingScreen.js').then((m) => ({ default: m.BillingScreen })),
);
export const ReviewScreen = lazy(() =>
  import('./sync-review/ReviewScreen.js').then((m) => ({ default: m.ReviewScreen })),
);
export const InstallationSettings = lazy(() =>
  import('./local/InstallationSettings.js').then((m) => ({ default: m.InstallationSettings })),
);
export const AdminScreen = lazy(() => import('./setup/AdminScreen.js').then((m) => ({ default: m.AdminScreen })));
export const TotemApp = lazy(() => import('./totem/TotemApp.js').then((m) => ({ default: m.TotemApp })));
export const PanelApp = lazy(() => import('./panel/PanelApp.js').then((m) => ({ default: m.PanelApp })));

/**
 * Starts fetching the local database's code and the agenda (day schedule) now. For a desk that opens already
 * signed in (a reload): they load beside the shell instead of after it.
 */
export function preloadDesk(): void {
  void import('./local/open-cores.js');
  void Agenda.preload();
  void AgendaOrFirstRun.preload();
}

/** What shows while a screen's chunk loads (a local file: a few milliseconds). */
export function ScreenLoading() {
  return (
    <Center mt="xl">
      <Loader size="sm" />
    </Center>
  );
}
