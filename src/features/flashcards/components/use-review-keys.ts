import { useEffect, useEffectEvent, useRef, type RefObject } from 'react';
import { RATINGS, type Rating } from '../api/types';

interface ReviewKeys {
  flipped: boolean;
  flip: () => void;
  rate: (rating: Rating) => void;
  /** The card's speaker (none while it may not be read out). */
  speaker: RefObject<{ play: () => void } | null>;
}

/**
 * The review's keys, wherever the focus is: Space or Enter turns the card, 1–4 rate a turned
 * one, R reads it out. A field being typed in, or a dialog over the page, keeps its keys.
 */
export function useReviewKeys({ flipped, flip, rate, speaker }: ReviewKeys) {
  // Whether the focus was last put somewhere by a click (then Space is the card's) or by Tab.
  const pointerFocus = useRef(false);
  const onKey = useEffectEvent((event: KeyboardEvent) => {
    if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
    if (event.key === 'Tab') pointerFocus.current = false;
    const target = event.target instanceof Element ? event.target : null;
    // Typing in a field, or a dialog open over the page: the keys are theirs.
    if (target?.closest('input, textarea, select, [contenteditable="true"], dialog, [role="dialog"]')) return;
    const onControl = Boolean(target?.closest('button, a, [role="button"]'));
    if (event.key === ' ' || event.key === 'Enter') {
      // Enter presses the control that has the focus, and so does Space on one reached by the
      // keyboard; Space after a click (the hint, the speaker) turns the card, whatever was clicked.
      if (onControl && (event.key === 'Enter' || !pointerFocus.current)) return;
      event.preventDefault();
      if (!event.repeat) flip();
    } else if (/^[1-4]$/.test(event.key)) {
      event.preventDefault();
      if (flipped && !event.repeat) rate(RATINGS[Number(event.key) - 1]);
    } else if ((event.key === 'r' || event.key === 'R') && !event.repeat && speaker.current) {
      event.preventDefault();
      speaker.current.play();
    }
  });
  useEffect(() => {
    const listener = (event: KeyboardEvent) => onKey(event);
    const pointer = () => {
      pointerFocus.current = true;
    };
    // Capture: on the document before any control sees the key, whichever has the focus.
    document.addEventListener('keydown', listener, true);
    document.addEventListener('pointerdown', pointer, true);
    return () => {
      document.removeEventListener('keydown', listener, true);
      document.removeEventListener('pointerdown', pointer, true);
    };
  }, []);
}
