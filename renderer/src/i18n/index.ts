import { en } from './en.js';
import { ptBR, type MessageKey } from './pt-BR.js';

export type { MessageKey } from './pt-BR.js';

/** Languages the UI ships with. */
export type Locale = 'pt-BR' | 'en';

const dictionaries: Record<Locale, Record<MessageKey, string>> = { 'pt-BR': ptBR, en };

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

/**
 * Translates a key, filling `{name}` placeholders from `vars`.
 * @param locale defaults to the browser's language; pass it explicitly in tests.
 */
export function t(key: MessageKey, vars: Record<string, string> = {}, locale: Locale = currentLocale()): string {
  const text = dictionaries[locale][key];
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => vars[name] ?? whole);
}
