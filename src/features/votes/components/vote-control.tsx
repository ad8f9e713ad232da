import { useTranslation } from 'react-i18next';
import { useToast } from '@/components/toasts';
import { useAuth } from '@/features/auth';
import { useChangeVote } from '../api/cast-vote';
import { useVoteSummary, type VoteSummary, type VoteType } from '../api/get-vote-summary';
import './votes.css';

function Arrow({ down = false }: { down?: boolean }) {
  return (
    <svg viewBox="0 0 16 16" aria-hidden="true" className={down ? 'vote-control__arrow vote-control__arrow--down' : 'vote-control__arrow'}>
      <path d="M8 3l5.5 7h-11z" fill="currentColor" />
    </svg>
  );
}

/**
 * Up and down vote buttons around the entry's score. The learner's own vote is pressed;
 * pressing it again takes the vote back. Visitors are asked to log in (spec: an info toast).
 * The score moves at once and rolls back if the server refuses.
 */
export function VoteControl({
  entryId,
  title,
  initial,
  compact = false,
}: {
  entryId: string;
  title: string;
  /** What the entry itself says (its tallies and the learner's vote). */
  initial: VoteSummary;
  /** A card in a grid: smaller, and no request of its own (the list's reply is enough). */
  compact?: boolean;
}) {
  const { t } = useTranslation();
  const toast = useToast();
  const { isLoggedIn } = useAuth();
  const summary = useVoteSummary(entryId, initial, !compact);
  const change = useChangeVote();
  const current = summary.data ?? initial;

  const vote = (type: VoteType) => {
    if (!isLoggedIn) {
      toast.info(t('votes.loginRequired'));
      return;
    }
    const voteType = current.userVote === type ? null : type;
    change.mutate(
      { entryId, voteType },
      {
        onSuccess: () => toast.success(voteType ? t('votes.recorded') : t('votes.removed')),
        onError: () => toast.error(t('votes.failed')),
      },
    );
  };

  return (
    <div className={`vote-control${compact ? ' vote-control--compact' : ''}`} role="group" aria-label={t('votes.group', { title })}>
      <button
        type="button"
        className="vote-control__button"
        aria-label={t('votes.upvote')}
        aria-pressed={current.userVote === 'upvote'}
        disabled={change.isPending}
        onClick={() => vote('upvote')}
      >
        <Arrow />
      </button>
      <span className="vote-control__score" aria-live="polite">
        {t('votes.score', { count: current.voteCount })}
      </span>
      <button
        type="button"
        className="vote-control__button vote-control__button--down"
        aria-label={t('votes.downvote')}
        aria-pressed={current.userVote === 'downvote'}
        disabled={change.isPending}
        onClick={() => vote('downvote')}
      >
        <Arrow down />
      </button>
    </div>
  );
}
