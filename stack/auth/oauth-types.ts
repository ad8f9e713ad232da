/**
 * What an OAuth sign-in carries between /authorize, the provider (real Google or the local
 * stand-in) and /callback. Its own module so that oauth.ts (the flow) and google.ts (the
 * provider) share it without importing each other in a loop.
 */

/** The state /authorize hands the provider and /callback gets back. */
export interface OAuthState {
  provider: string;
  referrer: string;
  flow_state_id?: string;
  /** With real Google: the nonce and PKCE verifier of this sign-in (the state is then sealed). */
  google?: GoogleChecks;
}

/** Who Google (or the local stand-in) says signed in. */
export interface GoogleProfile {
  sub: string;
  email: string;
  name: string;
  picture: string;
  /** Whether the provider vouches for the address (the stand-in never does). */
  emailVerified: boolean;
  /** Made by the local stand-in page, which proves nothing about the address. */
  standIn: boolean;
  /** The ID token's issuer (real Google). */
  issuer?: string;
}

/** What one sign-in must find again at the callback; it travels sealed inside the state. */
export interface GoogleChecks {
  nonce: string;
  verifier: string;
}
