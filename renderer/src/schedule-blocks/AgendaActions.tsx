import { Button, Kbd } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { typingIn } from '../reception/shortcuts.js';
import { SqueezeInDialog } from '../squeeze-in/SqueezeInDialog.js';
import type { AgendaDialogProps } from './agenda-dialog.js';
import { BlockDialog } from './BlockDialog.js';

/**
 * The agenda toolbar's "Bloquear horário" (B) and "Encaixe" (E), each opening its dialog on the
 * agenda's day from the selected slot. The keys act only when no dialog is open and focus is not in
 * a text field, as the agenda's own shortcuts do (reception/shortcuts.ts lists them).
 */
export function AgendaActions(props: Omit<AgendaDialogProps, 'onClose'>) {
  const { t } = useTranslation();
  const [open, setOpen] = useState<'block' | 'squeeze' | null>(null);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (open || event.ctrlKey || event.altKey || event.metaKey || typingIn(event.target)) return;
      // The agenda's own dialogs (booking, appointment panel, help) are not ours to know of.
      if (document.querySelector('[role="dialog"]')) return;
      const key = event.key.toLowerCase();
      if (key === 'b') setOpen('block');
      else if (key === 'e') setOpen('squeeze');
      else return;
      event.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open]);

  const shared = {
    clinic: props.clinic,
    professionals: props.professionals,
    date: props.date,
    selected: props.selected,
    onClose: () => setOpen(null),
  };
  return (
    <>
      <Button variant="default" onClick={() => setOpen('squeeze')} rightSection={<Kbd>E</Kbd>}>
        {t('squeeze.open')}
      </Button>
      <Button variant="default" onClick={() => setOpen('block')} rightSection={<Kbd>B</Kbd>}>
        {t('block.open')}
      </Button>
      {open === 'block' && <BlockDialog {...shared} />}
      {open === 'squeeze' && <SqueezeInDialog {...shared} />}
    </>
  );
}
