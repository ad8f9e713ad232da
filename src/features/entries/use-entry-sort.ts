import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import type { EntrySort } from './api/entry-keys';

/**
 * The home grid's order lives in the URL (?sort=new; nothing for best voted), beside the
 * search filters, so it survives a reload, Back, and a shared link. Anything else is Top.
 */
export function useEntrySort(): [EntrySort, (sort: EntrySort) => void] {
  const [params, setParams] = useSearchParams();
  const sort: EntrySort = params.get('sort') === 'new' ? 'new' : 'top';
  const setSort = useCallback(
    (next: EntrySort) => {
      setParams(
        (previous) => {
          const changed = new URLSearchParams(previous);
          if (next === 'new') changed.set('sort', 'new');
          else changed.delete('sort');
          return changed;
        },
        { replace: true },
      );
    },
    [setParams],
  );
  return [sort, setSort];
}
