import './zod-config.js';
import '@mantine/core/styles.css';
import { createTheme, MantineProvider } from '@mantine/core';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { App } from './App.js';
import { currentLocale, i18n } from './i18n/index.js';
import { chooseRoot } from './totem/KioskRoot.js';
import './styles.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html is missing #root');

// The static <html lang> says pt-BR; keep it true when the dictionary falls back to English.
document.documentElement.lang = currentLocale();

/** Clinic's look: the teal of the shell header, system fonts (nothing fetched from the internet). */
const theme = createTheme({ primaryColor: 'teal', defaultRadius: 'sm' });

createRoot(container).render(
  <StrictMode>
    <I18nextProvider i18n={i18n}>
      <MantineProvider theme={theme}>
        {chooseRoot(() => (
          <App />
        ))}
      </MantineProvider>
    </I18nextProvider>
  </StrictMode>,
);
