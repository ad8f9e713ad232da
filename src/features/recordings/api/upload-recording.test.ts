import { describe, expect, it } from 'vitest';
import { isDuplicateObject, problemOf } from './upload-recording';

// What the recorder tells the learner for each of Storage's refusals, as the local Storage
// and hosted Supabase word them.
describe('problemOf', () => {
  it('names the account limits, locally (429, 413) and as hosted Storage words them (403 with the code)', () => {
    const body = (statusCode: string, error: string, message: string) => JSON.stringify({ statusCode, error, message });
    expect(problemOf(429, body('429', 'too_many_uploads', 'too_many_uploads: an account may upload 30 files a minute'))).toBe('tooManyUploads');
    expect(problemOf(403, body('403', 'Unauthorized', 'too_many_uploads: an account may upload 30 files a minute'))).toBe('tooManyUploads');
    expect(problemOf(413, body('413', 'quota_exceeded', 'quota_exceeded: an account may store 52428800 bytes'))).toBe('quotaExceeded');
    expect(problemOf(403, body('403', 'Unauthorized', 'quota_exceeded: an account may store 52428800 bytes'))).toBe('quotaExceeded');
  });

  it('keeps the bucket’s own refusals apart', () => {
    expect(problemOf(400, JSON.stringify({ statusCode: '413', error: 'Payload too large', message: 'The object exceeded the maximum allowed size' }))).toBe('tooLarge');
    expect(problemOf(400, JSON.stringify({ statusCode: '415', error: 'invalid_mime_type', message: 'mime type audio/flac is not supported' }))).toBe('type');
    expect(problemOf(500, 'not json')).toBe('uploadFailed');
  });
});

// A retried upload whose first try got there: Storage's "already exists", told apart from its busy 409.
describe('isDuplicateObject', () => {
  it('is Storage’s Duplicate only', () => {
    expect(isDuplicateObject(400, JSON.stringify({ statusCode: '409', error: 'Duplicate', message: 'The resource already exists' }))).toBe(true);
    expect(isDuplicateObject(409, JSON.stringify({ error: 'Duplicate', message: 'The resource already exists' }))).toBe(true);
    expect(isDuplicateObject(400, JSON.stringify({ statusCode: '409', error: 'TransactionError', message: 'The resource is busy; try again' }))).toBe(false);
    expect(isDuplicateObject(400, JSON.stringify({ statusCode: '413', error: 'Payload too large', message: 'too large' }))).toBe(false);
    expect(isDuplicateObject(409, 'not json')).toBe(false);
  });
});
