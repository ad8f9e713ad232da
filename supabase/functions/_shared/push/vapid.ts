import { env } from '../env.ts';

/** The application server's VAPID identity (RFC 8292): keys as web-push writes them, base64url. */
export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  /** A contact for push services: `mailto:` or an https URL. */
  subject: string;
}

/** Who push services may write to about this deployment when VAPID_SUBJECT is not set. */
const DEFAULT_SUBJECT = 'mailto:admin@jerga.local';

/**
 * VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY and VAPID_SUBJECT from the function's environment (the
 * local stack generates and exports them; on hosted Supabase they are function secrets, see
 * docs/hosted-supabase.md). Undefined while either key is missing: push is then unavailable.
 */
export function vapidFromEnv(read: (name: string) => string | undefined = env): VapidKeys | undefined {
  const publicKey = read('VAPID_PUBLIC_KEY')?.trim();
  const privateKey = read('VAPID_PRIVATE_KEY')?.trim();
  if (!publicKey || !privateKey) return undefined;
  return { publicKey, privateKey, subject: read('VAPID_SUBJECT')?.trim() || DEFAULT_SUBJECT };
}
