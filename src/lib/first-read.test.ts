import { describe, expect, it } from 'vitest';
import { SERVED_READ_ID } from '@/preload-page';
import { hasServedRead, takeServedRead } from './first-read';

/** A document as the server sends an entry page: the read it was drawn from in a JSON block. */
function servedPage(text: string): Document {
  const doc = document.implementation.createHTMLDocument('t');
  const block = doc.createElement('script');
  block.type = 'application/json';
  block.id = SERVED_READ_ID;
  block.textContent = text;
  doc.head.append(block);
  return doc;
}

describe('the read a server-drawn page came with', () => {
  it('is handed over once, for its own path only', () => {
    const doc = servedPage(JSON.stringify({ path: '/content/getContentById/42', body: { _id: '42', title: '</script>' } }));
    expect(hasServedRead(doc)).toBe(true);
    expect(takeServedRead('/content/getContentById/42', doc)).toEqual({ _id: '42', title: '</script>' });
    expect(hasServedRead(doc)).toBe(false);
    expect(takeServedRead('/content/getContentById/42', doc)).toBeUndefined();

    const other = servedPage(JSON.stringify({ path: '/content/getContentById/42', body: {} }));
    expect(takeServedRead('/content/getContentById/43', other)).toBeUndefined();
    // Asked for by another page: spent all the same (a later read asks the server).
    expect(hasServedRead(other)).toBe(false);
  });

  it('is nothing when the block is not JSON, or absent', () => {
    expect(takeServedRead('/content/getContentById/42', servedPage('{not json'))).toBeUndefined();
    expect(hasServedRead(document.implementation.createHTMLDocument('t'))).toBe(false);
  });
});
