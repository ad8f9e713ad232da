import type { StackConfig } from '../config.ts';
import { tokenVerifier } from '../tokens.ts';
import { accessDenied } from './errors.ts';

export type Role = 'anon' | 'authenticated' | 'service_role';

/** Who is calling: the role queries run as, and the claims RLS policies read. */
export interface StorageCaller {
  role: Role;
  claims: Record<string, unknown>;
  /** The token's `sub`: the owner of what this caller uploads. */
  sub: string | null;
  /** False when no valid token came (the routes that let a guest through). */
  authenticated: boolean;
}

export const SERVICE: StorageCaller = { role: 'service_role', claims: { role: 'service_role' }, sub: null, authenticated: true };
export const GUEST: StorageCaller = { role: 'anon', claims: { role: 'anon' }, sub: null, authenticated: false };

/** The caller behind a request; with `guestAllowed`, a guest when no valid token came. */
export type CallerOf = (request: Request, guestAllowed: boolean) => Promise<StorageCaller>;

/** The message jose gives for a token refused for `reason` (Storage shows jose's). */
function joseMessage(reason: string, token: string): string {
  if (/expired/i.test(reason)) return '"exp" claim timestamp check failed';
  if (!/^[\w-]+\.[\w-]+\.[\w-]*$/.test(token)) return 'Invalid Compact JWS';
  if (/required|Unknown role/.test(reason)) return reason.replace(/^InvalidJWTToken: /, '');
  return 'signature verification failed';
}

/**
 * The caller behind a request: its bearer token, else its apikey (the sb_ keys stand for
 * the role keys). An apikey that is not one of ours is refused (as the gateway does); a
 * missing or bad bearer is refused as Storage refuses it, unless `guestAllowed`.
 */
export function callerResolver(
  config: Pick<StackConfig, 'jwtSecret' | 'anonKey' | 'serviceRoleKey' | 'publishableKeys' | 'secretKeys'>,
): CallerOf {
  const verify = tokenVerifier(config);
  return async (request, guestAllowed) => {
    const apikey = request.headers.get('apikey');
    if (apikey) {
      const check = await verify(apikey);
      if (!check.ok) throw accessDenied('Invalid API key').withHttpStatus(401);
    }
    const bearer = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.get('authorization') ?? '')?.[1];
    const token = bearer ?? apikey;
    // Storage's messages are jose's (what its JWT check throws).
    if (!token) {
      if (guestAllowed) return GUEST;
      throw accessDenied('Invalid Compact JWS');
    }
    const check = await verify(token);
    if (!check.ok) {
      if (guestAllowed) return GUEST;
      throw accessDenied(joseMessage(check.reason, token));
    }
    const claims = check.caller.claims as Record<string, unknown>;
    const sub = typeof claims.sub === 'string' && claims.sub ? claims.sub : null;
    return { role: check.caller.role as Role, claims, sub, authenticated: true };
  };
}

/** The owner columns of what `caller` writes (`owner` is a uuid, `owner_id` any sub). */
export const ownerOf = (caller: StorageCaller) => ({
  owner: caller.sub && /^[0-9a-f-]{36}$/i.test(caller.sub) ? caller.sub : null,
  owner_id: caller.sub,
});
