import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { rootDir } from '../../stack/config.ts';
import { stack } from '../support/stack.ts';

const run = promisify(execFile);
const supabase = path.join(rootDir, 'node_modules', '.bin', 'supabase');

interface Advice {
  name: string;
  level: 'ERROR' | 'WARN' | 'INFO';
  detail: string;
}

describe("Supabase's database advisors", () => {
  it('report no ERROR or WARN for our schema', async () => {
    // The CLI's own linter (splinter) against the migrated test database, no Docker needed.
    const { stdout } = await run(
      supabase,
      ['db', 'advisors', `--remote=${stack().dbUrl}`, '--type', 'all', '--level', 'info', '--output-format', 'json'],
      { cwd: rootDir, env: { ...process.env, NO_COLOR: '1', SUPABASE_TELEMETRY_DISABLED: '1' }, timeout: 120_000 },
    );
    const report = JSON.parse(stdout.slice(stdout.indexOf('{'))) as { results: Advice[] };
    expect(Array.isArray(report.results)).toBe(true);
    const serious = report.results.filter((advice) => advice.level !== 'INFO');
    expect(serious.map((advice) => `${advice.level} ${advice.name}: ${advice.detail}`)).toEqual([]);
  }, 180_000);
});
