/** A payment method's name in the UI's language (the appointment's labels; the receipt's as fallback). */
import type { TFunction } from 'i18next';
import { METHOD_NAMES } from '#core/finance/receipt-document.js';

export function methodLabel(t: TFunction, method: string): string {
  return t(`charge.method.${method}`, { defaultValue: METHOD_NAMES[method as keyof typeof METHOD_NAMES] ?? method });
}
