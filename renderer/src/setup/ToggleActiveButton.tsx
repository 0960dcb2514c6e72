import { Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * A list row's inactivate/reactivate button: red "Inativar" (or "Desativar" for people) while the
 * row is active, green "Reativar" otherwise; its accessible name ends with the row's `name`. Off
 * while writing is off (`offline`, see `useAdminRun`).
 */
export function ToggleActiveButton(props: {
  active: boolean;
  name: string;
  offline: boolean;
  /** People are "desativados"; clinics and procedures "inativados". */
  person?: boolean;
  onToggle: () => void;
}) {
  const { t } = useTranslation();
  const label = props.active ? t(props.person ? 'admin.deactivate' : 'admin.inactivate') : t('admin.reactivate');
  return (
    <Button
      size="xs"
      variant="subtle"
      color={props.active ? 'red' : 'green'}
      disabled={props.offline}
      aria-label={`${label} ${props.name}`}
      onClick={props.onToggle}
    >
      {label}
    </Button>
  );
}
