import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '@/components/toasts';
import { useDeleteComment } from '../api/delete-comment';
import '../comment-strings';

/** How long a deleted comment can be brought back before the DELETE is sent. */
export const UNDO_MS = 5000;

/**
 * Deleting a comment with Undo instead of a question: the comment is hidden at once and a
 * toast offers Undo for UNDO_MS (held while hovered or focused). The DELETE goes when the
 * toast goes without Undo, or at once when the page is left (another route, or the tab
 * closing: then with keepalive). Returns the ids hidden meanwhile and `remove`; `onUndo`
 * hears which comment came back.
 */
export function useDeleteWithUndo(entryId: string, onUndo?: (commentId: string) => void) {
  const { t } = useTranslation();
  const toast = useToast();
  const { mutateAsync } = useDeleteComment();
  const [hidden, setHidden] = useState<ReadonlySet<string>>(() => new Set());
  /** Comment id → its toast, while Undo is still possible. */
  const pending = useRef(new Map<string, number>());

  const show = useCallback((commentId: string, isHidden: boolean) => {
    setHidden((current) => {
      const next = new Set(current);
      if (isHidden) next.add(commentId);
      else next.delete(commentId);
      return next;
    });
  }, []);

  const send = useCallback(
    (commentId: string, leaving = false) => {
      if (!pending.current.delete(commentId)) return;
      mutateAsync({ entryId, commentId, keepalive: leaving }).then(
        // Gone from the cached list by now (the mutation's own update).
        () => show(commentId, false),
        () => {
          show(commentId, false);
          toast.error(t('comments.deleteFailed'));
        },
      );
    },
    [entryId, mutateAsync, show, toast, t],
  );

  const remove = useCallback(
    (commentId: string) => {
      if (pending.current.has(commentId)) return;
      show(commentId, true);
      const toastId = toast.success(t('comments.deleted'), {
        duration: UNDO_MS,
        action: {
          label: t('comments.undo'),
          onClick: () => {
            pending.current.delete(commentId);
            show(commentId, false);
            onUndo?.(commentId);
          },
        },
        onClose: (reason) => reason !== 'action' && send(commentId),
      });
      pending.current.set(commentId, toastId);
    },
    [show, send, toast, t, onUndo],
  );

  // Leaving the page sends what is pending now, and takes its toasts away. (The latest
  // `send` through a ref: a language switch must not count as leaving.)
  const sendRef = useRef(send);
  useEffect(() => {
    sendRef.current = send;
  });
  const dismiss = toast.dismiss;
  useEffect(() => {
    const waiting = pending.current;
    const leave = (closingTab: boolean) => {
      for (const [commentId, toastId] of [...waiting]) {
        sendRef.current(commentId, closingTab);
        dismiss(toastId);
      }
    };
    const onPageHide = () => leave(true);
    window.addEventListener('pagehide', onPageHide);
    return () => {
      window.removeEventListener('pagehide', onPageHide);
      leave(false);
    };
  }, [dismiss]);

  return { hidden, remove };
}
