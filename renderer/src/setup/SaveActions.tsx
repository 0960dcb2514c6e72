import { useTranslation } from 'react-i18next';
import { DialogActions } from '../common/DialogActions.js';

/**
 * The administration dialogs' footer: "Salvar" (Enter/Ctrl+Enter, hint "salva") and cancel; a
 * dialog that does something else names it (`submitLabel`, e.g. "Importar").
 */
export function SaveActions(props: { loading: boolean; onCancel: () => void; submitLabel?: string }) {
  const { t } = useTranslation();
  const label = props.submitLabel ?? t('admin.save');
  return (
    <DialogActions
      hint={props.submitLabel ? label.toLowerCase() : t('admin.saveHint')}
      submitLabel={label}
      loading={props.loading}
      onCancel={props.onCancel}
    />
  );
}
