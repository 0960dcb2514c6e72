import { Badge, Button, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatWhen } from './format-when.js';

/**
 * The last two cells of a revocable credential's row (an installation, an API key): "Ativa" or the
 * day it was revoked, and "Revogar" while it is still valid.
 */
export function RevocationCells(props: { name: string; revokedAt?: string | null; onRevoke: () => void }) {
  const { t } = useTranslation();
  return (
    <>
      <Table.Td>
        {props.revokedAt ? (
          <Text size="sm" c="dimmed">
            {t('admin.inst.revokedOn', { when: formatWhen(props.revokedAt) })}
          </Text>
        ) : (
          <Badge color="green" variant="light">
            {t('admin.active')}
          </Badge>
        )}
      </Table.Td>
      <Table.Td ta="right">
        {!props.revokedAt && (
          <Button
            size="xs"
            variant="subtle"
            color="red"
            aria-label={`${t('admin.revoke')} ${props.name}`}
            onClick={props.onRevoke}
          >
            {t('admin.revoke')}
          </Button>
        )}
      </Table.Td>
    </>
  );
}
