import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Spinner } from '@/components/popups';
import { useToast } from '@/components/toasts';
import { useCreateChat } from '../api/create-chat';
import { useChats } from '../api/get-chats';
import { ChatsIcon, PlusIcon } from './chat-icons';
import { ChatList } from './chat-list';
import { Conversation } from './conversation';
import { useChatTitle } from './use-chat-title';
import '../chat.css';

/**
 * The signed-in learner's tutor chat (spec §4 "Chat"): their chats, the one open (the most
 * recent unless ?chat= names another) and, for a learner with none yet, a new "New Chat".
 */
export function ChatScreen({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const toast = useToast();
  const chats = useChats(userId);
  const create = useCreateChat(userId);
  const titleOf = useChatTitle();
  const [searchParams, setSearchParams] = useSearchParams();
  const [listOpen, setListOpen] = useState(false);

  const select = (chatId: string) => {
    setSearchParams({ chat: chatId }, { replace: true });
    setListOpen(false);
  };
  const startChat = () => create.mutate(undefined, { onSuccess: (chat) => select(chat._id), onError: () => toast.error(t('chat.createFailed')) });

  // A first visit: the list comes back empty, so one new chat. Decided once, on the first
  // list: a learner who deletes their last chat later gets the New chat button instead.
  const decided = useRef(false);
  const none = chats.isSuccess && chats.data.length === 0;
  useEffect(() => {
    if (!chats.isSuccess || decided.current) return;
    decided.current = true;
    if (none) create.mutate(undefined, { onError: () => toast.error(t('chat.createFailed')) });
  }, [chats.isSuccess, none, create, toast, t]);

  const failedToLoad = chats.isError;
  useEffect(() => {
    if (failedToLoad) toast.error(t('chat.loadFailed'));
  }, [failedToLoad, toast, t]);

  if (chats.isPending || (none && create.isPending)) {
    return (
      <div className="state-panel" role="status">
        <Spinner size="lg" />
        <p className="state-panel__text">{t('chat.loadingChats')}</p>
      </div>
    );
  }
  // A failed "Show older chats" keeps the list on screen (the toast says so); only a list
  // that never loaded is replaced by the retry panel.
  if (chats.isError && !chats.data) {
    return (
      <div className="state-panel state-panel--error" role="alert">
        <p className="state-panel__text">{t('chat.fetchFailed')}</p>
        <div className="state-panel__actions">
          <button type="button" className="button button--primary" onClick={() => void chats.refetch()}>
            {t('chat.retry')}
          </button>
        </div>
      </div>
    );
  }

  const wanted = searchParams.get('chat');
  const current = chats.data.find((chat) => chat._id === wanted) ?? chats.data[0];

  return (
    <div className={`chat${listOpen ? ' chat--list-open' : ''}`}>
      <button type="button" className="chat__list-toggle button button--ghost" aria-expanded={listOpen} aria-controls="chat-list" onClick={() => setListOpen((open) => !open)}>
        <ChatsIcon />
        <span className="visually-hidden">{t('chat.showChats')}: </span>
        <span className="chat__list-toggle-title">{current ? titleOf(current) : t('chat.chats')}</span>
      </button>
      <aside id="chat-list" className="chat__sidebar" aria-label={t('chat.chats')}>
        <ChatList
          userId={userId}
          chats={chats.data}
          selectedId={current?._id}
          onSelect={select}
          onNew={startChat}
          creating={create.isPending}
          more={chats.hasNextPage ? { load: () => void chats.fetchNextPage(), loading: chats.isFetchingNextPage } : undefined}
        />
      </aside>
      <div className="chat__main">
        {current ? (
          <Conversation key={current._id} userId={userId} chat={current} />
        ) : (
          <div className="chat-state chat-state--empty">
            <p className="chat-state__title">{t('chat.noChats')}</p>
            <button type="button" className="button button--primary" onClick={startChat} disabled={create.isPending}>
              <PlusIcon />
              {t('chat.newChat')}
            </button>
          </div>
        )}
      </div>
    </div>
  );
}
