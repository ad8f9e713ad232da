// The flashcards feature's surface for the entry page (a lazy route): "Add to flashcards" by
// kind, and "Drill these variants" for the variants feature's Elsewhere section. Not in
// index.ts: the home grid imports that, and these bring the review strings with them, which
// the first download has no room for.
export { DrillVariantsButton } from './components/drill-variants-button';
export { FlashcardKindsMenu } from './components/flashcard-kinds-menu';
