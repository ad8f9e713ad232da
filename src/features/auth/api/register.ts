import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import type { AuthReply } from '@/lib/api-types';
import { requireAuthenticated, startSession, type SessionStartOptions } from './start-session';

export interface Registration {
  name: string;
  email: string;
  password: string;
  confirmPassword: string;
}

export async function register(registration: Registration): Promise<AuthReply> {
  return requireAuthenticated(await api.post<AuthReply>('/user/register', registration));
}

/** Creates the account and starts its session in supabase-js. */
export function useRegister(options: SessionStartOptions = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (registration: Registration) => startSession(queryClient, await register(registration)),
    // Here rather than in mutate(): the form may unmount as soon as the session starts.
    onSuccess: options.onSuccess,
  });
}
