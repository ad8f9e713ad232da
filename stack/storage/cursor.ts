import { invalidParameter } from './errors.ts';
import { MAX_KEY_LENGTH } from './names.ts';

/** The columns list-v2 sorts by. */
export type ListV2Column = 'name' | 'created_at' | 'updated_at';
export type ListV2Order = 'asc' | 'desc';

/**
 * Where a list-v2 page ended, as Storage carries it in `nextCursor`: base64 of
 * newline-separated `letter:value` parts (`l` the last name, `o` the order, `c` the sort
 * column, `a` that column's value at the last entry, ISO to the millisecond).
 */
export interface ListV2Cursor {
  after: string;
  order: ListV2Order;
  column: ListV2Column;
  afterTime: string | null;
}

/** The longest cursor taken: a key at its longest in UTF-8, plus the other parts. */
const MAX_CURSOR_LENGTH = Math.ceil(((MAX_KEY_LENGTH + 1) * 4 + 200) / 3) * 4;
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/;
const PART = /^([loca]):(.*)$/s;
const ISO_MS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const utf8 = new TextDecoder('utf-8', { fatal: true });

const badCursor = () => invalidParameter('cursor', 'Invalid Parameter continuation token');

export function encodeCursor(cursor: ListV2Cursor): string {
  const parts = [`l:${cursor.after}`, `o:${cursor.order}`, `c:${cursor.column}`];
  if (cursor.afterTime) parts.push(`a:${cursor.afterTime}`);
  return Buffer.from(parts.join('\n'), 'utf8').toString('base64');
}

/** A cursor a client sent back; anything that is not one we could have written is a 400. */
export function decodeCursor(token: unknown): ListV2Cursor {
  if (typeof token !== 'string' || token.length === 0 || token.length > MAX_CURSOR_LENGTH || token.length % 4 !== 0 || !BASE64.test(token)) throw badCursor();
  let text: string;
  try {
    text = utf8.decode(Buffer.from(token, 'base64'));
  } catch {
    throw badCursor();
  }
  const cursor: Partial<ListV2Cursor> = {};
  for (const line of text.split('\n')) {
    const match = PART.exec(line);
    if (!match) throw badCursor();
    const [, letter, value] = match;
    if (CONTROL.test(value)) throw badCursor();
    if (letter === 'l') {
      if (cursor.after !== undefined || value.length === 0 || value.length > MAX_KEY_LENGTH + 1) throw badCursor();
      cursor.after = value;
    } else if (letter === 'o') {
      if (cursor.order !== undefined || (value !== 'asc' && value !== 'desc')) throw badCursor();
      cursor.order = value;
    } else if (letter === 'c') {
      if (cursor.column !== undefined || (value !== 'name' && value !== 'created_at' && value !== 'updated_at')) throw badCursor();
      cursor.column = value;
    } else {
      if (cursor.afterTime !== undefined || !ISO_MS.test(value) || Number.isNaN(Date.parse(value))) throw badCursor();
      cursor.afterTime = value;
    }
  }
  if (cursor.after === undefined) throw badCursor();
  const column = cursor.column ?? 'name';
  if (column === 'name' && cursor.afterTime !== undefined) throw badCursor();
  return { after: cursor.after, order: cursor.order ?? 'asc', column, afterTime: cursor.afterTime ?? null };
}
