import type { EntryDetail } from '../contract/entries.ts';
import { html, jsonBlock, type Markup } from './html.ts';
import type { PageLanguage } from './strings.ts';

/** A page's address in each language: `?lng=en`, `?lng=es`, and without (x-default). */
export interface PageUrls {
  /** The address without a language (x-default). */
  neutral: string;
  en: string;
  es: string;
  /** The one this response is: its language's own when the URL chose it, else the neutral one. */
  canonical: string;
}

export function pageUrls(siteUrl: string, path: string, language: PageLanguage, chosen: boolean): PageUrls {
  const neutral = new URL(path, siteUrl).href;
  const en = `${neutral}?lng=en`;
  const es = `${neutral}?lng=es`;
  return { neutral, en, es, canonical: chosen ? (language === 'es' ? es : en) : neutral };
}

/** Canonical and hreflang alternates: what search engines read to pair the languages. */
export function alternateLinks(urls: PageUrls): Markup {
  return html`<link rel="canonical" href="${urls.canonical}" /><link rel="alternate" hreflang="en" href="${urls.en}" /><link rel="alternate" hreflang="es" href="${urls.es}" /><link rel="alternate" hreflang="x-default" href="${urls.neutral}" />`;
}

const OG_LOCALE: Record<PageLanguage, string> = { 'en-US': 'en_US', es: 'es_ES' };

export interface PreviewTags {
  title: string;
  description: string;
  urls: PageUrls;
  language: PageLanguage;
  /** The preview card's absolute URL, when the page has one. */
  image?: string;
  type?: 'article' | 'website';
}

/** Open Graph and Twitter tags: what a chat app or a social site reads for a link's preview. */
export function previewTags(preview: PreviewTags): Markup {
  const other: PageLanguage = preview.language === 'es' ? 'en-US' : 'es';
  return html`<meta property="og:site_name" content="Jerga" /><meta property="og:type" content="${preview.type ?? 'website'}" /><meta property="og:title" content="${preview.title}" /><meta property="og:description" content="${preview.description}" /><meta property="og:url" content="${preview.urls.canonical}" /><meta property="og:locale" content="${OG_LOCALE[preview.language]}" /><meta property="og:locale:alternate" content="${OG_LOCALE[other]}" />${
    preview.image &&
    html`<meta property="og:image" content="${preview.image}" /><meta property="og:image:type" content="image/png" /><meta property="og:image:width" content="1200" /><meta property="og:image:height" content="630" />`
  }<meta name="twitter:card" content="${preview.image ? 'summary_large_image' : 'summary'}" /><meta name="twitter:title" content="${preview.title}" /><meta name="twitter:description" content="${preview.description}" />${
    preview.image && html`<meta name="twitter:image" content="${preview.image}" />`
  }`;
}

/** The entry as a schema.org DefinedTerm of its country's set (the country page). */
export function definedTerm(entry: EntryDetail, description: string, urls: PageUrls, countryPage: string): Markup {
  return jsonBlock('application/ld+json', {
    '@context': 'https://schema.org',
    '@type': 'DefinedTerm',
    name: entry.title,
    description,
    inLanguage: `es-${entry.country}`,
    url: urls.canonical,
    inDefinedTermSet: countryPage,
  });
}
