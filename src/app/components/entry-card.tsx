import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Meaning, useTagName } from '@/components/meaning';
import type { Entry } from '@/lib/api-types';
import { CountryFlag, useCountryName } from '@/features/countries';
import { AddFlashcardButton } from '@/features/flashcards';
import { RudeBadge } from '@/features/usage';
import { CardVotes } from '@/features/votes';
import { EditIcon } from '@/features/entries/components/edit-icon';
import './entry-card.css';

/**
 * An entry in a grid, with what other features put on it (its votes, the flashcard button,
 * the "rude in" badge): composed by the app, so that entries imports none of them.
 * `editable` (the owner's Account page only, spec §6) adds the edit icon and marks entries
 * hidden from everyone else.
 */
export function EntryCard({ entry, editable = false }: { entry: Entry; editable?: boolean }) {
  const { t } = useTranslation();
  const countryName = useCountryName(entry.country);
  const tagName = useTagName();
  return (
    <article className={`entry-card${editable && !entry.show ? ' entry-card--hidden' : ''}`}>
      <div className="entry-card__top">
        <span className="entry-card__country">
          <CountryFlag code={entry.country} size="sm" />
          <span className="entry-card__country-name">{countryName}</span>
        </span>
        <span className="add-flashcard-group">
          <CardVotes
            title={entry.title}
            summary={{ contentId: entry._id, upvotes: entry.upvotes, downvotes: entry.downvotes, voteCount: entry.voteCount, userVote: entry.userVote }}
          />
          <AddFlashcardButton entryId={entry._id} inFlashcards={entry.inFlashcards} compact />
        </span>
      </div>
      <div className="entry-card__head">
        <h2 className="entry-card__title">
          <Link to={`/content/${entry._id}`} className="entry-card__link">
            {entry.title}
          </Link>
        </h2>
        {editable && (
          <Link
            to={`/editContent/${entry._id}`}
            className="entry-card__edit"
            aria-label={t('account.editEntry', { title: entry.title })}
            title={t('account.editEntry', { title: entry.title })}
          >
            <EditIcon />
          </Link>
        )}
      </div>
      {editable && !entry.show && (
        <span className="badge badge--muted entry-card__hidden">
          {t(entry.moderation === 'held' ? 'account.held' : entry.moderation === 'removed' ? 'account.removed' : 'account.hidden')}
        </span>
      )}
      <RudeBadge countries={entry.rudeIn} className="entry-card__rude" />
      <p className="entry-card__description">
        <Meaning english={entry.description} spanish={entry.descriptionEs} />
      </p>
      {entry.tags.length > 0 && (
        <ul className="tag-list tag-list--compact">
          {entry.tags.map((tag) => (
            <li key={tag._id} className="tag">
              {tagName(tag)}
            </li>
          ))}
        </ul>
      )}
      <p className="entry-card__author">{t('entry.by', { author: entry.author })}</p>
    </article>
  );
}
