import { Alert, Badge, Button, Group, Kbd, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { BudgetStatusCode } from '#core/budget/budget-codes.js';

/**
 * The editor's title and actions bar: the budget's number and status, the save shortcut, back and
 * save; below it, why the budget is read only or why the save failed.
 */
export function BudgetEditorBar(props: {
  title: string;
  status: BudgetStatusCode | undefined;
  saving: boolean;
  readOnly: boolean;
  failure: string | null;
  onBack: () => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      <Group justify="space-between" mb="md">
        <Group gap="sm">
          <Title order={3}>{props.title}</Title>
          {props.status !== undefined && <Badge variant="light">{t(`budget.status.${props.status}`)}</Badge>}
        </Group>
        <Group gap="sm">
          <Text size="xs" c="dimmed">
            <Kbd>Ctrl</Kbd> + <Kbd>Enter</Kbd> {t('budget.saveHint')}
          </Text>
          <Button variant="default" onClick={props.onBack}>
            {t('budget.back')}
          </Button>
          <Button type="submit" loading={props.saving} disabled={props.readOnly}>
            {t('budget.save')}
          </Button>
        </Group>
      </Group>
      {props.readOnly && (
        <Alert color="yellow" variant="light" mb="md">
          {t('budget.readOnly')}
        </Alert>
      )}
      {props.failure && (
        <Alert color="red" role="alert" variant="light" mb="md">
          {props.failure}
        </Alert>
      )}
    </>
  );
}
