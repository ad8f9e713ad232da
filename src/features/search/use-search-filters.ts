import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

export interface SearchFilters {
  q: string;
  countries: string[];
  tags: string[];
}

function splitList(value: string | null): string[] {
  return value ? [...new Set(value.split(',').map((part) => part.trim()).filter(Boolean))] : [];
}

/** The search filters live in the URL (?q=&countries=&tags=) so they survive reloads and can be shared. */
export function useSearchFilters() {
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const countriesParam = params.get('countries');
  const tagsParam = params.get('tags');

  const filters = useMemo<SearchFilters>(
    () => ({ q, countries: splitList(countriesParam).map((code) => code.toUpperCase()), tags: splitList(tagsParam) }),
    [q, countriesParam, tagsParam],
  );

  const update = useCallback(
    (patch: Partial<SearchFilters>) => {
      setParams(
        (previous) => {
          const next = new URLSearchParams(previous);
          const set = (key: string, value: string) => (value ? next.set(key, value) : next.delete(key));
          if (patch.q !== undefined) set('q', patch.q.trim());
          if (patch.countries !== undefined) set('countries', patch.countries.join(','));
          if (patch.tags !== undefined) set('tags', patch.tags.join(','));
          return next;
        },
        { replace: true },
      );
    },
    [setParams],
  );

  const clear = useCallback(() => update({ q: '', countries: [], tags: [] }), [update]);

  return { filters, update, clear };
}
