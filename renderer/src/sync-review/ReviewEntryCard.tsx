import { Alert, Badge, Button, Group, List, Modal, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { EntryDescription } from './describe/describe.js';
import type { ReviewDecision, ReviewEntry } from './review-client.js';

/**
 * One entry of the review list: the record as a person names it, what happened in words, the server's
 * reasons, the fields that differ side by side (pt-BR labels, formatted values), and the two
 * decisions, each asked once in a dialog before it is sent.
 */
export function ReviewEntryCard(props: {
  entry: ReviewEntry;
  description: EntryDescription;
  /** "Em 25/11/2026 15:02 · Estação: Recepção 1 (esta estação)". */
  where: string;
  busy: boolean;
  /** Whether the two decisions are offered (not for a clash between records). */
  decides: boolean;
  /** The server's reasons when it refused the last decision, or a failure to show. */
  problem: { message: string; reasons: { path: string; message: string }[] } | null;
  onDecide(decision: ReviewDecision): void;
  /** A refusal's reason in words, as the description's. */
  reasonInWords(reason: { path: string; message: string }): string;
}) {
  const { t } = useTranslation();
  const [asking, setAsking] = useState<ReviewDecision | null>(null);
  const { entry, description } = props;
  const titleId = `review-${entry.id}`;
  const hasServer = entry.master !== null;
  const decide = (decision: ReviewDecision) => {
    setAsking(null);
    props.onDecide(decision);
  };

  return (
    <Paper component="article" withBorder p="md" aria-labelledby={titleId} data-testid="review-entry">
      <Stack gap="sm">
        <Group justify="space-between" align="baseline">
          <Title order={4} id={titleId}>
            {description.title}
          </Title>
          <Badge color={entry.kind === 'rejection' ? 'red' : 'yellow'}>
            {description.noun} · {t(`review.kind.${entry.kind}`)}
          </Badge>
        </Group>
        <Text size="sm" c="dimmed">
          {props.where}
        </Text>
        <Text size="sm">{description.explanation}</Text>
        <div>
          <Text size="sm" fw={600}>
            {t('review.reasons')}
          </Text>
          <List size="sm">
            {description.reasons.map((reason, i) => (
              <List.Item key={i}>{reason}</List.Item>
            ))}
          </List>
        </div>
        {!hasServer && (
          <Text size="sm" c="dimmed">
            {t('review.serverNone')}
          </Text>
        )}
        {description.fields.length === 0 ? (
          <Text size="sm">{t('review.noDifference')}</Text>
        ) : (
          <Table withTableBorder striped data-testid="review-diff">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('review.field')}</Table.Th>
                <Table.Th scope="col">{t('review.mine')}</Table.Th>
                {hasServer && <Table.Th scope="col">{t('review.server')}</Table.Th>}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {description.fields.map((d) => (
                <Table.Tr key={d.field}>
                  <Table.Th scope="row">{d.label}</Table.Th>
                  <Table.Td className="review-value">{d.mine}</Table.Td>
                  {hasServer && <Table.Td className="review-value">{d.server}</Table.Td>}
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
                  <List.Item key={i}>{props.reasonInWords(reason)}</List.Item>
                ))}
              </List>
            )}
          </Alert>
        )}
        {props.decides && (
          <Group justify="flex-end" gap="sm">
            <Button variant="default" disabled={props.busy} onClick={() => setAsking('keep_server')}>
              {t('review.keepServer')}
            </Button>
            <Button disabled={props.busy} loading={props.busy} onClick={() => setAsking('apply_mine')}>
              {t('review.applyMine')}
            </Button>
          </Group>
        )}
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
