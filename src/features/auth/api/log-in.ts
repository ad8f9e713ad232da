import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import type { AuthReply } from '@/lib/api-types';
import { requireAuthenticated, startSession, type SessionStartOptions } from './start-session';

export interface Credentials {
  email: string;
  password: string;
}

export async function logIn(credentials: Credentials): Promise<AuthReply> {
  return requireAuthenticated(await api.post<AuthReply>('/auth/login', credentials));
}

/** Logs in with email and password and starts the session in supabase-js. */
export function useLogIn(options: SessionStartOptions = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (credentials: Credentials) => startSession(queryClient, await logIn(credentials)),
    // Here rather than in mutate(): the form may unmount as soon as the session starts.
    onSuccess: options.onSuccess,
  });
}
