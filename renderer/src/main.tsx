import './zod-config.js';
import '@mantine/core/styles.css';
import { createTheme, MantineProvider, PasswordInput } from '@mantine/core';
import { StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { App } from './App.js';
import { currentLocale, i18n, t } from './i18n/index.js';
import { preloadDesk } from './lazy-screens.js';
import { useInstallation } from './local/installation-store.js';
import { useSession } from './session/session-store.js';
import { chooseRoot } from './totem/KioskRoot.js';
import './styles.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html is missing #root');

// The static <html lang> says pt-BR; keep it true when the dictionary falls back to English.
document.documentElement.lang = currentLocale();

/**
 * Clinic's look: the teal of the shell header, system fonts (nothing fetched from the internet). Mantine's
 * built-in English label, the password toggle's "Toggle password visibility", gets its pt-BR name here,
 * once for every screen (issue 20 point 3).
 */
const theme = createTheme({
  primaryColor: 'teal',
  defaultRadius: 'sm',
  components: {
    PasswordInput: PasswordInput.extend({
      defaultProps: { visibilityToggleButtonProps: { 'aria-label': t('input.togglePassword') } },
    }),
  },
});

// Opening signed in (a reload), the desk needs its database and the day at once (lazy-screens.tsx).
if (useSession.getState().session && useInstallation.getState().installation) preloadDesk();

createRoot(container).render(
  <StrictMode>
    <I18nextProvider i18n={i18n}>
      <MantineProvider theme={theme}>
        {/* The totem and the panel are chunks of their own (lazy-screens.tsx). */}
        <Suspense fallback={null}>
          {chooseRoot(() => (
            <App />
          ))}
        </Suspense>
      </MantineProvider>
    </I18nextProvider>
  </StrictMode>,
);
