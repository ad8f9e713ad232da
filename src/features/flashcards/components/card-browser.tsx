import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog, DialogActions } from '@/components/dialog';
import { LoadMore } from '@/components/load-more';
import { Spinner } from '@/components/popups';
import { useToast } from '@/components/toasts';
import { CountryFlag, useCountries, useCountryName } from '@/features/countries';
import { useTags } from '@/features/tags';
import AnkiControls from '../anki/anki-controls';
import { useBrowseFlashcards, useRemoveFlashcard, useResetFlashcard, useSuspendFlashcard, type BrowsedFlashcard, type BrowseFilters } from '../api/browse-flashcards';
import '../flashcard-strings';
import './card-browser.css';

const STATES = ['new', 'learning', 'review', 'relearning', 'suspended'] as const;
const KIND_KEY = {
  basic: 'flashcards.kindBasic',
  reverse: 'flashcards.kindReverse',
  cloze: 'flashcards.kindCloze',
  variant: 'flashcards.kindVariant',
  listening: 'listening.kind',
} as const;
const KINDS = ['basic', 'reverse', 'cloze', 'variant', 'listening'] as const;
const NO_FILTERS: BrowseFilters = { q: '', country: '', tag: '', state: '', kind: '' };
/** How long typing pauses before the search is asked. */
const SEARCH_PAUSE_MS = 250;

