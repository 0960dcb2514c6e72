import { ActionIcon, Button, Group, Indicator, Popover, ScrollArea, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { clearNotificationCounter, notificationsOf, setNotificationRead } from '#core/chat/notification-ops.js';
import { notificationCounters, notifications } from '#core/chat/notification-records.js';
import { useLive, useRun } from '../local/hooks.js';
import { shortMoment } from './load-chat.js';

const LIST = [notifications, notificationCounters];

/**
 * The bell: the count of new notifications on it; opening it shows the list and clears the count
 * (spec "clear the new-notifications counter"); each notification is marked read or unread on its own.
 */
export function NotificationBell(props: { me: string }) {
  const { t } = useTranslation();
  const run = useRun();
  const live = useLive((ctx) => notificationsOf(ctx, props.me), LIST, [props.me]);
  const count = live.data?.newCount ?? 0;
  const clear = () => void run(clearNotificationCounter, {}).catch(() => undefined);

  return (
    <Popover width={360} position="bottom-end" shadow="md" trapFocus returnFocus onOpen={() => count > 0 && clear()}>
      <Popover.Target>
        <Indicator label={count} size={18} color="red" disabled={count === 0} offset={4}>
          <ActionIcon
            variant="white"
            size="lg"
            aria-label={count > 0 ? t('notification.openNew', { count }) : t('notification.open')}
            data-testid="notification-bell"
          >
            <BellIcon />
          </ActionIcon>
        </Indicator>
      </Popover.Target>
      <Popover.Dropdown>
        <Group justify="space-between" mb="xs">
          <Text fw={600}>{t('notification.title')}</Text>
          <Button size="compact-xs" variant="subtle" onClick={clear} disabled={count === 0}>
            {t('notification.clear')}
          </Button>
        </Group>
        <ScrollArea.Autosize mah={360} type="auto">
          {live.data?.items.length === 0 && <Text size="sm">{t('notification.empty')}</Text>}
          <Stack gap={6} component="ul" className="notification-list">
            {live.data?.items.map((n) => (
              <li key={n.id} className={n.readAt === null ? 'notification notification--unread' : 'notification'}>
                <Text size="sm" fw={n.readAt === null ? 700 : 400}>
                  {n.readAt === null && <span className="visually-hidden">{t('notification.unread')}: </span>}
                  {n.title}
                </Text>
                {n.body && (
                  <Text size="xs" lineClamp={2}>
                    {n.body}
                  </Text>
                )}
                <Group justify="space-between" gap="xs">
                  <Text size="xs" c="dimmed">
                    {shortMoment(n.createdAt)}
                  </Text>
                  <Button
                    size="compact-xs"
                    variant="subtle"
                    onClick={() => void run(setNotificationRead, { id: n.id, read: n.readAt === null })}
                  >
                    {n.readAt === null ? t('notification.markRead') : t('notification.markUnread')}
                  </Button>
                </Group>
              </li>
            ))}
          </Stack>
        </ScrollArea.Autosize>
      </Popover.Dropdown>
    </Popover>
  );
}

/** A bell drawn inline: the stations' fonts have no emoji. */
function BellIcon() {
  return (
    <svg
      width="20"
      height="20"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      aria-hidden="true"
    >
      <path d="M6 8a6 6 0 1 1 12 0c0 7 3 9 3 9H3s3-2 3-9" strokeLinecap="round" strokeLinejoin="round" />
      <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
