import type { Entry, User } from '@/lib/api-types';
import { testUser } from './render';

export function makeEntry(overrides: Partial<Entry> = {}): Entry {
  return {
    _id: '22222222-2222-4222-8222-222222222222',
    title: 'chamba',
    description: 'Work, a job.',
    descriptionEs: null,
    country: 'MX',
    hint: null,
    exampleSentence: 'Tengo mucha chamba.',
    author: 'Lucía',
    owner: testUser._id,
    addedBy: { _id: testUser._id, name: testUser.name },
    ownerDeleted: false,
    show: true,
    voteCount: 0,
    upvotes: 0,
    downvotes: 0,
    userVote: null,
    inFlashcards: false,
    commentCount: 0,
    rudeIn: [],
    createdAt: '2025-01-01T00:00:00Z',
    updatedAt: '2025-01-01T00:00:00Z',
    tags: [],
    ...overrides,
  };
}

export function makeUser(overrides: Partial<User> = {}): User {
  return { ...testUser, ...overrides };
}
