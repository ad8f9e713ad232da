import { useState, type RefObject } from 'react';

/**
 * The face of the card on screen: turned or not, its hint and first letters shown, what the
 * learner typed, and when the answer was shown (the rating buttons' intervals count from then).
 */
export function useCardFace(cardRef: RefObject<HTMLElement | null>) {
  const [flipped, setFlipped] = useState(false);
  const [hintShown, setHintShown] = useState(false);
  // The answer's first letters (a help of its own, for cards that ask for the word).
  const [lettersShown, setLettersShown] = useState(false);
  // What the learner typed before turning a card that asks for the word (optional).
  const [typed, setTyped] = useState('');
  // When the answer was shown: the intervals on the buttons count from then.
  const [shownAt, setShownAt] = useState(0);

  const flip = () => {
    setFlipped((value) => !value);
    setShownAt(Date.now());
    // The "Show answer" button goes away with the front: keep the focus on the card.
    cardRef.current?.focus();
  };
  /** The next card starts on its front, with no help shown and nothing typed. */
  const reset = () => {
    setFlipped(false);
    setHintShown(false);
    setLettersShown(false);
    setTyped('');
  };
  return {
    flipped,
    hintShown,
    lettersShown,
    typed,
    shownAt,
    flip,
    reset,
    setTyped,
    toggleHint: () => setHintShown((value) => !value),
    showLetters: () => setLettersShown(true),
  };
}
