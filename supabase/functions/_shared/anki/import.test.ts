import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { strToU8, zipSync } from 'fflate';
import initSqlJs from 'sql.js';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../errors.ts';
import { collectionFile, MAX_COLLECTION_BYTES } from './collection-file.ts';
import { noteGuid, SCHEMA_11 } from './format.ts';
import { readAnkiPackage } from './import.ts';

// The package reader on its own (no database): which collection it reads, and how it refuses a
// zip that lies about its sizes or a zstd frame that asks for too much memory.

const KEY = 'readerkey001';

/** A collection with one Jerga note of KEY (a basic and a reverse card), one review each, and two hand-made rows. */
async function collection(reviewedAt: number): Promise<{ bytes: Uint8Array; entryId: string }> {
  const SQL = await initSqlJs();
  const db = new SQL.Database();
  db.run(SCHEMA_11);
  const entryId = randomUUID();
  db.run("insert into notes values (1, ?, 1, 0, -1, '', 'x', '', 0, 0, '')", [noteGuid(KEY, entryId)]);
  for (const ord of [0, 1]) {
    db.run("insert into cards values (?, 1, 1, ?, 0, -1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, '')", [10 + ord, ord]);
    db.run('insert into revlog values (?, ?, -1, 3, 1, 0, 0, 2500, 1)', [reviewedAt + ord, 10 + ord]);
  }
  // Hand-made rows: an id that is no instant (skipped), a time beyond any review (capped at an hour).
  db.run('insert into revlog values (-5, 10, -1, 3, 1, 0, 0, 2500, 1)');
  db.run('insert into revlog values (?, 10, -1, 2, 1, 0, 0, 1e15, 1)', [reviewedAt + 5000]);
  const bytes = db.export();
  db.close();
  return { bytes, entryId };
}

/** The package's uncompressed size fields (local header and central directory) set to `size`. */
function withDeclaredSize(zip: Uint8Array, size: number): Uint8Array {
  const patched = zip.slice();
  const view = new DataView(patched.buffer);
  for (let at = 0; at + 4 <= patched.length; at++) {
    const signature = view.getUint32(at, true);
    if (signature === 0x04034b50) view.setUint32(at + 22, size, true);
    if (signature === 0x02014b50) view.setUint32(at + 24, size, true);
  }
  return patched;
}

/**
 * The named entry marked with a compression method nobody decodes (99): reading it would fail,
 * so a package still read proves the entry was left alone.
 */
function withUnknownCompression(zip: Uint8Array, name: string): Uint8Array {
  const patched = zip.slice();
  const view = new DataView(patched.buffer);
  const named = (at: number, length: number) => new TextDecoder().decode(patched.subarray(at, at + length)) === name;
  for (let at = 0; at + 46 <= patched.length; at++) {
    const signature = view.getUint32(at, true);
    if (signature === 0x04034b50 && named(at + 30, view.getUint16(at + 26, true))) view.setUint16(at + 8, 99, true);
    if (signature === 0x02014b50 && named(at + 46, view.getUint16(at + 28, true))) view.setUint16(at + 10, 99, true);
  }
  return patched;
}

function refusal(run: () => unknown): { status: number; code: string } | undefined {
  try {
    run();
  } catch (error) {
    if (error instanceof ApiError) return { status: error.status, code: error.code };
    throw error;
  }
  return undefined;
}

describe('reading an Anki package', () => {
  it('reads collection.anki21b (zstd) over the dummy collection.anki2 beside it, and only the collection', async () => {
    const { bytes, entryId } = await collection(1_700_000_000_000);
    const compressed = new Uint8Array(execFileSync('zstd', ['-q', '-c'], { input: bytes }));
    const SQL = await initSqlJs();
    const zip = withUnknownCompression(
      zipSync({ 'collection.anki2': new SQL.Database().export(), 'collection.anki21b': compressed, '0': strToU8('a recording') }),
      '0',
    );
    const found = await readAnkiPackage(zip, KEY);
    expect(found).toEqual({
      reviews: [
        { entryId, kind: 'basic', at: 1_700_000_000_000, rating: 3, durationMs: 2500 },
        { entryId, kind: 'reverse', at: 1_700_000_000_001, rating: 3, durationMs: 2500 },
        { entryId, kind: 'basic', at: 1_700_000_005_000, rating: 2, durationMs: 3_600_000 },
      ],
      skipped: 1,
      unknownNotes: 0,
    });
  });

  it('refuses an entry that inflates to more than it declared (400) and one declaring more than the limit (413)', async () => {
    const { bytes } = await collection(1_700_000_000_000);
    const zip = zipSync({ 'collection.anki2': bytes });
    expect(refusal(() => collectionFile(withDeclaredSize(zip, 1024)))).toEqual({ status: 400, code: 'anki_package_invalid' });
    expect(refusal(() => collectionFile(withDeclaredSize(zip, MAX_COLLECTION_BYTES + 1)))).toEqual({ status: 413, code: 'anki_package_too_large' });
  });

  it('refuses a zstd frame whose window is over the limit before decoding it (413), and a frame that is not zstd (400)', () => {
    // Magic, a frame header descriptor (not single segment), a window of 2^28 bytes (256 MB).
    const greedy = new Uint8Array([0x28, 0xb5, 0x2f, 0xfd, 0x00, (28 - 10) << 3, 0, 0, 0, 0]);
    expect(refusal(() => collectionFile(zipSync({ 'collection.anki21b': greedy })))).toEqual({ status: 413, code: 'anki_package_too_large' });
    expect(refusal(() => collectionFile(zipSync({ 'collection.anki21b': strToU8('SQLite format 3') })))).toEqual({ status: 400, code: 'anki_package_invalid' });
  });
});
