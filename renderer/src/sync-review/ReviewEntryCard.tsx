import { Alert, Button, Group, List, Modal, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { differingFields, showValue } from './differing-fields.js';
import type { ReviewDecision, ReviewEntry } from './review-client.js';

/** An entry's collection in words ("Paciente"), the collection's own name when unknown. */
export function useCollectionWords(): (collection: string) => string {
  const { t } = useTranslation();
  return (collection) =>
    t(`review.collection.${collection}`, { defaultValue: t('review.collection.other', { name: collection }) });
}

/**
 * One entry of the review list: what, when, which desk, the server's reasons, the fields that differ
 * side by side, and the two decisions, each asked once in a dialog before it is sent.
 */
export function ReviewEntryCard(props: {
  entry: ReviewEntry;
  ownInstallationId: string;
  busy: boolean;
  /** The server's reasons when it refused the last decision, or a failure to show. */
  problem: { message: string; reasons: { path: string; message: string }[] } | null;
  onDecide(decision: ReviewDecision): void;
}) {
  const { t, i18n } = useTranslation();
  const collectionWords = useCollectionWords();
  const [asking, setAsking] = useState<ReviewDecision | null>(null);
  const { entry } = props;
  const titleId = `review-${entry.id}`;
  const when = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'short', timeStyle: 'short' }).format(
    new Date(entry.at),
  );
  const deskName = entry.deviceName ?? t('review.unknownDesk');
  const desk = entry.deviceId === props.ownInstallationId ? t('review.thisDesk', { name: deskName }) : deskName;
  const words = { yes: t('review.yes'), no: t('review.no') };
  const fieldName = (field: string): string => t(`review.fieldName.${field}`, { defaultValue: field });
  const show = (field: string, value: unknown): string => {
    if (field === 'status' && entry.collection === 'appointments' && typeof value === 'number')
      return t(`appointment.status.${value}`, { defaultValue: String(value) });
    if (field === '_deleted' && value === true) return t('review.deleted');
    return showValue(value, words);
  };
  const differences = differingFields(entry.document, entry.master);
  const decide = (decision: ReviewDecision) => {
    setAsking(null);
    props.onDecide(decision);
  };

  return (
    <Paper component="article" withBorder p="md" aria-labelledby={titleId} data-testid="review-entry">
      <Stack gap="sm">
        <Group justify="space-between" align="baseline">
          <Title order={4} id={titleId}>
            {t('review.heading', {
              collection: collectionWords(entry.collection),
              kind: t(`review.kind.${entry.kind}`),
            })}
          </Title>
          <Text size="sm" c="dimmed">
            {t('review.when', { when })} · {t('review.desk', { name: desk })}
          </Text>
        </Group>
        <div>
          <Text size="sm" fw={600}>
            {t('review.reasons')}
          </Text>
          <List size="sm">
            {entry.reasons.map((reason, i) => (
              <List.Item key={i}>
                {reason.path ? `${fieldName(reason.path)}: ` : ''}
                {reason.message}
              </List.Item>
            ))}
          </List>
        </div>
        {entry.master === null && (
          <Text size="sm" c="dimmed">
            {t('review.serverNone')}
          </Text>
        )}
        {differences.length === 0 ? (
          <Text size="sm">{t('review.noDifference')}</Text>
        ) : (
          <Table withTableBorder striped data-testid="review-diff">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('review.field')}</Table.Th>
                <Table.Th scope="col">{t('review.mine')}</Table.Th>
                {entry.master !== null && <Table.Th scope="col">{t('review.server')}</Table.Th>}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {differences.map((d) => (
                <Table.Tr key={d.field}>
                  <Table.Th scope="row">{fieldName(d.field)}</Table.Th>
                  <Table.Td className="review-value">{show(d.field, d.mine)}</Table.Td>
                  {entry.master !== null && <Table.Td className="review-value">{show(d.field, d.server)}</Table.Td>}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        {props.problem && (
          <Alert color="red" role="alert" title={props.problem.message}>
            {props.problem.reasons.length > 0 && (
              <List size="sm">
                {props.problem.reasons.map((reason, i) => (
                  <List.Item key={i}>
                    {reason.path ? `${fieldName(reason.path)}: ` : ''}
                    {reason.message}
                  </List.Item>
                ))}
              </List>
            )}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" disabled={props.busy} onClick={() => setAsking('keep_server')}>
            {t('review.keepServer')}
          </Button>
          <Button disabled={props.busy} loading={props.busy} onClick={() => setAsking('apply_mine')}>
            {t('review.applyMine')}
          </Button>
        </Group>
      </Stack>
      <Modal
        opened={asking !== null}
        onClose={() => setAsking(null)}
        title={t(asking === 'apply_mine' ? 'review.confirmApplyTitle' : 'review.confirmKeepTitle')}
      >
        <Text size="sm" mb="md">
          {t(asking === 'apply_mine' ? 'review.confirmApply' : 'review.confirmKeep')}
        </Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={() => setAsking(null)}>
            {t('review.cancel')}
          </Button>
          <Button data-autofocus onClick={() => asking && decide(asking)}>
            {t('review.confirm')}
          </Button>
        </Group>
      </Modal>
    </Paper>
  );
}
