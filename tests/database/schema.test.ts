import { readFileSync } from 'node:fs';
import { expect, test } from 'vitest';
import { generateSchema, schemaFile } from '../../stack/schema/index.ts';
import { liveEventsFile, renderLiveEvents } from '../../stack/schema/live-events.ts';
import { stack } from '../support/stack.ts';

// supabase/schema/schema.sql is what the migrations make of a fresh database, generated from
// the catalogs: it must be regenerated whenever a migration is added. live-events.md beside it
// is the contract's list of live events, written by the same command.

test('supabase/schema/schema.sql is what the migrations make', async () => {
  const generated = await generateSchema(stack().dbUrl);
  const committed = readFileSync(schemaFile, 'utf8');
  expect(generated.length).toBeGreaterThan(10_000);
  expect(generated).toContain('create table public.entries (');
  expect(generated).toContain('create policy');
  // A plain equality would print two 7,000-line texts; say which block differs and what to do.
  const firstDifference = [...generated].findIndex((char, index) => char !== committed[index]);
  const where = generated.slice(0, Math.max(firstDifference, 0)).split('\n').length;
  expect(generated === committed, `schema is stale: run npm run db:schema (first difference at line ${where} of ${schemaFile})`).toBe(true);
});

test('supabase/schema/live-events.md is the contract’s list of live events', () => {
  const rendered = renderLiveEvents();
  expect(rendered).toContain('## `entry:<id>`');
  expect(readFileSync(liveEventsFile, 'utf8') === rendered, `live-events.md is stale: run npm run db:schema (${liveEventsFile})`).toBe(true);
});
