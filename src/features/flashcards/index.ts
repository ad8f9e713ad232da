// The flashcards feature's public surface. Only what the home grid and entry page need lives
// here: the review screen is imported by its route alone, so it stays in that lazy chunk.
export { flashcardKeys } from './api/flashcard-keys';
export type { DueFlashcard, Flashcard, Rating } from './api/types';
export { AddFlashcardButton } from './components/add-flashcard-button';
