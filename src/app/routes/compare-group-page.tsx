import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useSpanishInterface } from '@/components/meaning';
import { Spinner } from '@/components/popups';
import { ConceptGroupTable, conceptGroupQueryOptions, useConceptGroup } from '@/features/concepts';
import '@/features/concepts/compare-strings';
import '@/features/concepts/components/compare.css';
import { isApiError } from '@/lib/api';
import type { ConceptGroupReply } from '@/lib/api-types';
import { takeServedRead } from '@/lib/first-read';
import { mayHaveSession } from '@/lib/supabase';
import { NotFound } from '@/app/components/not-found';
import { useDocumentTitle } from '@/lib/use-document-title';
import type { LoadFirstRead } from '@/routes';

/**
 * A guest's first visit: the group is in before the page draws, the one the server drew the
 * page from (its HTML carries the read) or the one already on its way (preload-page.ts).
 */
export const loadFirstRead: LoadFirstRead = (queryClient, { groupId = '' }) => {
  const served = takeServedRead(`/concept/${encodeURIComponent(groupId)}`) as ConceptGroupReply | undefined;
  if (served && !mayHaveSession()) {
    queryClient.setQueryData(conceptGroupQueryOptions(groupId).queryKey, served);
    return Promise.resolve();
  }
  return queryClient.prefetchQuery({ ...conceptGroupQueryOptions(groupId), retry: false });
};

/**
 * The member whose meaning names the group: the best-voted (the first of equals, in the
 * reply's order: by country). Part "pages" names it the same way on the server.
 */
export function namingMember(group: ConceptGroupReply['data']) {
  return group.entries.reduce((best, entry) => (entry.voteScore > best.voteScore ? entry : best));
}

/**
 * /compare/:groupId — one concept group on a page of its own, the address a comparison is
 * shared and found by: "How to say “straw” across countries" over its table. A group nobody
 * may see (unknown, split by an unlink, or hidden members only) is not found.
 */
export function CompareGroupPage() {
  const { t } = useTranslation();
  const { groupId = '' } = useParams();
  const group = useConceptGroup(groupId);

  if (group.isPending) {
    return (
      <div className="page page--narrow">
        <div className="state-panel" role="status">
          <Spinner size="lg" />
          <p className="state-panel__text">{t('pageLinks.loadingComparison')}</p>
        </div>
      </div>
    );
  }
  if (group.isError) {
    if (isApiError(group.error) && group.error.status === 404) return <NotFound />;
    return (
      <div className="page page--narrow">
        <section className="state-panel state-panel--error" role="alert">
          <h1 className="state-panel__title">{t('errors.loadFailed')}</h1>
          <div className="state-panel__actions">
            <button type="button" className="button button--primary" onClick={() => void group.refetch()}>
              {t('errors.retry')}
            </button>
          </div>
        </section>
      </div>
    );
  }
  return <ConceptGroupView group={group.data.data} />;
}

function ConceptGroupView({ group }: { group: ConceptGroupReply['data'] }) {
  const { t } = useTranslation();
  const spanish = useSpanishInterface();
  const named = namingMember(group);
  const heading = t('compareGroup.heading', { meaning: spanish && named.descriptionEs ? named.descriptionEs : named.description });
  useDocumentTitle(t('compareGroup.documentTitle', { heading }));
  return (
    <div className="page page--narrow">
      <header className="hero">
        <h1 className="hero__title">{heading}</h1>
        <p className="hero__text">{t('compareGroup.intro')}</p>
      </header>
      <ConceptGroupTable group={group} />
      <p>
        <Link className="back-link" to="/compare">
          ← {t('pageLinks.backToCompare')}
        </Link>
      </p>
    </div>
  );
}
