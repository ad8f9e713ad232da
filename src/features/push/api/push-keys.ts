/** Query keys of the push feature. */
export const pushKeys = {
  all: ['push'] as const,
  /** The server's VAPID public key (GET /api/push/key). */
  serverKey: () => [...pushKeys.all, 'server-key'] as const,
};
