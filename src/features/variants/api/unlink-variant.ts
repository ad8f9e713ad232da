import { useMutation, useQueryClient } from '@tanstack/react-query';
import { entryKeys } from '@/features/entries';
import { api } from '@/lib/api';
import type { UnlinkVariantReply } from '@/lib/api-types';
import type { VariantPair } from './link-variant';
import { setEntryVariants } from './set-entry-variants';

/** Takes the link between two entries away (whoever linked them, either entry's owner, an admin). */
export function unlinkVariant({ contentId, variantId }: VariantPair): Promise<UnlinkVariantReply> {
  return api.delete<UnlinkVariantReply>(`/content/unlinkVariant/${encodeURIComponent(contentId)}/${encodeURIComponent(variantId)}`);
}

export function useUnlinkVariant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unlinkVariant,
    onSuccess: (reply, { contentId, variantId }) => {
      setEntryVariants(queryClient, contentId, reply.data);
      return queryClient.invalidateQueries({ queryKey: entryKeys.detail(variantId) });
    },
  });
}
