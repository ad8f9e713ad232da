// The flashcards feature's public surface. Only what the home grid and entry page need lives
// here: the review screen is imported by its route alone, so it stays in that lazy chunk.
import { lazy } from 'react';
export { flashcardKeys } from './api/flashcard-keys';
export type { DueFlashcard, Flashcard, Rating } from './api/types';
export { AddFlashcardButton } from './components/add-flashcard-button';
// The Anki controls (Account page, card browser) load in a chunk of their own, with their strings.
export const AnkiControls = lazy(() => import('./anki/anki-controls'));
