import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '@/components/toasts';
import { useAuth } from '@/features/auth';
import { useChangeVote, voteInLists } from '../api/cast-vote';
import { useVoteSummary, type VoteSummary, type VoteType } from '../api/get-vote-summary';
import './votes.css';

function Arrow({ down = false }: { down?: boolean }) {
  return (
    <svg viewBox="0 0 16 16" aria-hidden="true" className={down ? 'vote-control__arrow vote-control__arrow--down' : 'vote-control__arrow'}>
      <path d="M8 3l5.5 7h-11z" fill="currentColor" />
    </svg>
  );
}

interface VoteButtonsProps {
  title: string;
  summary: Pick<VoteSummary, 'voteCount' | 'userVote'>;
  busy: boolean;
  compact?: boolean;
  onVote: (voteType: VoteType | null) => void;
}

/**
 * Up and down buttons around the score, the learner's own vote pressed; pressing it again
 * takes the vote back. Visitors are asked to log in (spec: an info toast). Also the look of
 * other things' votes (recordings).
 */
export function VoteButtons({ title, summary, busy, compact = false, onVote }: VoteButtonsProps) {
  const { t } = useTranslation();
  const toast = useToast();
  const { isLoggedIn } = useAuth();
  const press = (type: VoteType) => {
    if (!isLoggedIn) toast.info(t('votes.loginRequired'));
    else onVote(summary.userVote === type ? null : type);
  };
  return (
    <div className={`vote-control${compact ? ' vote-control--compact' : ''}`} role="group" aria-label={t('votes.group', { title })}>
      <button
        type="button"
        className="vote-control__button"
        aria-label={t('votes.upvote')}
        aria-pressed={summary.userVote === 'upvote'}
        disabled={busy}
        onClick={() => press('upvote')}
      >
        <Arrow />
      </button>
      <span className="vote-control__score" aria-live="polite">
        {t('votes.score', { count: summary.voteCount })}
      </span>
      <button
        type="button"
        className="vote-control__button vote-control__button--down"
        aria-label={t('votes.downvote')}
        aria-pressed={summary.userVote === 'downvote'}
        disabled={busy}
        onClick={() => press('downvote')}
      >
        <Arrow down />
      </button>
    </div>
  );
}

/** The spec's toasts for a vote's outcome. */
function useVoteToasts() {
  const { t } = useTranslation();
  const toast = useToast();
  return {
    done: (voteType: VoteType | null) => toast.success(voteType ? t('votes.recorded') : t('votes.removed')),
    failed: () => toast.error(t('votes.failed')),
  };
}

/**
 * The entry page's votes: its own summary from the server (the learner's vote included),
 * moved at once and rolled back if the server refuses.
 */
export function VoteControl({ entryId, title, initial }: { entryId: string; title: string; initial: VoteSummary }) {
  const summary = useVoteSummary(entryId, initial);
  const change = useChangeVote();
  const toasts = useVoteToasts();
  return (
    <VoteButtons
      title={title}
      summary={summary.data ?? initial}
      busy={change.isPending}
      onVote={(voteType) => change.mutate({ entryId, voteType }, { onSuccess: () => toasts.done(voteType), onError: toasts.failed })}
    />
  );
}

/**
 * A card's votes in a grid: what the list says (the learner's vote included), and no query
 * or mutation observer of its own, so a page of cards renders light; a vote patches the
 * cached lists directly (and rolls them back if the server refuses).
 */
export function CardVotes({ title, summary }: { title: string; summary: VoteSummary }) {
  const queryClient = useQueryClient();
  const toasts = useVoteToasts();
  const [busy, setBusy] = useState(false);
  return (
    <VoteButtons
      compact
      title={title}
      summary={summary}
      busy={busy}
      onVote={(voteType) => {
        setBusy(true);
        voteInLists(queryClient, summary, voteType)
          .then(() => toasts.done(voteType), toasts.failed)
          .finally(() => setBusy(false));
      }}
    />
  );
}
