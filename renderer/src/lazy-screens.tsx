/**
 * Screens loaded on first use (decisions.md "Renderer", code splitting): the desktop app opens on the
 * sign-in form, so every screen behind it (the day, the other areas, setup), the totem and the waiting-room panel are chunks of their own, fetched (from the app's own
 * files, also under file:// in Electron) when first shown. Render them inside a `<Suspense>`;
 * {@link ScreenLoading} is the fallback.
 */
import { Center, Loader } from '@mantine/core';
import { lazy } from 'react';

export const DaySchedule = lazy(() => import('./reception/DaySchedule.js').then((m) => ({ default: m.DaySchedule })));
export const SetupScreen = lazy(() => import('./local/SetupScreen.js').then((m) => ({ default: m.SetupScreen })));
export const PatientsScreen = lazy(() =>
  import('./patients/PatientsScreen.js').then((m) => ({ default: m.PatientsScreen })),
);
export const BudgetsScreen = lazy(() =>
  import('./budgets/BudgetsScreen.js').then((m) => ({ default: m.BudgetsScreen })),
);
export const ReviewScreen = lazy(() =>
  import('./sync-review/ReviewScreen.js').then((m) => ({ default: m.ReviewScreen })),
);
export const InstallationSettings = lazy(() =>
  import('./local/InstallationSettings.js').then((m) => ({ default: m.InstallationSettings })),
);
export const TotemApp = lazy(() => import('./totem/TotemApp.js').then((m) => ({ default: m.TotemApp })));
export const PanelApp = lazy(() => import('./panel/PanelApp.js').then((m) => ({ default: m.PanelApp })));

/**
 * Starts fetching the local database's code and the day schedule now. For a desk that opens already
 * signed in (a reload): they load beside the shell instead of after it.
 */
export function preloadDesk(): void {
  void import('./local/open-cores.js');
  void import('./reception/DaySchedule.js');
}

/** What shows while a screen's chunk loads (a local file: a few milliseconds). */
export function ScreenLoading() {
  return (
    <Center mt="xl">
      <Loader size="sm" />
    </Center>
  );
}
