import { queryOptions } from '@tanstack/react-query';
import type { PushKeyReply } from '@contract/push';
import { api } from '@/lib/api';
import { pushKeys } from './push-keys';

/** The application server's VAPID public key, or null when this deployment has no Web Push. */
export async function getServerKey(signal?: AbortSignal): Promise<string | null> {
  return (await api.get<PushKeyReply>('/push/key', { signal })).data.publicKey;
}

/** It changes only when the deployment's keys do: fetched once a visit. */
export const serverKeyQueryOptions = () => queryOptions({ queryKey: pushKeys.serverKey(), queryFn: ({ signal }) => getServerKey(signal), staleTime: Infinity });
