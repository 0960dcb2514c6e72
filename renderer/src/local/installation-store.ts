/** The installation's setup as React state (zustand), mirrored in localStorage. */
import { create } from 'zustand';
import { forgetInstallation, readInstallation, saveInstallation, type Installation } from './installation.js';

interface InstallationState {
  installation: Installation | null;
  configured: (installation: Installation) => void;
  reset: () => void;
}

/** `useInstallation((s) => s.installation)` in components. */
export const useInstallation = create<InstallationState>((set) => ({
  installation: readInstallation(globalThis.localStorage),
  configured(installation) {
    saveInstallation(globalThis.localStorage, installation);
    set({ installation });
  },
  reset() {
    forgetInstallation(globalThis.localStorage);
    set({ installation: null });
  },
}));
