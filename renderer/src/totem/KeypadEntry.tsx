import type { ComponentProps } from 'react';
import { Keypad } from './Keypad.js';

/**
 * One totem step typed on the keypad (CPF, birth date): the question, an optional hint, what has been typed so
 * far as the patient reads it, the step's error (announced), and the keys.
 */
export function KeypadEntry(
  props: ComponentProps<typeof Keypad> & {
    title: string;
    lead?: string;
    /** The typed digits, masked, or the placeholder while none. */
    display: string;
    /** Extra class of the display (the birth date's is narrower). */
    displayClass?: string;
    error?: string | undefined;
  },
) {
  const { title, lead, display, displayClass, error, ...keypad } = props;
  return (
    <>
      <h1 className="totem-title">{title}</h1>
      {lead && <p className="totem-lead">{lead}</p>}
      <output className={displayClass ? `cpf-display ${displayClass}` : 'cpf-display'} aria-live="polite">
        {display}
      </output>
      <p className="totem-error" role="alert">
        {error ?? ' '}
      </p>
      <Keypad {...keypad} />
    </>
  );
}
