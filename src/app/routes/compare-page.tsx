import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Spinner } from '@/components/popups';
import { ConceptGroupTable, useConceptSearch } from '@/features/concepts';
import '@/features/concepts/compare-strings';
import '@/features/concepts/components/compare.css';

/** How long typing must pause before the search runs (as the home page's search). */
const SEARCH_DEBOUNCE_MS = 250;

/**
 * /compare — one meaning across countries: a search ("straw", "popote") and, for each
 * matching concept group, a row per country with its form and meaning. The search lives in
 * the address (?q=), so a comparison can be shared, reloaded and gone back to.
 */
export function ComparePage() {
  const { t } = useTranslation();
  const inputId = useId();
  const [params, setParams] = useSearchParams();
  const q = (params.get('q') ?? '').trim();
  const [text, setText] = useState(q);
  // Another change of the address (back button, a shared link) puts its search in the box.
  const [shown, setShown] = useState(q);
  if (q !== shown) {
    setShown(q);
    if (q !== text.trim()) setText(q);
  }

  const commit = (value: string) => {
    const next = value.trim();
    if (next === q) return;
    setShown(next);
    setParams(next ? { q: next } : {}, { replace: true });
  };

  useEffect(() => {
    const value = text.trim();
    if (value === q) return;
    const timer = setTimeout(() => {
      setShown(value);
      setParams(value ? { q: value } : {}, { replace: true });
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, q, setParams]);

  const search = useConceptSearch(q);
  const groups = search.data?.data ?? [];

  return (
    <div className="page page--narrow">
      <header className="page-banner">
        <h1 className="page-banner__title">{t('compare.banner')}</h1>
        <p className="page-banner__text">{t('compare.intro')}</p>
      </header>
      <form
        className="compare__form"
        role="search"
        onSubmit={(event) => {
          event.preventDefault();
          commit(text);
        }}
      >
        <div className="field compare__field">
          <label className="field__label" htmlFor={inputId}>
            {t('compare.searchLabel')}
          </label>
          <input
            id={inputId}
            className="input"
            type="search"
            name="q"
            value={text}
            maxLength={200}
            autoComplete="off"
            enterKeyHint="search"
            placeholder={t('compare.searchPlaceholder')}
            onChange={(event) => setText(event.target.value)}
          />
        </div>
        <button type="submit" className="button button--primary">
          {t('compare.submit')}
        </button>
        {text && (
          <button
            type="button"
            className="button button--ghost"
            onClick={() => {
              setText('');
              commit('');
            }}
          >
            {t('compare.clear')}
          </button>
        )}
      </form>

      <div aria-live="polite">
        {!q ? (
          <p className="state-panel state-panel__text">{t('compare.prompt')}</p>
        ) : search.isPending ? (
          <div className="state-panel" role="status">
            <Spinner size="lg" />
            <p className="state-panel__text">{t('compare.loading')}</p>
          </div>
        ) : search.isError ? (
          <section className="state-panel state-panel--error" role="alert">
            <h2 className="state-panel__title">{t('compare.failed')}</h2>
            <div className="state-panel__actions">
              <button type="button" className="button button--primary" onClick={() => void search.refetch()}>
                {t('errors.retry')}
              </button>
            </div>
          </section>
        ) : groups.length === 0 ? (
          <p className="state-panel state-panel__text">{t('compare.empty', { q })}</p>
        ) : (
          <>
            <h2 className="compare__summary">{t('compare.results', { count: groups.length, q })}</h2>
            <ul className="compare__results">
              {groups.map((group) => (
                <li key={group.groupId}>
                  <ConceptGroupTable group={group} />
                  <Link
                    className="compare__open"
                    to={`/compare/${group.groupId}`}
                    aria-label={t('pageLinks.openComparisonOf', { forms: [...new Set(group.entries.map((entry) => entry.title))].join(', ') })}
                  >
                    {t('pageLinks.openComparison')}
                  </Link>
                </li>
              ))}
            </ul>
          </>
        )}
      </div>
    </div>
  );
}
