import { describe, expect, it } from 'vitest';
import { isCommonPassword, newPassword } from './passwords.ts';

const issuesOf = async (value: unknown) => {
  const result = await newPassword.safeParseAsync(value);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
};

describe('new passwords', () => {
  it('need 8 characters, counted as a person counts them', async () => {
    expect(await issuesOf('')).toContain('password_required');
    expect(await issuesOf('seven77')).toContain('password_too_short');
    // Four emoji are 8 UTF-16 units but 4 characters.
    expect(await issuesOf('😀😀😀😀')).toContain('password_too_short');
    expect(await issuesOf('ñandú-río-42')).toEqual([]);
  });

  it('may be at most 72 bytes, as bcrypt reads them', async () => {
    expect(await issuesOf('a'.repeat(72))).toEqual([]);
    expect(await issuesOf('a'.repeat(73))).toContain('password_too_long');
    // 37 "ñ" are 37 characters but 74 bytes.
    expect(await issuesOf('ñ'.repeat(37))).toContain('password_too_long');
  });

  it('may not be one of the most common passwords, whatever the case', async () => {
    expect(await isCommonPassword('password1')).toBe(true);
    expect(await isCommonPassword('PassWord1')).toBe(true);
    expect(await issuesOf('12345678')).toContain('password_too_common');
    expect(await issuesOf('qwertyuiop')).toContain('password_too_common');
    expect(await issuesOf('correct-horse-9')).toEqual([]);
  });
});
