import { describe, expect, it } from 'vitest';
import { sessionOf, type DueReply } from './get-due-flashcards';
import type { DueFlashcard } from './types';

const card = (id: string, due: string) => ({ _id: id, due }) as unknown as DueFlashcard;
const from = '2026-11-28T03:00:00.000Z';
const reply: DueReply = {
  data: [card('today', '2026-11-27T10:00:00.000Z')],
  total: 7,
  nextDay: { from, cards: [card('today', '2026-11-27T10:00:00.000Z'), card('tomorrow', '2026-11-28T08:00:00.000Z')] },
};

describe('sessionOf', () => {
  it('is today\'s page and count before the next day starts by the device clock', () => {
    expect(sessionOf(reply, Date.parse(from) - 1)).toEqual({ data: reply.data, total: 7 });
  });

  it('is the next day\'s cards once the device clock has reached its start (a list kept offline)', () => {
    expect(sessionOf(reply, Date.parse(from))).toEqual({ data: reply.nextDay!.cards, total: 2 });
  });

  it('is today\'s without a next day (a server or cached list from before ahead) or with a bad start', () => {
    expect(sessionOf({ data: reply.data, total: 7 }, Date.parse(from) + 1)).toEqual({ data: reply.data, total: 7 });
    expect(sessionOf({ ...reply, nextDay: { from: 'soon', cards: [] } }, Date.parse(from))).toEqual({ data: reply.data, total: 7 });
  });
});
