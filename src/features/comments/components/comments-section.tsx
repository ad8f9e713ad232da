import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { FormField, isTooLong } from '@/components/form-field';
import { Spinner } from '@/components/popups';
import { useToast } from '@/components/toasts';
import { useRelativeTime } from '@/lib/use-relative-time';
import { useAuth } from '@/features/auth';
import { apiErrorText } from '@/i18n/api-errors';
import { ReportButton } from '@/features/reports';
import { COMMENT_MAX_LENGTH } from '@contract/limits';
import { useAddComment } from '../api/add-comment';
import { useComments, type Comment } from '../api/get-comments';
import { useDeleteWithUndo } from './use-delete-with-undo';
import './comments.css';
import '../comment-strings';

interface CommentFormProps {
  entryId: string;
  /** A reply: the comment it answers, and its writer's name for the labels. */
  replyTo?: { commentId: string; name: string };
  onDone?: () => void;
}

function CommentForm({ entryId, replyTo, onDone }: CommentFormProps) {
  const { t } = useTranslation();
  const toast = useToast();
  const add = useAddComment();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | undefined>();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const value = text.trim();
    const invalid = !value ? t('comments.required') : isTooLong(value, COMMENT_MAX_LENGTH) ? t('comments.tooLong') : undefined;
    if (invalid) {
      setError(invalid);
      event.currentTarget.querySelector('textarea')?.focus();
      return;
    }
    add.mutate(
      { entryId, text: value, parentId: replyTo?.commentId },
      {
        onSuccess: () => {
          setText('');
          toast.success(t('comments.added'));
          onDone?.();
        },
        onError: (failure) => {
          setError(apiErrorText(t, failure, 'comments.failed'));
          toast.error(t('comments.failed'));
        },
      },
    );
  };

  return (
    <form className={`comment-form${replyTo ? ' comment-form--reply' : ''}`} noValidate onSubmit={submit}>
      <FormField label={replyTo ? t('comments.replyLabel', { name: replyTo.name }) : t('comments.label')} error={error} limit={{ value: text, max: COMMENT_MAX_LENGTH }}>
        {(props) => (
          <textarea
            {...props}
            className="input textarea comment-form__input"
            value={text}
            autoFocus={Boolean(replyTo)}
            placeholder={replyTo ? undefined : t('comments.placeholder')}
            onChange={(event) => {
              setText(event.target.value);
              setError(undefined);
            }}
          />
        )}
      </FormField>
      <div className="form__actions">
        {replyTo && (
          <button type="button" className="button button--ghost" onClick={onDone}>
            {t('comments.replyCancel')}
          </button>
        )}
        <button type="submit" className="button button--primary" disabled={add.isPending}>
          {add.isPending && <Spinner size="sm" />}
          {replyTo ? t('comments.replySubmit') : t('comments.submit')}
        </button>
      </div>
    </form>
  );
}

interface CommentItemProps {
  comment: Comment;
  canDelete: boolean;
  /** The list's one relative-time formatter. */
  ago: (iso: string) => string;
  onDelete: () => void;
  /** Brought back by Undo: its delete button takes the focus back. */
  restored: boolean;
  /** Offered on top-level comments to signed-in learners. */
  onReply?: () => void;
  /** Its replies and the reply form, under it. */
  children?: ReactNode;
}

function CommentItem({ comment, canDelete, ago, onDelete, restored, onReply, children }: CommentItemProps) {
  const { t } = useTranslation();
  const deleteButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (restored) deleteButton.current?.focus();
  }, [restored]);
  return (
    <li className="comment" id={`comment-${comment._id}`}>
      <div className="comment__head">
        <span className="comment__author">{comment.owner._id ? comment.owner.name : t('comments.deletedUser')}</span>
        <time className="comment__time" dateTime={comment.createdAt} title={new Date(comment.createdAt).toLocaleString()}>
          {ago(comment.createdAt)}
        </time>
        {comment.moderation && (
          <span className="badge badge--muted comment__held">
            {t(comment.moderation === 'held' ? 'reports.commentHeld' : 'reports.commentRemoved')}
          </span>
        )}
        <ReportButton target={{ commentId: comment._id }} label={t('reports.reportComment', { name: comment.owner.name })} ownerId={comment.owner._id} />
        {canDelete && (
          <button
            ref={deleteButton}
            type="button"
            className="icon-button comment__delete"
            aria-label={t('comments.delete')}
            title={t('comments.delete')}
            onClick={onDelete}
          >
            ×
          </button>
        )}
      </div>
      <p className="comment__text">{comment.text}</p>
      {onReply && (
        <button type="button" className="button button--ghost button--small comment__reply" aria-label={t('comments.replyTo', { name: comment.owner.name })} onClick={onReply}>
          {t('comments.reply')}
        </button>
      )}
      {children}
    </li>
  );
}

