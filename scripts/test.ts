// `npm test`: every check in one command — typecheck, lint, then Vitest's two projects
// (unit/component tests in jsdom; the stack project: pgTAP, /api integration, Deno,
// Supabase advisors and the Chromium end-to-end journeys against a fresh local stack).
import { spawn, spawnSync } from 'node:child_process';
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

/**
 * A step run beside others (each is one process on one core): its output is held and printed
 * whole when it ends, so two steps' lines never interleave.
 */
function quietStep(title: string, command: string, args: string[]): Promise<{ title: string; ok: boolean; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: rootDir, env: { ...process.env, FORCE_COLOR: process.stdout.isTTY ? '1' : '0' } });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', (error) => resolve({ title, ok: false, output: output + String(error) }));
    child.on('close', (code) => resolve({ title, ok: code === 0, output }));
  });
}

const extra = process.argv.slice(2);
// Typecheck and lint at once: a core each, ~half a minute less than one after the other.
const checks = await Promise.all([
  quietStep('Typecheck', bin('tsc'), ['-p', 'tsconfig.json', '--noEmit']),
  quietStep('Lint', bin('eslint'), ['.', '--max-warnings=0']),
]);
let ok = true;
for (const check of checks) {
  console.log(`\n▶ ${check.title}${check.ok ? '' : ' (failed)'}`);
  process.stdout.write(check.output);
  ok = check.ok && ok;
}
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
