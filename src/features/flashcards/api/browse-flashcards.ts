import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery, useMutation, useQueryClient, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import { reviewSync } from '@/features/review-queue';
import { api } from '@/lib/api';
import type { BrowsedFlashcard, BrowsedFlashcardReply, BrowsePage, FlashcardKind, FlashcardState, RemovedReply } from '@/lib/api-types';
import { flashcardKeys } from './flashcard-keys';

export type { BrowsedFlashcard, BrowsePage };

/** The browser's filters; empty ones are not sent. */
export interface BrowseFilters {
  q: string;
  country: string;
  tag: string;
  state: '' | FlashcardState | 'suspended';
  kind: '' | FlashcardKind;
}

/** GET /api/flashcard/browse/:userId: the learner's cards matching the filters, newest first, 50 a page. */
export function browseQueryOptions(userId: string, filters: BrowseFilters) {
  return infiniteQueryOptions({
    queryKey: flashcardKeys.browse(userId, filters),
    queryFn: ({ pageParam, signal }) =>
      api.get<BrowsePage>(`/flashcard/browse/${encodeURIComponent(userId)}`, {
        query: { q: filters.q.trim() || undefined, country: filters.country || undefined, tag: filters.tag || undefined, state: filters.state || undefined,
          kind: filters.kind || undefined, cursor: pageParam ?? undefined },
        signal,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    meta: { signedIn: true },
    // Changing a filter keeps the list on screen until the new one is in.
    placeholderData: keepPreviousData,
  });
}

export function useBrowseFlashcards(userId: string, filters: BrowseFilters) {
  return useInfiniteQuery(browseQueryOptions(userId, filters));
}

/**
 * After a change in the browser: its pages, the session and the header's progress are asked
 * again. A page already being fetched (a filter changed a moment before) is cancelled first:
 * asked before the change, it would come back without it, and react-query lets a first fetch
 * run on rather than start another.
 */
function afterChange(queryClient: QueryClient, userId: string) {
  void queryClient
    .cancelQueries({ queryKey: flashcardKeys.browse(userId) })
    .then(() => queryClient.invalidateQueries({ queryKey: flashcardKeys.browse(userId) }));
  void queryClient.invalidateQueries({ queryKey: flashcardKeys.due(userId) });
  void queryClient.invalidateQueries({ queryKey: flashcardKeys.today(userId) });
}

/**
 * The card as the server now has it, in every cached page of the browser at once: what the
 * learner just did shows without waiting for the pages to be asked again (a refetch under
 * way with other filters can land later and must not hide it).
 */
function showChangedCard(queryClient: QueryClient, userId: string, card: BrowsedFlashcard) {
  queryClient.setQueriesData<InfiniteData<BrowsePage>>({ queryKey: flashcardKeys.browse(userId) }, (data) =>
    data && { ...data, pages: data.pages.map((page) => ({ ...page, data: page.data.map((item) => (item._id === card._id ? card : item)) })) },
  );
}

/** PUT /api/flashcard/suspend/:id {suspended}. */
export function useSuspendFlashcard(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, suspended }: { id: string; suspended: boolean }) => api.put<BrowsedFlashcardReply>(`/flashcard/suspend/${encodeURIComponent(id)}`, { suspended }),
    onSuccess: (reply) => {
      showChangedCard(queryClient, userId, reply.data);
      afterChange(queryClient, userId);
    },
  });
}

/** PUT /api/flashcard/reset/:id: the card starts again as New. */
export function useResetFlashcard(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.put<BrowsedFlashcardReply>(`/flashcard/reset/${encodeURIComponent(id)}`),
    onSuccess: async (reply, id) => {
      showChangedCard(queryClient, userId, reply.data);
      // Its ratings kept on this device are older than its reset: the due list is right to show it New.
      await reviewSync()
        .forgetConfirmed(id)
        .catch(() => undefined);
      afterChange(queryClient, userId);
    },
  });
}

/** DELETE /api/flashcard/removeFlashcard/:id (the review log stays); the entry's kinds and the list follow. */
export function useRemoveFlashcard(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<RemovedReply>(`/flashcard/removeFlashcard/${encodeURIComponent(id)}`),
    onSuccess: () => {
      afterChange(queryClient, userId);
      void queryClient.invalidateQueries({ queryKey: flashcardKeys.list(userId) });
      void queryClient.invalidateQueries({ queryKey: [...flashcardKeys.all, 'kinds', userId] });
    },
  });
}
