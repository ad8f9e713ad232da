import { clozeFits } from '../../../../src/features/flashcards/components/answer-compare.ts';
import type { EntryDetail } from '../contract/entries.ts';
import { html, type Markup } from './html.ts';
import { cardIcon, countryName, flag, meaning, rudeBadge, t, tagName, voteButtons, type DrawContext } from './parts.ts';

const kindIcon = html`<svg viewBox="0 0 24 24" aria-hidden="true" focusable="false" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"><path d="M12 5v14M5 12h14"></path></svg>`;
const KIND_LABEL = { reverse: 'flashcards.kindReverse', cloze: 'flashcards.kindCloze', variant: 'flashcards.kindVariant' } as const;

/** FlashcardKindsMenu as a guest sees it (no card of any kind). */
function flashcardKinds(context: DrawContext, entry: EntryDetail): Markup {
  const kinds = entry.variants.length > 0 ? (['reverse', 'cloze', 'variant'] as const) : (['reverse', 'cloze'] as const);
  const clozeOk = clozeFits(entry.exampleSentence, entry.title, entry.exampleGap);
  const choices = kinds.map(
    (kind) =>
      html`<button type="button" class="flashcard-kinds__choice"${kind === 'cloze' && !clozeOk ? html` aria-disabled="true" aria-describedby="served-cloze-note"` : ''}>${kindIcon}<span>${t(context, KIND_LABEL[kind])}</span></button>`,
  );
  return html`<div class="flashcard-kinds"><button type="button" class="button button--secondary add-flashcard">${cardIcon}${t(context, 'flashcards.add')}</button><div class="flashcard-kinds__more" role="group" aria-labelledby="served-kinds-label"><span id="served-kinds-label" class="flashcard-kinds__label">${t(context, 'flashcards.kindsLabel')}</span><div class="flashcard-kinds__choices">${choices}</div>${clozeOk ? '' : html`<p id="served-cloze-note" class="flashcard-kinds__note">${t(context, 'flashcards.clozeUnavailable')}</p>`}</div></div>`;
}

/** AddedBy: the account that posted it, or who it was. */
function addedBy(context: DrawContext, entry: EntryDetail): Markup {
  if (!entry.addedBy) return html`<span class="added-by">${t(context, entry.ownerDeleted ? 'profile.addedByDeleted' : 'profile.addedByGuest')}</span>`;
  const name = entry.addedBy.name || t(context, 'profile.unnamed');
  return html`<span class="added-by">${t(context, 'profile.addedBy')} <a class="added-by__link" href="/users/${encodeURIComponent(entry.addedBy._id)}" title="${t(context, 'profile.viewProfile', { name })}">${name}</a></span>`;
}

/** EntryTags as a guest sees them: no remove buttons. */
function entryTags(context: DrawContext, entry: EntryDetail): Markup {
  const list = entry.tags.length
    ? html`<ul class="tag-list">${entry.tags.map((tag) => html`<li class="tag"><span>${tagName(context, tag)}</span></li>`)}</ul>`
    : html`<p class="muted">${t(context, 'entry.noTags')}</p>`;
  return html`<div class="entry-tags">${list}<button type="button" class="button button--secondary button--small">+ ${t(context, 'tags.addButton')}</button></div>`;
}

const field = (label: string, value: Markup) => html`<div class="entry-detail__field"><dt>${label}</dt><dd>${value}</dd></div>`;

/** The entry's fields (dl.entry-detail__fields). */
function entryFields(context: DrawContext, entry: EntryDetail): Markup {
  const added = new Intl.DateTimeFormat(context.language, { dateStyle: 'long' }).format(new Date(entry.createdAt));
  return html`<dl class="entry-detail__fields"><div class="entry-detail__field"><dt>${t(context, 'entry.description')}</dt><dd class="entry-detail__description">${meaning(context, entry)}</dd></div>${
    entry.exampleSentence && field(t(context, 'entry.exampleSentence'), html`<blockquote class="entry-detail__example" lang="es">${entry.exampleSentence}</blockquote>`)
  }${entry.hint && field(t(context, 'entry.hint'), html`${entry.hint}`)}${field(
    t(context, 'entry.createdBy'),
    html`<span class="entry-detail__author">${entry.author}</span><span class="muted"> · ${t(context, 'entry.addedOn', { date: added })}</span><br>${addedBy(context, entry)}`,
  )}${field(t(context, 'entry.tags'), entryTags(context, entry))}</dl>`;
}

/** ShareIcon (src/components/icons.tsx), on part client's Share button. */
const shareIcon = html`<svg viewBox="0 0 24 24" aria-hidden="true" focusable="false" width="18" height="18"><path fill="none" stroke="currentColor" stroke-width="1.8" stroke-linecap="round" stroke-linejoin="round" d="M12 15V4m0 0L8 8m4-4 4 4M6 11H5a1 1 0 0 0-1 1v7a1 1 0 0 0 1 1h14a1 1 0 0 0 1-1v-7a1 1 0 0 0-1-1h-1"></path></svg>`;

const reportIcon = html`<svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false"><path d="M5 21V4m0 0h11l-2 4 2 4H5" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"></path></svg>`;

/**
 * The entry page as src/app/routes/entry-page.tsx draws it for a guest on its first render
 * (same elements, classes and words), so the app takes it over in place. The country links
 * to its page.
 */
export function entryMarkup(context: DrawContext, entry: EntryDetail): Markup {
  const report = t(context, 'reports.reportEntry', { title: entry.title });
  return html`<div class="page page--narrow"><div class="entry-page__top"><a class="back-link" href="/">← ${t(context, 'entry.backToList')}</a></div><article class="entry-detail card"><header class="entry-detail__header">${flag(context, entry.country, 'lg')}<div><p class="entry-detail__country"><a class="entry-detail__country-link" href="/country/${entry.country}">${countryName(context, entry.country)}</a></p><h1 class="entry-detail__title">${entry.title}</h1>${rudeBadge(context, entry.rudeIn, 'entry-detail__rude')}${flashcardKinds(context, entry)}</div>${voteButtons(context, entry, false)}</header><div class="entry-detail__share"><button type="button" class="button button--secondary button--small share-button">${shareIcon}${t(context, 'share.button')}</button></div>${entryFields(context, entry)}<div class="entry-moderation"><button type="button" class="button button--ghost button--small report-button" aria-label="${report}" title="${report}">${reportIcon}<span class="report-button__text">${t(context, 'reports.report')}</span></button></div></article><div class="card entry-page__section-placeholder"></div></div>`;
}
