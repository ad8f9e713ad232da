import { execFile } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, test } from 'vitest';
import { rootDir } from '../../stack/config.ts';
import { stack } from '../support/stack.ts';

// Runs every pgTAP file in supabase/tests/database with Debian's psql against the test
// stack's database, one vitest test per file. Each file wraps itself in begin/rollback,
// so files leave no trace and can run in any order.

const run = promisify(execFile);
const psql = '/usr/bin/psql';
const testsDir = path.join(rootDir, 'supabase', 'tests', 'database');
const files = readdirSync(testsDir)
  .filter((file) => file.endsWith('.test.sql'))
  .sort();

interface PsqlResult {
  code: number;
  stdout: string;
  stderr: string;
}

async function runPsql(file: string): Promise<PsqlResult> {
  const args = [stack().dbUrl, '-X', '-q', '-t', '-A', '-v', 'ON_ERROR_STOP=1', '-f', path.join(testsDir, file)];
  try {
    const { stdout, stderr } = await run(psql, args, { maxBuffer: 16 * 1024 * 1024 });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code?: number | string; stdout?: string; stderr?: string };
    if (typeof failed.code !== 'number') throw error; // psql could not be started at all
    return { code: failed.code, stdout: failed.stdout ?? '', stderr: failed.stderr ?? '' };
  }
}

describe('pgTAP', () => {
  test('there are pgTAP files to run', () => {
    expect(files.length).toBeGreaterThan(0);
  });

  for (const file of files) {
    test(file, async () => {
      const { code, stdout, stderr } = await runPsql(file);
      const lines = stdout.split('\n');
      const plan = lines.map((line) => /^1\.\.(\d+)$/.exec(line)).find(Boolean);
      const passed = lines.filter((line) => /^ok \d+/.test(line));
      const failed = lines.filter((line) => /^not ok \d+/.test(line));
      // What to show when something is wrong: failures with their diagnostics, and psql's errors.
      const report = lines
        .filter((line) => /^not ok \d+/.test(line) || line.startsWith('#'))
        .concat(stderr.trim() ? ['psql stderr:', stderr.trim()] : [])
        .join('\n');

      expect(code, `psql exited with ${code}\n${report}`).toBe(0);
      expect(plan, `no TAP plan line (1..N) in the output\n${stdout}\n${report}`).toBeTruthy();
      expect(failed, `failing pgTAP assertions:\n${report}`).toEqual([]);
      expect(passed.length, `planned ${plan![1]} assertions, ${passed.length} passed\n${report}`).toBe(
        Number(plan![1]),
      );
    });
  }
});
