// `npm test`: every check in one command — typecheck, lint, then Vitest's two projects
// (unit/component tests in jsdom; the stack project: pgTAP, /api integration, Deno,
// Supabase advisors and the Chromium end-to-end journeys against a fresh local stack).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { rootDir } from '../stack/config.ts';

const bin = (name: string) => path.join(rootDir, 'node_modules', '.bin', name);
const report = path.join(rootDir, 'test-results', 'vitest.json');

function step(title: string, command: string, args: string[]): boolean {
  console.log(`\n▶ ${title}`);
  const result = spawnSync(command, args, { cwd: rootDir, stdio: 'inherit' });
  return result.status === 0;
}

const extra = process.argv.slice(2);
let ok = step('Typecheck', bin('tsc'), ['-p', 'tsconfig.json', '--noEmit']);
ok = step('Lint', bin('eslint'), ['.', '--max-warnings=0']) && ok;
fs.rmSync(report, { force: true });
ok = step('Vitest (unit, database, api, deno, advisors, e2e)', bin('vitest'), [
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${report}`,
  ...extra,
]) && ok;

let passed = 0;
let failed = 0;
if (fs.existsSync(report)) {
  const results = JSON.parse(fs.readFileSync(report, 'utf8')) as { numPassedTests: number; numFailedTests: number };
  passed = results.numPassedTests;
  failed = results.numFailedTests;
}
if (!ok && failed === 0) failed = 1; // typecheck, lint or a crashed run counts as a failure
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(ok && failed === 0 && passed > 0 ? 0 : 1);
