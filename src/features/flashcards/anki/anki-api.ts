import type { AnkiImportReply } from '@contract/decks';
import { api } from '@/lib/api';

/** The largest package the server reads (format.ts MAX_ANKI_PACKAGE_BYTES): checked before sending. */
export const MAX_ANKI_PACKAGE_BYTES = 50 * 1024 * 1024;

/** Today's date as the server names the package: jerga-<yyyy-mm-dd>.apkg. */
export const ankiFileName = (now = new Date()) => `jerga-${now.toISOString().slice(0, 10)}.apkg`;

/** GET /api/flashcard/exportAnki/:userId: the learner's Anki package. */
export const downloadAnkiPackage = (userId: string) => api.download(`/flashcard/exportAnki/${encodeURIComponent(userId)}`);

/** POST /api/flashcard/importAnki: the package as the raw body; what merging its reviews did. */
export const importAnkiPackage = (file: Blob) => api.upload<AnkiImportReply>('/flashcard/importAnki', file, 'application/octet-stream');
