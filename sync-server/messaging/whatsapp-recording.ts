/**
 * A WhatsApp provider that sends nothing: it records what it was given, and fails when told to.
 * Tests use it (no real provider is contracted yet); a development server may use it to see what
 * would have gone out.
 */
import type { OutgoingWhatsApp, SendReceipt, WhatsAppProvider } from './providers.js';

/** The double's controls. */
export interface RecordingWhatsApp extends WhatsAppProvider {
  /** Every message accepted, in order (failed sends are not recorded). */
  readonly sent: readonly OutgoingWhatsApp[];
  /**
   * Makes the next `times` sends throw `error` (every send when `times` is omitted), e.g. a
   * `new SendFailure('Número sem WhatsApp', true, 'not_on_whatsapp')`. `failWith(null)` stops.
   */
  failWith(error: Error | null, times?: number): void;
}

/**
 * A {@link WhatsAppProvider} test double.
 *
 * @example
 * const whatsapp = recordingWhatsApp();
 * whatsapp.failWith(new Error('fora do ar'), 2); // two failures, then it accepts
 */
export function recordingWhatsApp(): RecordingWhatsApp {
  const sent: OutgoingWhatsApp[] = [];
  let failure: Error | null = null;
  let remaining = 0;
  return {
    sent,
    failWith(error, times = Number.POSITIVE_INFINITY) {
      failure = error;
      remaining = error ? times : 0;
    },
    send(message): Promise<SendReceipt> {
      if (failure && remaining > 0) {
        remaining -= 1;
        return Promise.reject(failure);
      }
      sent.push({ ...message, attachments: [...message.attachments] });
      return Promise.resolve({ providerId: `recorded-${sent.length}` });
    },
  };
}
