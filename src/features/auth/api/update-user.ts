import { useMutation, useQueryClient } from '@tanstack/react-query';
import { updateUser } from '@/lib/update-user';
import { authKeys } from './auth-keys';
import type { GetUserReply } from './get-user';

/** Updates the signed-in user's profile; the auth state picks the new user up from the cache. */
export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUser,
    onSuccess: (user) => {
      queryClient.setQueryData<GetUserReply>(authKeys.user(user._id), { user });
    },
  });
}
