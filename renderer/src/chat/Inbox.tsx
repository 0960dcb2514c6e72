import { Badge, Button } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { useLocalCore, useLive } from '../local/hooks.js';
import { ChatDrawer } from './ChatDrawer.js';
import { loadRoster, ROSTER_COLLECTIONS } from './load-chat.js';
import { NotificationBell } from './NotificationBell.js';

/** The chat button (with the unread count), the bell and the chat drawer of the signed-in person. */
export default function Inbox() {
  const { t } = useTranslation();
  const { actor } = useLocalCore();
  const [opened, drawer] = useDisclosure(false);
  const roster = useLive((ctx) => loadRoster(ctx, actor.id), ROSTER_COLLECTIONS, [actor.id]);
  const unread = roster.data?.totalUnread ?? 0;
  return (
    <>
      <Button
        size="xs"
        variant="white"
        onClick={drawer.open}
        aria-label={unread > 0 ? t('chat.openUnread', { count: unread }) : t('chat.open')}
        rightSection={
          unread > 0 ? (
            <Badge size="xs" color="red" circle>
              {unread}
            </Badge>
          ) : null
        }
        style={{ flex: 'none' }}
      >
        {t('chat.open')}
      </Button>
      <NotificationBell me={actor.id} />
      <ChatDrawer opened={opened} onClose={drawer.close} roster={roster.data} me={actor.id} />
    </>
  );
}
