import type postgres from 'postgres';
import type { AuthSettings } from './settings.ts';
import type { SigningKeys } from './tokens.ts';

/** What every part of the Auth service shares: the database, keys, settings and clock. */
export interface AuthContext {
  sql: postgres.Sql;
  keys: SigningKeys;
  settings: AuthSettings;
  /** The service's external URL, e.g. http://127.0.0.1:54321/auth/v1 (the tokens' `iss`). */
  externalUrl: string;
  now(): Date;
}

export const seconds = (date: Date) => Math.floor(date.getTime() / 1000);
