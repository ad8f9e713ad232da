import path from 'node:path';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

// The rooms of STYLE.md as eslint.config.js keeps them: each rule is shown a file that breaks
// it, placed where it would live, and must say so; what the rules allow must pass.
const root = path.resolve(import.meta.dirname, '..');
let eslint: ESLint;
beforeAll(() => {
  eslint = new ESLint({ cwd: root });
});

/** The problems ESLint finds in `code` as if it were the file at `file` (relative to the repository). */
async function lint(file: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return result.messages.map(({ ruleId, message }) => ({ ruleId, message }));
}
const boundary = (message: string) => ({ ruleId: 'import-x/no-restricted-paths', message: expect.stringContaining(message) });

describe('the boundary lint', () => {
  it('keeps features and the app out of shared code', async () => {
    expect(await lint('src/components/probe.tsx', "export { useAuth } from '@/features/auth';\n")).toEqual([boundary('Shared code (components, lib, i18n) imports no feature')]);
    expect(await lint('src/lib/probe.ts', "export { PageLoading } from '@/app/layout/root-layout';\n")).toEqual([boundary('Shared code (components, lib, i18n) imports no feature')]);
    expect(await lint('src/i18n/probe.ts', "export const load = () => import('@/features/chat');\n")).toEqual([boundary('Shared code (components, lib, i18n) imports no feature')]);
  }, 60_000);

  it('keeps the app out of features', async () => {
    expect(await lint('src/features/entries/probe.ts', "export { EntryCard } from '@/app/components/entry-card';\n")).toEqual([
      boundary('A feature imports nothing of the app'),
    ]);
  }, 60_000);

  it('lets a feature reach another only through its index.ts or its query keys', async () => {
    expect(await lint('src/features/flashcards/probe.ts', "export { useTags } from '@/features/tags/api/get-tags';\n")).toEqual([
      boundary('Features meet only through a feature’s index.ts'),
    ]);
    expect(await lint('src/features/flashcards/probe.ts', "export const later = () => import('@/features/tags/components/entry-tags');\n")).toEqual([
      boundary('Features meet only through a feature’s index.ts'),
    ]);
    expect(await lint('src/features/flashcards/probe.ts', "export { useTags } from '@/features/tags';\nexport { tagKeys } from '@/features/tags/api/tag-keys';\n")).toEqual([]);
  }, 60_000);

  it('refuses an import that would make two features import each other', async () => {
    // votes imports entries (to patch its lists): entries may not import votes, even through its index.
    expect(await lint('src/features/entries/probe.ts', "export { CardVotes } from '@/features/votes';\n")).toEqual([
      boundary('entries imports only features listed before it in FEATURES'),
    ]);
    // Nor its query keys, nor anything of a feature that imports entries further up.
    expect(await lint('src/features/entries/probe.ts', "export { voteKeys } from '@/features/votes/api/vote-keys';\n")).toEqual([
      boundary('entries imports only features listed before it in FEATURES'),
    ]);
    expect(await lint('src/features/auth/probe.ts', "export { FlashcardReview } from '@/features/flashcards/components/flashcard-review';\n")).toEqual([
      boundary('Features meet only through a feature’s index.ts'),
      boundary('auth imports only features listed before it in FEATURES'),
    ]);
  }, 60_000);

  it('refuses a cycle of modules', async () => {
    // get-entries imports entry-keys: entry-keys importing get-entries closes the loop.
    expect(await lint('src/features/entries/api/entry-keys.ts', "export { entriesQueryOptions } from './get-entries';\n")).toEqual([
      { ruleId: 'import-x/no-cycle', message: expect.stringContaining('Dependency cycle') },
    ]);
    // The stack and the edge functions too: context.ts imports errors.ts.
    expect(await lint('stack/storage/errors.ts', "export { findObject } from './context.ts';\n")).toEqual([
      { ruleId: 'import-x/no-cycle', message: expect.stringContaining('Dependency cycle') },
    ]);
  }, 60_000);

  it('passes what the rooms allow', async () => {
    // A feature: shared code, its own modules, an earlier feature's index and query keys.
    const feature = [
      "export { Spinner } from '@/components/popups';",
      "export { api } from '@/lib/api';",
      "export { voteKeys } from './api/vote-keys';",
      "export { patchEntryInLists } from '@/features/entries';",
      "export { entryKeys } from '@/features/entries/api/entry-keys';",
      '',
    ].join('\n');
    expect(await lint('src/features/votes/probe.ts', feature)).toEqual([]);
    // The app composes features: any of their modules, lazily or not.
    const page = [
      "export { FlashcardReview } from '@/features/flashcards/components/flashcard-review';",
      "export const later = () => import('@/features/recordings/components/recordings-section');",
      "export { EntryCard } from '@/app/components/entry-card';",
      '',
    ].join('\n');
    expect(await lint('src/app/routes/probe-page.tsx', page)).toEqual([]);
    // Tests may import anything.
    expect(await lint('src/components/probe.test.tsx', "export { useAuth } from '@/features/auth/auth-context';\n")).toEqual([]);
  }, 60_000);

  it('keeps functions under 150 lines and files under 500', async () => {
    const longFunction = `export function long() {\n${'  void 0;\n'.repeat(150)}}\n`;
    expect(await lint('src/lib/probe.ts', longFunction)).toEqual([{ ruleId: 'max-lines-per-function', message: expect.stringContaining('Maximum allowed is 150') }]);
    const longFile = Array.from({ length: 501 }, (_, index) => `export const line${index} = ${index};\n`).join('');
    expect(await lint('stack/probe.ts', longFile)).toEqual([{ ruleId: 'max-lines', message: expect.stringContaining('Maximum allowed is 500') }]);
    expect(await lint('src/lib/probe.test.ts', longFile)).toEqual([]);
  }, 60_000);
});
