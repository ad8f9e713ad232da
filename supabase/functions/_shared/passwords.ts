import { z } from 'zod';

/** Our minimum (Auth's `minimum_password_length` is set to the same in config.toml). */
export const MIN_PASSWORD_CHARACTERS = 8;
/** bcrypt reads at most 72 bytes; Auth refuses longer passwords rather than cut them. */
export const MAX_PASSWORD_BYTES = 72;

let common: Promise<Set<string>> | undefined;

/**
 * The ~50,000 most common passwords from zxcvbn-ts's dictionary, loaded on first use
 * (it is large) and compared without case: "Password1" is as guessable as "password1".
 */
function commonPasswords(): Promise<Set<string>> {
  common ??= import('@zxcvbn-ts/language-common').then(
    ({ dictionary }) => new Set((dictionary['passwords-common'] as string[]).map((word) => word.toLowerCase())),
  );
  return common;
}

export async function isCommonPassword(password: string): Promise<boolean> {
  return (await commonPasswords()).has(password.toLowerCase());
}

/**
 * A new password: present, at least 8 characters (code points, as a person counts them),
 * at most 72 bytes (as bcrypt counts them; the message says so), and not a common one.
 */
export const newPassword = z
  .string({ error: 'password_required' })
  .min(1, 'password_required')
  .refine((value) => [...value].length >= MIN_PASSWORD_CHARACTERS, 'password_too_short')
  .refine((value) => new TextEncoder().encode(value).length <= MAX_PASSWORD_BYTES, 'password_too_long')
  .refine(async (value) => !(await isCommonPassword(value)), 'password_too_common');
