import type { QueryClient } from '@tanstack/react-query';
import { entryKeys } from '@/features/entries';
import type { EntryDetail, VariantsEvent } from '@/lib/api-types';
import { setEntryVariants } from './set-entry-variants';

/**
 * An entry's variant list as a link made or removed in any browser left it (the `variants`
 * broadcast on entry:<id>). The broadcast is the same for everyone, so it cannot say who may
 * unlink what: variants already known keep their canUnlink, and when a direct link is new the
 * page asks again (the caller's own reply says whether they may remove it).
 */
export function applyLiveVariants(queryClient: QueryClient, entryId: string, event: Partial<VariantsEvent>): void {
  if (!Array.isArray(event.variants)) return;
  const cached = queryClient.getQueryData<EntryDetail>(entryKeys.detail(entryId));
  const known = new Map((cached?.variants ?? []).map((variant) => [variant._id, variant]));
  const variants = event.variants.map((variant) => ({
    ...variant,
    canUnlink: known.get(variant._id)?.direct === variant.direct ? (known.get(variant._id)?.canUnlink ?? false) : false,
  }));
  setEntryVariants(queryClient, entryId, variants);
  if (variants.some((variant) => variant.direct && known.get(variant._id)?.direct !== true)) {
    void queryClient.invalidateQueries({ queryKey: entryKeys.detail(entryId) });
  }
}
