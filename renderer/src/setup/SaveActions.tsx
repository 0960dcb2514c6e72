import { useTranslation } from 'react-i18next';
import { DialogActions } from '../common/DialogActions.js';

/** The administration dialogs' footer: "Salvar" (Enter/Ctrl+Enter, hint "salva") and cancel. */
export function SaveActions(props: { loading: boolean; onCancel: () => void }) {
  const { t } = useTranslation();
  return (
    <DialogActions
      hint={t('admin.saveHint')}
      submitLabel={t('admin.save')}
      loading={props.loading}
      onCancel={props.onCancel}
    />
  );
}
