import { useMutation, useQueryClient } from '@tanstack/react-query';
import { entryKeys } from '@/features/entries';
import { api } from '@/lib/api';
import type { LinkVariantReply } from '@/lib/api-types';
import { setEntryVariants } from './set-entry-variants';

export interface VariantPair {
  contentId: string;
  variantId: string;
}

/** Says two entries mean the same thing in their countries (again changes nothing). */
export function linkVariant({ contentId, variantId }: VariantPair): Promise<LinkVariantReply> {
  return api.post<LinkVariantReply>('/content/linkVariant', { contentId, variantId });
}

export function useLinkVariant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: linkVariant,
    onSuccess: (reply, { contentId, variantId }) => {
      setEntryVariants(queryClient, contentId, reply.data);
      // The other entry's page, if cached, now has a new group too.
      return queryClient.invalidateQueries({ queryKey: entryKeys.detail(variantId) });
    },
  });
}
