export const authKeys = {
  all: ['auth'] as const,
  users: () => [...authKeys.all, 'user'] as const,
  /** The signed-in person's profile, per session user id, so a new sign-in never sees the last one's. */
  user: (userId: string) => [...authKeys.users(), userId] as const,
};
