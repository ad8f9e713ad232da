import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useEntryChannel } from '@/app/live/use-entry-channel';
import { Meaning, useSpanishInterface } from '@/components/meaning';
import { Spinner } from '@/components/popups';
import { ShareButton } from '@/components/share-button';
import { prefetchSignedInUser } from '@/features/auth';
import { CountryFlag, useCountryName } from '@/features/countries';
import { entryQueryOptions, useEntry } from '@/features/entries/api/get-entry';
import { DrillVariantsButton, FlashcardKindsMenu } from '@/features/flashcards/entry-tools';
import { EntryLoadError } from '@/features/entries/components/entry-load-error';
import { EntryOwnerActions } from '@/features/entries/components/entry-owner-actions';
import { AddedBy } from '@/features/profiles';
import { EntryGone, EntryModeration, ModerationNotice, useSeesHidden } from '@/features/reports';
import { EntryTags } from '@/features/tags/components/entry-tags';
import { RudeBadge } from '@/features/usage';
import { VoteControl } from '@/features/votes';
import { entryKeys } from '@/features/entries/api/entry-keys';
import type { Entry, EntryDetail } from '@/lib/api-types';
import { takeServedRead } from '@/lib/first-read';
import { mayHaveSession } from '@/lib/supabase';
import { useAfterPaint } from '@/lib/use-after-paint';
import { useDocumentTitle } from '@/lib/use-document-title';
import type { LoadFirstRead } from '@/routes';

// An admin's tools: their own chunk, fetched only for an admin.
const AdminEntryTools = lazy(() => import('@/app/components/admin-entry-tools'));
// The Listen section and its player: their own chunk (the recorder is one more, on "Record").
const RecordingsSection = lazy(() => import('@/features/recordings/components/recordings-section'));
// The sections below the entry, each its own chunk, fetched once the entry is on screen
// (`useAfterPaint`): the entry itself shows as soon as its own code has arrived.
const ElsewhereSection = lazy(async () => ({ default: (await import('@/features/variants/components/elsewhere-section')).ElsewhereSection }));
const UsagePanel = lazy(async () => ({ default: (await import('@/features/usage/components/usage-panel')).UsagePanel }));
const CommentsSection = lazy(async () => ({ default: (await import('@/features/comments/components/comments-section')).CommentsSection }));

/** Where the sections below the entry will be, while their code arrives. */
const sectionPlaceholder = <div className="card entry-page__section-placeholder" />;

/**
 * The first visit: the entry is in before the page draws, so its first render is the entry
 * (the server's copy, or index.html's frame, stays on screen meanwhile). A guest's is the
 * one the server drew the page from (its HTML carries the read) or the one already on its way
 * (preload-page.ts). A learner's is their own (their vote, their cards), read now: the
 * guest's copy would draw their buttons as a guest's until their session is known.
 */
export const loadFirstRead: LoadFirstRead = async (queryClient, { id = '' }) => {
  const served = takeServedRead(`/content/getContentById/${encodeURIComponent(id)}`) as EntryDetail | undefined;
  if (served && !mayHaveSession()) {
    queryClient.setQueryData(entryKeys.detail(id), served);
    return;
  }
  // Once: a failed read shows the page's error, with its Try again. A learner's profile
  // comes with it, so the page's buttons are theirs from the first render.
  await Promise.all([queryClient.prefetchQuery({ ...entryQueryOptions(id), retry: false }), served && prefetchSignedInUser(queryClient)]);
};

export function EntryPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const entry = useEntry(id);
  // Votes, comments and tags from every other browser, as they happen; who else is here.
  const here = useEntryChannel(entry.isSuccess ? id : '');

  if (entry.isPending) {
    return (
      <div className="page page--narrow">
        <div className="state-panel" role="status">
          <Spinner size="lg" />
          <p className="state-panel__text">{t('entry.loading')}</p>
        </div>
      </div>
    );
  }

  if (entry.isError) {
    return (
      <div className="page page--narrow">
        <EntryLoadError error={entry.error} onRetry={() => void entry.refetch()} backTo="/" backLabel={t('entry.backToList')} />
      </div>
    );
  }

  return <EntryDetail entry={entry.data} here={here} />;
}

function EntryDetail({ entry, here }: { entry: Entry; here: number | null }) {
  // Hidden by moderators while open: only its owner and admins keep seeing it.
  const seesHidden = useSeesHidden(entry);
  if (entry.moderation && !seesHidden) {
    return (
      <div className="page page--narrow">
        <EntryGone />
      </div>
    );
  }
  return <EntryContent entry={entry} here={here} />;
}

