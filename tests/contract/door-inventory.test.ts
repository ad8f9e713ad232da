import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, test } from 'vitest';
import { rootDir } from '../../stack/config.ts';
import { doorKey, registeredDoors, type Door } from '../support/registered-doors.ts';

// SECURITY.md's door inventory against what the servers really register: every route, socket
// event and page of the gateway, Auth, Realtime, Storage, the edge functions, the web server
// and the mail catcher has one row saying who may call it, what limits it and which test
// proves it; a row for a door that no longer exists, or naming a test that does not, fails.

interface Row extends Door {
  who: string;
  limit: string;
  tests: { file: string; name?: string }[];
  line: number;
}

const HEADER = ['server', 'method', 'path', 'who may call it', 'limit', 'proved by'];

/** The table under `## Door inventory` in SECURITY.md, one Row per line. */
function inventoryRows(): Row[] {
  const lines = readFileSync(path.join(rootDir, 'SECURITY.md'), 'utf8').split('\n');
  const start = lines.findIndex((line) => line.trim() === '## Door inventory');
  if (start < 0) throw new Error('SECURITY.md has no "## Door inventory" section');
  const end = lines.findIndex((line, index) => index > start && line.startsWith('## '));
  const rows: Row[] = [];
  let header: string[] | undefined;
  lines.slice(start + 1, end < 0 ? undefined : end).forEach((line, index) => {
    if (!line.startsWith('|')) return;
    const cells = line.slice(1, line.trimEnd().endsWith('|') ? line.trimEnd().length - 1 : undefined).split('|').map((cell) => cell.trim());
    if (!header) {
      header = cells.map((cell) => cell.toLowerCase());
      return;
    }
    if (cells.every((cell) => /^:?-+:?$/.test(cell))) return;
    const plain = (cell: string) => cell.replaceAll('`', '').trim();
    rows.push({
      server: plain(cells[0]),
      method: plain(cells[1]),
      path: plain(cells[2]),
      who: cells[3] ?? '',
      limit: cells[4] ?? '',
      tests: [...(cells[5] ?? '').matchAll(/`([^`]+)`/g)].map(([, named]) => {
        const [file, name] = named.split(' › ');
        return { file: file.trim(), name: name?.trim() };
      }),
      line: start + 2 + index,
    });
  });
  if (header?.join('|') !== HEADER.join('|')) throw new Error(`the door inventory's columns must be: ${HEADER.join(' | ')}`);
  return rows;
}

describe('the door inventory (SECURITY.md)', () => {
  let doors: Door[];
  let rows: Row[];

  beforeAll(async () => {
    doors = await registeredDoors();
    rows = inventoryRows();
  });

  test('reads the doors of every server', () => {
    const servers = new Set(doors.map((door) => door.server));
    for (const server of ['gateway', 'auth', 'realtime', 'storage', 'api', 'web', 'mail']) expect(servers).toContain(server);
    // A few doors any reader knows are there, so an empty or broken reading cannot pass.
    const keys = new Set(doors.map(doorKey));
    expect(keys).toContain('auth POST /auth/v1/verify');
    expect(keys).toContain('api POST /api/vote/addVote');
    expect(keys).toContain('realtime EVENT phx_join');
    expect(keys).toContain('storage POST /storage/v1/object/:bucket/*key');
  });

  test('every registered door has a row', () => {
    const listed = new Set(rows.map(doorKey));
    const missing = doors.filter((door) => !listed.has(doorKey(door))).map(doorKey);
    expect(missing, 'doors with no row in SECURITY.md "Door inventory": add one (who may call it, its limit, its test)').toEqual([]);
  });

  test('every row is a door that exists, listed once', () => {
    const registered = new Set(doors.map(doorKey));
    const stale = rows.filter((row) => !registered.has(doorKey(row))).map((row) => `line ${row.line}: ${doorKey(row)}`);
    expect(stale, 'rows for doors no server registers').toEqual([]);
    const keys = rows.map(doorKey);
    expect(keys.filter((key, index) => keys.indexOf(key) !== index), 'rows listed twice').toEqual([]);
  });

  test('every row says who may call it and what limits it', () => {
    const vague = rows.filter((row) => row.who.length < 3 || row.limit.length < 3).map((row) => `line ${row.line}: ${doorKey(row)}`);
    expect(vague).toEqual([]);
  });

  test('every row names tests that exist', () => {
    const problems: string[] = [];
    for (const row of rows) {
      if (!row.tests.length) problems.push(`line ${row.line}: ${doorKey(row)} names no test`);
      for (const { file, name } of row.tests) {
        const full = path.join(rootDir, file);
        if (!/\.test\.(ts|tsx|sql)$/.test(file) || !existsSync(full)) {
          problems.push(`line ${row.line}: ${file} is not a test file`);
        } else if (name && !readFileSync(full, 'utf8').includes(name)) {
          problems.push(`line ${row.line}: ${file} has no test "${name}"`);
        }
      }
    }
    expect(problems).toEqual([]);
  });
});
