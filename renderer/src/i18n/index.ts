/**
 * The UI's texts through i18next: pt-BR is the reference dictionary, English the second language.
 * Components use `useTranslation()` from react-i18next; code outside React calls {@link t}.
 */
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { budgetEn } from './budget.en.js';
import { budgetPtBR } from './budget.pt-BR.js';
import { en } from './en.js';
import { ptBR, type MessageKey as BaseMessageKey } from './pt-BR.js';
import { reviewEn } from './review.en.js';
import { reviewPtBR, type ReviewMessageKey } from './review.pt-BR.js';
import { setupEn } from '../setup/setup.en.js';
import { setupPtBR, type SetupMessageKey } from '../setup/setup.pt-BR.js';
import { totemEn } from './totem.en.js';
import { totemPtBR } from './totem.pt-BR.js';
import { waitListEn } from './waitlist.en.js';
import { waitListPtBR, type WaitListMessageKey } from './waitlist.pt-BR.js';

/** A key of the shell's dictionaries (review.* and waitlist.* included: the shell's nav names those screens). */
export type MessageKey = BaseMessageKey | ReviewMessageKey | WaitListMessageKey | SetupMessageKey;

/** Languages the UI ships with. */
export type Locale = 'pt-BR' | 'en';

/**
 * Picks the UI language from a BCP 47 tag such as `navigator.language`.
 * Only an explicit English tag switches away from pt-BR: the users are Brazilian clinics, so any other
 * language (or none) gets Portuguese.
 */
export function pickLocale(tag: string | undefined): Locale {
  return tag?.toLowerCase().startsWith('en') ? 'en' : 'pt-BR';
}

/** The locale of this page, from the browser's language. */
export function currentLocale(): Locale {
  return pickLocale(typeof navigator === 'undefined' ? undefined : navigator.language);
}

/** Every text of the UI per locale: the shell's, the totem's, the budget, review and wait-list screens'. */
export const dictionaries: Readonly<Record<Locale, Readonly<Record<string, string>>>> = {
  'pt-BR': { ...ptBR, ...totemPtBR, ...budgetPtBR, ...reviewPtBR, ...waitListPtBR, ...setupPtBR },
  en: { ...en, ...totemEn, ...budgetEn, ...reviewEn, ...waitListEn, ...setupEn },
};

/** The one i18next instance of the renderer, initialised synchronously (the dictionaries are bundled). */
export const i18n = i18next.createInstance();
void i18n.use(initReactI18next).init({
  resources: {
    'pt-BR': { translation: dictionaries['pt-BR'] },
    en: { translation: dictionaries.en },
  },
  lng: currentLocale(),
  fallbackLng: 'pt-BR',
  // Keys are flat strings with dots ('nav.agenda'), not nested paths.
  keySeparator: false,
  nsSeparator: false,
  // React escapes what it renders; escaping here too would show `&amp;` in patient names.
  interpolation: { escapeValue: false },
  initAsync: false,
});

/**
 * Translates a key, filling `{{name}}` placeholders from `vars`.
 * @param locale defaults to the browser's language; pass it explicitly in tests.
 */
export function t(key: MessageKey, vars: Record<string, string> = {}, locale: Locale = currentLocale()): string {
  return i18n.getFixedT(locale)(key, vars);
}