function EntryContent({ entry, here }: { entry: Entry; here: number | null }) {
  const { t, i18n } = useTranslation();
  const countryName = useCountryName(entry.country);
  const added = new Intl.DateTimeFormat(i18n.resolvedLanguage, { dateStyle: 'long' }).format(new Date(entry.createdAt));
  const sectionsWanted = useAfterPaint();
  // The meaning in the reader's language, as the server's <title> and description have it.
  const meaning = useSpanishInterface() && entry.descriptionEs ? entry.descriptionEs : entry.description;
  const title = t('seo.entryTitle', { title: entry.title, meaning, country: countryName });
  useDocumentTitle(title);
  return (
    <div className="page page--narrow">
      <div className="entry-page__top">
        <Link className="back-link" to="/">
          ← {t('entry.backToList')}
        </Link>
        {here !== null && (
          <p className="entry-page__here">
            <span className="entry-page__here-dot" aria-hidden="true" />
            {t('entry.learnersHere', { count: here })}
          </p>
        )}
      </div>
      <ModerationNotice entry={entry} />
      <article className="entry-detail card">
        <header className="entry-detail__header">
          {/* Decorative: the country's name is written next to it. */}
          <CountryFlag code={entry.country} size="lg" />
          <div>
            <p className="entry-detail__country">
              <Link className="entry-detail__country-link" to={`/country/${entry.country}`}>
                {countryName}
              </Link>
            </p>
            <h1 className="entry-detail__title">{entry.title}</h1>
            <RudeBadge countries={entry.rudeIn} className="entry-detail__rude" />
            <FlashcardKindsMenu entry={entry} />
          </div>
          <VoteControl
            entryId={entry._id}
            title={entry.title}
            initial={{ contentId: entry._id, upvotes: entry.upvotes, downvotes: entry.downvotes, voteCount: entry.voteCount, userVote: entry.userVote }}
          />
        </header>
        {/* In the entry's card, not the row above it: that row gains "N learners here" once
            Realtime answers, and a button there would wrap onto a new line (a layout shift). */}
        <div className="entry-detail__share">
          <ShareButton data={{ title, text: `${entry.title} — ${meaning}`, url: `${window.location.origin}/content/${entry._id}` }} />
        </div>
        <EntryOwnerActions entry={entry} />
        <dl className="entry-detail__fields">
          <div className="entry-detail__field">
            <dt>{t('entry.description')}</dt>
            <dd className="entry-detail__description">
              <Meaning english={entry.description} spanish={entry.descriptionEs} />
            </dd>
          </div>
          {entry.exampleSentence && (
            <div className="entry-detail__field">
              <dt>{t('entry.exampleSentence')}</dt>
              <dd>
                <blockquote className="entry-detail__example" lang="es">
                  {entry.exampleSentence}
                </blockquote>
              </dd>
            </div>
          )}
          {entry.hint && (
            <div className="entry-detail__field">
              <dt>{t('entry.hint')}</dt>
              <dd>{entry.hint}</dd>
            </div>
          )}
          <div className="entry-detail__field">
            <dt>{t('entry.createdBy')}</dt>
            <dd>
              <span className="entry-detail__author">{entry.author}</span>
              <span className="muted"> · {t('entry.addedOn', { date: added })}</span>
              <br />
              <AddedBy entry={entry} />
            </dd>
          </div>
          <div className="entry-detail__field">
            <dt>{t('entry.tags')}</dt>
            <dd>
              <EntryTags entryId={entry._id} initialTags={entry.tags} />
            </dd>
          </div>
        </dl>
        <EntryModeration entry={entry} adminTools={<AdminEntryTools entry={entry} />} />
      </article>
      {/* Together, so a section arriving late never pushes the ones below it; asked for once
          the entry is on screen. */}
      {sectionsWanted ? (
        <Suspense fallback={sectionPlaceholder}>
          <RecordingsSection entry={entry} />
          <ElsewhereSection entry={entry} actions={<DrillVariantsButton entryId={entry._id} />} />
          <UsagePanel entry={entry} />
          <CommentsSection entryId={entry._id} count={entry.commentCount} />
        </Suspense>
      ) : (
        sectionPlaceholder
      )}
    </div>
  );
}