/**
 * The spec's collapsible comments list (newest first, times relative in the UI language)
 * with the comment form for logged-in learners. Writers and admins delete.
 */
export function CommentsSection({ entryId, count }: { entryId: string; count: number }) {
  const { t } = useTranslation();
  const { isLoggedIn, user } = useAuth();
  const { pathname } = useLocation();
  const [open, setOpen] = useState(true);
  const listId = useId();
  const comments = useComments(entryId, open);
  const ago = useRelativeTime();
  const titleRef = useRef<HTMLHeadingElement>(null);
  const [restored, setRestored] = useState<string | null>(null);
  const { hidden, remove } = useDeleteWithUndo(entryId, setRestored);
  // A deleted comment leaves at once; Undo (use-delete-with-undo.ts) brings it back.
  const shown = comments.data?.filter((comment) => !hidden.has(comment._id));
  const total = shown?.length ?? count;
  const [replyingTo, setReplyingTo] = useState<string | null>(null);
  // Top-level comments newest first; each one's replies under it, oldest first (a conversation).
  const topLevel = shown?.filter((comment) => !comment.parentId);
  const repliesTo = (parentId: string) => (shown ?? []).filter((comment) => comment.parentId === parentId).reverse();
  const item = (comment: Comment, replies?: ReactNode) => (
    <CommentItem
      key={comment._id}
      comment={comment}
      canDelete={Boolean(user && (user._id === comment.owner._id || user.isAdmin))}
      ago={ago}
      restored={restored === comment._id}
      onDelete={() => {
        setRestored(null);
        remove(comment._id);
        titleRef.current?.focus();
      }}
      onReply={isLoggedIn && !comment.parentId && !comment.moderation ? () => setReplyingTo(comment._id) : undefined}
    >
      {replies}
    </CommentItem>
  );

  return (
    <section className="comments card" aria-labelledby={`${listId}-title`}>
      <div className="comments__head">
        {/* Takes the focus when the comment it was on is deleted. */}
        <h2 className="comments__title" id={`${listId}-title`} ref={titleRef} tabIndex={-1}>
          {t('comments.title', { count: total })}
        </h2>
        <button type="button" className="button button--ghost button--small" aria-expanded={open} aria-controls={listId} onClick={() => setOpen(!open)}>
          {open ? t('comments.hide') : t('comments.show')}
        </button>
      </div>
      <div id={listId} hidden={!open} className="comments__body">
        {isLoggedIn ? (
          <CommentForm entryId={entryId} />
        ) : (
          <p className="comments__login">
            <Link to="/login" state={{ from: pathname }}>
              {t('comments.loginToComment')}
            </Link>
          </p>
        )}
        {comments.isPending ? (
          <p className="comments__status" role="status">
            <Spinner size="sm" /> {t('comments.loading')}
          </p>
        ) : comments.isError ? (
          <p className="form__error" role="alert">
            {t('comments.loadFailed')}
          </p>
        ) : !topLevel?.length ? (
          <p className="comments__status">{t('comments.empty')}</p>
        ) : (
          <ol className="comments__list">
            {topLevel.map((comment) => {
              const replies = repliesTo(comment._id);
              return item(
                comment,
                <>
                  {replies.length > 0 && (
                    <ol className="comments__replies" aria-label={t('comments.replies', { name: comment.owner.name })}>
                      {replies.map((reply) => item(reply))}
                    </ol>
                  )}
                  {replyingTo === comment._id && (
                    <CommentForm entryId={entryId} replyTo={{ commentId: comment._id, name: comment.owner.name }} onDone={() => setReplyingTo(null)} />
                  )}
                </>,
              );
            })}
          </ol>
        )}
      </div>
    </section>
  );
}
