import { Alert, Badge, Button, Drawer, Group, NavLink, ScrollArea, Stack, Text, Textarea } from '@mantine/core';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { markChatRead, sendChatMessage } from '#core/chat/chat-ops.js';
import { formFailure } from '../common/domain-errors.js';
import { useLive, useRun } from '../local/hooks.js';
import { loadThread, ROSTER_COLLECTIONS, shortMoment, type ChatRoster } from './load-chat.js';

/**
 * The team chat: the account's people on the left (with unread counts), the chosen conversation on the
 * right. Everything runs on the desk's own store, so a message typed offline is kept and replicated
 * when the connection is back; the other desk sees it through the sync stream.
 */
export function ChatDrawer(props: { opened: boolean; onClose(): void; roster: ChatRoster | undefined; me: string }) {
  const { t } = useTranslation();
  const [chosen, setChosen] = useState<string | null>(null);
  const person = props.roster?.people.find((p) => p.id === chosen);
  return (
    <Drawer
      opened={props.opened}
      onClose={() => props.onClose()}
      position="right"
      size="xl"
      title={t('chat.title')}
      classNames={{ body: 'chat-drawer-body' }}
    >
      <Group align="stretch" wrap="nowrap" gap="md" className="chat-layout">
        <nav aria-label={t('chat.people')} className="chat-people">
          <Text size="sm" fw={600} mb="xs">
            {t('chat.people')}
          </Text>
          {props.roster?.people.length === 0 && <Text size="sm">{t('chat.noPeople')}</Text>}
          {props.roster?.people.map((p) => (
            <NavLink
              key={p.id}
              component="button"
              label={p.name}
              active={p.id === chosen}
              aria-current={p.id === chosen ? 'true' : undefined}
              onClick={() => setChosen(p.id)}
              rightSection={
                p.unread > 0 ? (
                  <Badge size="sm" color="red" aria-label={t('chat.unread', { count: p.unread })}>
                    {p.unread}
                  </Badge>
                ) : null
              }
            />
          ))}
        </nav>
        <section className="chat-thread" aria-label={person ? t('chat.with', { name: person.name }) : t('chat.title')}>
          {person ? (
            <Thread key={person.chat} chat={person.chat} to={person.id} name={person.name} me={props.me} />
          ) : (
            <Text size="sm" c="dimmed">
              {t('chat.pick')}
            </Text>
          )}
        </section>
      </Group>
    </Drawer>
  );
}

/** One conversation: messages oldest first, the composer below; reading it marks it read. */
function Thread(props: { chat: string; to: string; name: string; me: string }) {
  const { t } = useTranslation();
  const run = useRun();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const thread = useLive((ctx) => loadThread(ctx, props.chat, props.me), ROSTER_COLLECTIONS, [props.chat]);
  const input = useRef<HTMLTextAreaElement>(null);
  const end = useRef<HTMLDivElement>(null);
  const data = thread.data;

  useEffect(() => {
    input.current?.focus();
  }, [props.chat]);
  useEffect(() => {
    end.current?.scrollIntoView?.({ block: 'end' });
  }, [data?.messages.length]);
  // Open and shown: what arrives is read.
  useEffect(() => {
    if (data && data.myUnread > 0) void run(markChatRead, { id: props.chat }).catch(() => undefined);
  }, [data?.myUnread, props.chat]);

  const send = async () => {
    if (text.trim() === '') return;
    try {
      await run(sendChatMessage, { to: props.to, text });
      setText('');
      setError(null);
    } catch (failure) {
      setError(t('chat.failed', { reason: formFailure(failure, []).general ?? '' }));
    }
  };
  const onKey = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey) {
      event.preventDefault();
      void send();
    }
  };
  const otherRead = data?.otherReadAt ? Date.parse(data.otherReadAt) : -Infinity;

  return (
    <Stack gap="sm" h="100%">
      <Text fw={600}>{t('chat.with', { name: props.name })}</Text>
      <ScrollArea h={380} type="auto" className="chat-messages">
        <ol className="chat-list" aria-live="polite">
          {data?.messages.length === 0 && <li className="chat-empty">{t('chat.empty')}</li>}
          {data?.messages.map((m) => {
            const mine = m.from === props.me;
            return (
              <li key={m.id} className={mine ? 'chat-message chat-message--mine' : 'chat-message'}>
                <Text size="xs" c="dimmed">
                  {mine ? t('chat.you') : props.name} · {shortMoment(m.createdAt)}
                  {mine && Date.parse(m.createdAt) <= otherRead ? ` · ${t('chat.readBy')}` : ''}
                </Text>
                <Text size="sm" className="chat-text">
                  {m.text}
                </Text>
              </li>
            );
          })}
        </ol>
        <div ref={end} />
      </ScrollArea>
      {error && (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      )}
      <Textarea
        ref={input}
        label={t('chat.text')}
        description={t('chat.textHint')}
        value={text}
        onChange={(e) => setText(e.currentTarget.value)}
        onKeyDown={onKey}
        autosize
        minRows={2}
        maxRows={5}
        maxLength={4000}
      />
      <Group justify="flex-end">
        <Button onClick={() => void send()} disabled={text.trim() === ''}>
          {t('chat.send')}
        </Button>
      </Group>
    </Stack>
  );
}