/** /flashcards/cards: the learner's cards, searched and filtered, to suspend, resume, reset or delete. */
export function CardBrowser({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const [filters, setFilters] = useState<BrowseFilters>(NO_FILTERS);
  const [typed, setTyped] = useState('');
  // The search follows the typing once it pauses; the selects apply at once.
  useEffect(() => {
    if (typed === filters.q) return;
    const timer = setTimeout(() => setFilters((current) => ({ ...current, q: typed })), SEARCH_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [typed, filters.q]);
  const cards = useBrowseFlashcards(userId, filters);
  const items = useMemo(() => cards.data?.pages.flatMap((page) => page.data) ?? [], [cards.data]);
  const [confirm, setConfirm] = useState<{ action: 'reset' | 'delete'; card: BrowsedFlashcard } | null>(null);
  // Here, not in each row: a row may leave the list (a filter, a refetch) before the reply, and its toast must not.
  const toast = useToast();
  const suspend = useSuspendFlashcard(userId);
  const toggle = (card: BrowsedFlashcard) =>
    suspend.mutate(
      { id: card._id, suspended: !card.suspended },
      {
        onSuccess: () => toast.success(t(card.suspended ? 'flashcards.resumed' : 'flashcards.suspended', { title: card.content.title })),
        onError: () => toast.error(t('flashcards.browserFailed')),
      },
    );
  const onSearch = (event: FormEvent) => {
    event.preventDefault();
    setFilters((current) => ({ ...current, q: typed }));
  };

  return (
    <div className="card-browser">
      <form className="card-browser__filters" role="search" aria-label={t('flashcards.browserFilters')} onSubmit={onSearch}>
        <div className="field card-browser__search">
          <label className="field__label" htmlFor="card-search">
            {t('flashcards.browserSearch')}
          </label>
          <input id="card-search" className="input" type="search" maxLength={200} value={typed} onChange={(event) => setTyped(event.target.value)} />
        </div>
        <FilterSelects filters={filters} onChange={(change) => setFilters((current) => ({ ...current, ...change }))} />
      </form>
      <AnkiControls userId={userId} />
      {cards.isPending ? (
        <p className="results__status" role="status">
          <Spinner size="sm" />
          {t('flashcards.loading')}
        </p>
      ) : cards.isError && items.length === 0 ? (
        <div className="state-panel state-panel--error" role="alert">
          <p className="state-panel__text">{t('flashcards.loadFailed')}</p>
          <div className="state-panel__actions">
            <button type="button" className="button button--primary" onClick={() => void cards.refetch()}>
              {t('flashcards.retry')}
            </button>
          </div>
        </div>
      ) : items.length === 0 ? (
        <p className="empty-state" role="status">
          {t('flashcards.browserEmpty')}
        </p>
      ) : (
        <>
          <p className="visually-hidden" role="status">
            {t('flashcards.browserShown', { count: items.length })}
          </p>
          <ul className="card-browser__list">
            {items.map((card) => (
              <BrowsedCard
                key={card._id}
                card={card}
                suspending={suspend.isPending && suspend.variables.id === card._id}
                onToggle={() => toggle(card)}
                onReset={() => setConfirm({ action: 'reset', card })} onDelete={() => setConfirm({ action: 'delete', card })} />
            ))}
          </ul>
          <LoadMore pages={cards} />
        </>
      )}
      {confirm && <ConfirmDialog userId={userId} action={confirm.action} card={confirm.card} onClose={() => setConfirm(null)} />}
    </div>
  );
}

function FilterSelects({ filters, onChange }: { filters: BrowseFilters; onChange: (change: Partial<BrowseFilters>) => void }) {
  const { t } = useTranslation();
  const countries = useCountries();
  const tags = useTags();
  return (
    <>
      <div className="field">
        <label className="field__label" htmlFor="card-country">
          {t('flashcards.browserCountry')}
        </label>
        <select id="card-country" className="input select" value={filters.country} onChange={(event) => onChange({ country: event.target.value })}>
          <option value="">{t('flashcards.browserAnyCountry')}</option>
          {countries.map((country) => (
            <option key={country.code} value={country.code}>
              {country.name}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label className="field__label" htmlFor="card-tag">
          {t('flashcards.browserTag')}
        </label>
        <select id="card-tag" className="input select" value={filters.tag} onChange={(event) => onChange({ tag: event.target.value })}>
          <option value="">{t('flashcards.browserAnyTag')}</option>
          {(tags.data ?? []).map((tag) => (
            <option key={tag._id} value={tag.name}>
              {tag.name}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label className="field__label" htmlFor="card-state">
          {t('flashcards.browserState')}
        </label>
        <select id="card-state" className="input select" value={filters.state} onChange={(event) => onChange({ state: event.target.value as BrowseFilters['state'] })}>
          <option value="">{t('flashcards.browserAnyState')}</option>
          {STATES.map((state) => (
            <option key={state} value={state}>
              {t(`flashcards.state_${state}`)}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label className="field__label" htmlFor="card-kind">
          {t('listening.browserKind')}
        </label>
        <select id="card-kind" className="input select" value={filters.kind} onChange={(event) => onChange({ kind: event.target.value as BrowseFilters['kind'] })}>
          <option value="">{t('listening.browserAnyKind')}</option>
          {KINDS.map((kind) => (
            <option key={kind} value={kind}>
              {t(KIND_KEY[kind])}
            </option>
          ))}
        </select>
      </div>
    </>
  );
}

interface BrowsedCardProps {
  card: BrowsedFlashcard;
  suspending: boolean;
  onToggle: () => void;
  onReset: () => void;
  onDelete: () => void;
}

function BrowsedCard({ card, suspending, onToggle, onReset, onDelete }: BrowsedCardProps) {
  const { t, i18n } = useTranslation();
  const countryName = useCountryName(card.content.country);
  const due = new Intl.DateTimeFormat(i18n.resolvedLanguage, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(card.due));
  const titleId = `card-${card._id}`;
  return (
    <li className={`browsed-card${card.suspended ? ' browsed-card--suspended' : ''}`} aria-labelledby={titleId}>
      <div className="browsed-card__main">
        <p className="browsed-card__title" id={titleId}>
          <span lang="es">{card.content.title}</span>
          {card.kind !== 'basic' && <span className="browsed-card__kind">{t(KIND_KEY[card.kind])}</span>}
        </p>
        <p className="browsed-card__meta">
          <CountryFlag code={card.content.country} size="sm" />
          <span>{countryName}</span>
          <span className={`browsed-card__state browsed-card__state--${card.suspended ? 'suspended' : card.state}`}>
            {card.suspended ? t('flashcards.state_suspended') : t(`flashcards.state_${card.state}`)}
          </span>
          {!card.suspended && <span>{t('flashcards.browserDue', { date: due })}</span>}
        </p>
        {card.tags.length > 0 && (
          <ul className="browsed-card__tags" aria-label={t('flashcards.browserTags')}>
            {card.tags.map((tag) => (
              <li key={tag} className="browsed-card__tag">
                {tag}
              </li>
            ))}
          </ul>
        )}
      </div>
      <div className="browsed-card__actions">
        <button
          type="button"
          className="button button--ghost button--small"
          // The visible word first (speech control), then which card.
          aria-label={`${card.suspended ? t('flashcards.resume') : t('flashcards.suspend')} ${card.content.title}`}
          disabled={suspending}
          onClick={onToggle}
        >
          {suspending && <Spinner size="sm" />}
          {card.suspended ? t('flashcards.resume') : t('flashcards.suspend')}
        </button>
        <button type="button" className="button button--ghost button--small" aria-label={`${t('flashcards.reset')} ${card.content.title}`} onClick={onReset}>
          {t('flashcards.reset')}
        </button>
        <button type="button" className="button button--danger button--small" aria-label={`${t('flashcards.delete')} ${card.content.title}`} onClick={onDelete}>
          {t('flashcards.delete')}
        </button>
      </div>
    </li>
  );
}

/** Reset and delete ask first: either loses the card's schedule. */
function ConfirmDialog({ userId, action, card, onClose }: { userId: string; action: 'reset' | 'delete'; card: BrowsedFlashcard; onClose: () => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const reset = useResetFlashcard(userId);
  const remove = useRemoveFlashcard(userId);
  const mutation = action === 'reset' ? reset : remove;
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    mutation.mutate(card._id, {
      onSuccess: () => {
        toast.success(t(action === 'reset' ? 'flashcards.wasReset' : 'flashcards.deleted', { title: card.content.title }));
        onClose();
      },
      onError: () => toast.error(t('flashcards.browserFailed')),
    });
  };
  return (
    <Dialog title={t(action === 'reset' ? 'flashcards.resetTitle' : 'flashcards.deleteTitle', { title: card.content.title })} onClose={onClose}>
      <form onSubmit={onSubmit}>
        <p>{t(action === 'reset' ? 'flashcards.resetText' : 'flashcards.deleteText')}</p>
        <DialogActions
          cancelLabel={t('flashcards.cancel')}
          submitLabel={t(action === 'reset' ? 'flashcards.reset' : 'flashcards.delete')}
          onCancel={onClose}
          busy={mutation.isPending}
          tone={action === 'reset' ? 'primary' : 'danger-solid'}
        />
      </form>
    </Dialog>
  );
}
