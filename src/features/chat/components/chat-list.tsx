import { useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '@/components/dialog';
import { useToast } from '@/components/toasts';
import { CHAT_TITLE_MAX_LENGTH } from '@contract/limits';
import { useDeleteChat } from '../api/delete-chat';
import { useRenameChat } from '../api/rename-chat';
import type { ChatListItem } from '../api/types';
import { PencilIcon, PlusIcon, TrashIcon } from './chat-icons';
import { useChatTitle } from './use-chat-title';

interface ChatListProps {
  userId: string;
  chats: ChatListItem[];
  selectedId: string | undefined;
  onSelect: (chatId: string) => void;
  onNew: () => void;
  creating: boolean;
  /** Set while older chats remain on the server: fetches the next page. */
  more?: { load: () => void; loading: boolean };
}

/** The learner's chats, newest activity first: open one, rename it in place, delete it. */
export function ChatList({ userId, chats, selectedId, onSelect, onNew, creating, more }: ChatListProps) {
  const { t } = useTranslation();
  const toast = useToast();
  const deleteChat = useDeleteChat(userId);
  const renameChat = useRenameChat(userId);
  const titleOf = useChatTitle();
  const [editingId, setEditingId] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<ChatListItem | null>(null);

  const remove = (chat: ChatListItem) =>
    deleteChat.mutate(chat._id, {
      onSuccess: () => {
        setDeleting(null);
        toast.success(t('chat.deleted'));
      },
      onError: () => toast.error(t('chat.deleteFailed')),
    });

  return (
    <div className="chat-list">
      <div className="chat-list__head">
        <h2 className="chat-list__title">{t('chat.chats')}</h2>
        <button type="button" className="button button--secondary button--small" onClick={onNew} disabled={creating} aria-busy={creating || undefined}>
          <PlusIcon />
          {t('chat.newChat')}
        </button>
      </div>
      {chats.length > 0 && (
        <ul className="chat-list__items">
          {chats.map((chat) => (
            <li key={chat._id} className={`chat-list__item${chat._id === selectedId ? ' chat-list__item--current' : ''}`}>
              {editingId === chat._id ? (
                <RenameField
                  title={titleOf(chat)}
                  onDone={(title) => {
                    setEditingId(null);
                    if (title) renameChat.mutate({ chatId: chat._id, title }, { onError: () => toast.error(t('chat.renameFailed')) });
                  }}
                />
              ) : (
                <>
                  <button type="button" className="chat-list__open" aria-current={chat._id === selectedId ? 'true' : undefined} onClick={() => onSelect(chat._id)}>
                    <span className="chat-list__name">{titleOf(chat)}</span>
                    <span className="chat-list__meta">{t('chat.messageCount', { count: chat.messageCount })}</span>
                  </button>
                  <span className="chat-list__actions">
                    <button type="button" className="chat-list__action" aria-label={t('chat.rename', { title: titleOf(chat) })} title={t('chat.rename', { title: titleOf(chat) })} onClick={() => setEditingId(chat._id)}>
                      <PencilIcon />
                    </button>
                    <button type="button" className="chat-list__action chat-list__action--danger" aria-label={t('chat.delete', { title: titleOf(chat) })} title={t('chat.delete', { title: titleOf(chat) })} onClick={() => setDeleting(chat)}>
                      <TrashIcon />
                    </button>
                  </span>
                </>
              )}
            </li>
          ))}
        </ul>
      )}
      {more && (
        <button type="button" className="button button--ghost button--small chat-list__more" onClick={more.load} disabled={more.loading} aria-busy={more.loading || undefined}>
          {t('chat.loadOlderChats')}
        </button>
      )}
      {deleting && (
        <Dialog title={t('chat.confirmTitle')} onClose={() => !deleteChat.isPending && setDeleting(null)}>
          <p className="dialog__text">{t('chat.confirmBody', { title: titleOf(deleting) })}</p>
          <div className="dialog__actions">
            <button type="button" className="button button--ghost" onClick={() => setDeleting(null)} disabled={deleteChat.isPending}>
              {t('chat.cancel')}
            </button>
            <button type="button" className="button button--danger-solid" onClick={() => remove(deleting)} disabled={deleteChat.isPending}>
              {t('chat.confirmDelete')}
            </button>
          </div>
        </Dialog>
      )}
    </div>
  );
}

/**
 * The title in an input: Enter (or leaving it) saves, Escape puts it back. `onDone` gets the
 * new title, or null when there is nothing to save (cancelled, blank or unchanged).
 */
function RenameField({ title: before, onDone }: { title: string; onDone: (title: string | null) => void }) {
  const { t } = useTranslation();
  const [title, setTitle] = useState(before);
  const finished = useRef(false);

  const finish = (save: boolean) => {
    if (finished.current) return;
    finished.current = true;
    const next = title.trim();
    onDone(save && next && next !== before ? next : null);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      finish(true);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      finish(false);
    }
  };

  return (
    <span className="chat-list__rename">
      <input
        className="input chat-list__input"
        aria-label={t('chat.titleLabel')}
        title={t('chat.titleHint')}
        value={title}
        maxLength={CHAT_TITLE_MAX_LENGTH}
        // Opened on purpose by the Rename button: the title is ready to type over.
        autoFocus
        onFocus={(event) => event.currentTarget.select()}
        onChange={(event) => setTitle(event.target.value)}
        onKeyDown={onKeyDown}
        onBlur={() => finish(true)}
      />
    </span>
  );
}
