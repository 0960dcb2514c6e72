/**
 * The UI's texts through i18next: pt-BR is the reference dictionary, English the second language.
 * Components use `useTranslation()` from react-i18next; code outside React calls {@link t}.
 */
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { budgetEn } from './budget.en.js';
import { budgetPtBR } from './budget.pt-BR.js';
import { en } from './en.js';
import { inventoryEn } from './inventory.en.js';
import { inventoryPtBR, type InventoryMessageKey } from './inventory.pt-BR.js';
import { medicalRecordEn } from './medical-record.en.js';
import { medicalRecordPtBR, type MedicalRecordMessageKey } from './medical-record.pt-BR.js';
import { patientEn } from './patient.en.js';
import { patientPtBR, type PatientMessageKey } from './patient.pt-BR.js';
import { ptBR, type MessageKey as BaseMessageKey } from './pt-BR.js';
import { reviewEn } from './review.en.js';
import { reviewPtBR, type ReviewMessageKey } from './review.pt-BR.js';
import { serverEn } from './server.en.js';
import { serverPtBR, type ServerMessageKey } from './server.pt-BR.js';
import { setupEn } from '../setup/setup.en.js';
import { setupPtBR, type SetupMessageKey } from '../setup/setup.pt-BR.js';
import { totemEn } from './totem.en.js';
import { cashEn } from './cash.en.js';
import { cashPtBR, type CashMessageKey } from './cash.pt-BR.js';
import { totemPtBR } from './totem.pt-BR.js';
import { waitListEn } from './waitlist.en.js';
import { waitListPtBR, type WaitListMessageKey } from './waitlist.pt-BR.js';
import { billingEn } from './billing.en.js';
import { billingPtBR, type BillingMessageKey } from './billing.pt-BR.js';
import { financeEn } from './finance.en.js';
import { financePtBR, type FinanceMessageKey } from './finance.pt-BR.js';
import { chatEn } from '../chat/chat.en.js';
import { chatPtBR } from '../chat/chat.pt-BR.js';
import { documentsEn } from '../medical-record/documents.en.js';
import { documentsPtBR } from '../medical-record/documents.pt-BR.js';
import { dentalEn } from '../medical-record/dental/dental.en.js';
import { dentalPtBR } from '../medical-record/dental/dental.pt-BR.js';
import { reportsEn } from '../medical-record/reports.en.js';
import { reportsPtBR } from '../medical-record/reports.pt-BR.js';
import { gestationEn } from '../medical-record/gestation/gestation.en.js';
import { gestationPtBR } from '../medical-record/gestation/gestation.pt-BR.js';
import { authorizationEn } from '../reception/authorization.en.js';
import { authorizationPtBR } from '../reception/authorization.pt-BR.js';

/** A key of the shell's dictionaries (review.* and waitlist.* included: the shell's nav names those screens). */
export type MessageKey =
  | BaseMessageKey
  | ReviewMessageKey
  | WaitListMessageKey
  | PatientMessageKey
  | ServerMessageKey
  | SetupMessageKey
  | InventoryMessageKey
  | CashMessageKey
  | MedicalRecordMessageKey
  | BillingMessageKey
  | FinanceMessageKey;

/** Languages the UI ships with. */
export type Locale = 'pt-BR' | 'en';

/** Where a station may keep an explicit choice of English (`en`), e.g. for a support person. */
export const LOCALE_KEY = 'clinic.locale';

/**
 * Picks the UI language from the station's explicit choice (`localStorage[LOCALE_KEY]`), never from
 * the browser's language: the users are Brazilian clinics, and a PC or a Chromium set up in English
 * (en-US) must still show pt-BR texts and Brazilian formats (issue 20 point 3).
 */
export function pickLocale(choice: string | null | undefined): Locale {
  return choice === 'en' ? 'en' : 'pt-BR';
}

/** The locale of this page: pt-BR unless the station chose English. */
export function currentLocale(): Locale {
  try {
    return pickLocale(globalThis.localStorage?.getItem(LOCALE_KEY));
  } catch {
    // Storage refused (privacy mode): the default language.
    return 'pt-BR';
  }
}

/** Every text of the UI per locale: the shell's, the totem's, the budget, review and wait-list screens'. */
export const dictionaries: Readonly<Record<Locale, Readonly<Record<string, string>>>> = {
  'pt-BR': {
    ...ptBR,
    ...totemPtBR,
    ...budgetPtBR,
    ...reviewPtBR,
    ...waitListPtBR,
    ...patientPtBR,
    ...serverPtBR,
    ...setupPtBR,
    ...inventoryPtBR,
    ...cashPtBR,
    ...medicalRecordPtBR,
    ...billingPtBR,
    ...chatPtBR,
    ...documentsPtBR,
    ...dentalPtBR,
    ...reportsPtBR,
    ...financePtBR,
    ...gestationPtBR,
    ...authorizationPtBR,
  },
  en: {
    ...en,
    ...totemEn,
    ...budgetEn,
    ...reviewEn,
    ...waitListEn,
    ...patientEn,
    ...serverEn,
    ...setupEn,
    ...inventoryEn,
    ...cashEn,
    ...medicalRecordEn,
    ...billingEn,
    ...chatEn,
    ...documentsEn,
    ...dentalEn,
    ...reportsEn,
    ...financeEn,
    ...gestationEn,
    ...authorizationEn,
  },
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
 * Translates a key, filling `{{name}}` placeholders from `vars`; a numeric `count` picks the plural
 * form (`key_one`, `key_other`, `key_zero` for 0).
 * @param locale defaults to the browser's language; pass it explicitly in tests.
 */
export function t(
  key: MessageKey,
  vars: Record<string, string | number> = {},
  locale: Locale = currentLocale(),
): string {
  return i18n.getFixedT(locale)(key, vars);
}
