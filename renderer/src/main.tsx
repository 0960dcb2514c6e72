import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App.js';
import { currentLocale } from './i18n/index.js';
import './styles.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html is missing #root');

// The static <html lang> says pt-BR; keep it true when the dictionary falls back to English.
document.documentElement.lang = currentLocale();

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
