import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { moderationKeys } from '@/features/moderation/api/moderation-keys';
import { subscribeTopic } from '@/lib/realtime';

/**
 * The admins' private topic (moderation): a new report or a decision by another admin moves
 * the queue and its open count at once. Only admins may join (the realtime.messages policy).
 */
export function useModerationChannel(enabled: boolean): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!enabled) return;
    const refresh = () => void queryClient.invalidateQueries({ queryKey: moderationKeys.queues() });
    return subscribeTopic('moderation', { queue: refresh }, { onRejoin: refresh });
  }, [enabled, queryClient]);
}
