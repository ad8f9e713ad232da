import { useQueryClient } from '@tanstack/react-query';
import { useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '@/components/popups';
import { useToast } from '@/components/toasts';
import { isApiError } from '@/lib/api';
import { allMessages, appendMessages, useChatMessages } from '../api/get-chat-messages';
import { rememberChat } from '../api/get-chats';
import { sendMessage } from '../api/send-message';
import type { ChatListItem } from '../api/types';
import { Composer } from './composer';
import { MessageItem } from './message-item';
import { useChatTitle } from './use-chat-title';

/** The learner's message on its way and the reply so far. */
interface Pending {
  text: string;
  reply: string;
}

/** Within this many pixels of the end, the list follows new messages down. */
const FOLLOW_SLACK_PX = 80;

/** One chat: its messages (older ones on demand), the reply streaming in, and the composer. */
export function Conversation({ userId, chat }: { userId: string; chat: ChatListItem }) {
  const { t, i18n } = useTranslation();
  const titleOf = useChatTitle();
  const toast = useToast();
  const queryClient = useQueryClient();
  const messages = useChatMessages(chat._id);
  const [draft, setDraft] = useState('');
  const [pending, setPending] = useState<Pending | null>(null);
  const [status, setStatus] = useState('');
  const scroller = useRef<HTMLElement>(null);
  const follow = useRef(true);
  const heightBeforeOlder = useRef<number | null>(null);

  const send = (text: string) => {
    setPending({ text, reply: '' });
    setDraft('');
    setStatus(t('chat.replying'));
    follow.current = true;
    sendMessage({
      userId,
      chatId: chat._id,
      message: text,
      language: i18n.resolvedLanguage === 'es' ? 'es' : 'en',
      onDelta: (piece) => setPending((current) => current && { ...current, reply: current.reply + piece }),
    }).then(
      (turn) => {
        appendMessages(queryClient, chat._id, [turn.userMessage, turn.reply]);
        rememberChat(queryClient, userId, turn.chat, (known) => ({
          messageCount: (known?.messageCount ?? 0) + 2,
          preview: turn.reply.content.slice(0, 120),
        }));
        setPending(null);
        setStatus(t('chat.replied'));
      },
      (error: unknown) => {
        setPending(null);
        setStatus('');
        // The message goes back where it was written, unless something new is there now.
        setDraft((current) => current || text);
        toast.error(isApiError(error) && error.code === 'tutor_rate_limited' ? t('apiErrors.tutor_rate_limited') : t('chat.sendFailed'));
      },
    );
  };

  // Follow the conversation down while the reader is at its end; keep their place when older
  // messages come in above.
  const shown = allMessages(messages.data);
  useLayoutEffect(() => {
    const element = scroller.current;
    if (!element) return;
    if (heightBeforeOlder.current !== null) {
      element.scrollTop += element.scrollHeight - heightBeforeOlder.current;
      heightBeforeOlder.current = null;
    } else if (follow.current) {
      element.scrollTop = element.scrollHeight;
    }
  }, [shown.length, pending?.reply, pending?.text]);

  const loadOlder = () => {
    heightBeforeOlder.current = scroller.current?.scrollHeight ?? null;
    void messages.fetchNextPage();
  };

  let body;
  if (messages.isPending) {
    body = (
      <div className="chat-state" role="status">
        <Spinner />
        <p className="muted">{t('chat.loadingMessages')}</p>
      </div>
    );
  } else if (messages.isError) {
    body = (
      <div className="chat-state" role="alert">
        <p>{t('chat.messagesFailed')}</p>
        <button type="button" className="button button--primary button--small" onClick={() => void messages.refetch()}>
          {t('chat.retry')}
        </button>
      </div>
    );
  } else if (shown.length === 0 && !pending) {
    body = (
      <div className="chat-state chat-state--empty">
        <p className="chat-state__title">{t('chat.emptyTitle')}</p>
        <p className="muted">{t('chat.emptyText')}</p>
      </div>
    );
  } else {
    body = (
      <>
        {messages.hasNextPage && (
          <div className="chat-messages__older">
            <button type="button" className="button button--ghost button--small" onClick={loadOlder} disabled={messages.isFetchingNextPage} aria-busy={messages.isFetchingNextPage || undefined}>
              {t('chat.loadOlder')}
            </button>
          </div>
        )}
        <ol className="chat-messages__list">
          {shown.map((message) => (
            <MessageItem key={message._id} role={message.role} content={message.content} citations={message.citations} />
          ))}
          {pending && (
            <>
              <MessageItem role="user" content={pending.text} />
              <MessageItem role="assistant" content={pending.reply} streaming />
            </>
          )}
        </ol>
      </>
    );
  }

  return (
    <div className="chat-conversation">
      <h2 className="chat-conversation__title">{titleOf(chat)}</h2>
      <section
        ref={scroller}
        className="chat-messages"
        aria-label={t('chat.messages')}
        // Scrolls on its own: reachable by keyboard to scroll it.
        tabIndex={0}
        onScroll={(event) => {
          const element = event.currentTarget;
          follow.current = element.scrollHeight - element.scrollTop - element.clientHeight < FOLLOW_SLACK_PX;
        }}
      >
        {body}
      </section>
      <p className="visually-hidden" role="status">
        {status}
      </p>
      <Composer value={draft} onChange={setDraft} onSend={send} sending={pending !== null} disabled={!messages.isSuccess} />
    </div>
  );
}
