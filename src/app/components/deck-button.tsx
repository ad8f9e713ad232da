import { useQueryClient } from '@tanstack/react-query';
import { useTagName } from '@/components/meaning';
import { isCountryCode, useCountryName } from '@/features/countries';
import { entryKeys } from '@/features/entries/api/entry-keys';
import StudyDeckButton from '@/features/flashcards/components/study-deck-button';
import type { Tag } from '@/lib/api-types';

interface DeckButtonProps {
  /** The list's country filter (codes) and tag filter (ids), as the URL holds them. */
  countries: string[];
  tagIds: string[];
  /** The tags the page knows, to name the chosen one (and send its name). */
  tags?: Tag[];
  /** How many entries match, when the whole list is in; else undefined. */
  matching?: number;
}

/**
 * The deck of a list filtered by one country and/or one tag (home, a country's page), for a
 * signed-in learner; nothing for any other filter. Its own lazy chunk with the button, so
 * the pages' first download carries only the import: after a deck, the list is read again
 * (its cards now show they are in the learner's flashcards).
 */
export default function DeckButton({ countries, tagIds, tags, matching }: DeckButtonProps) {
  const queryClient = useQueryClient();
  const tagName = useTagName();
  const code = countries.length === 1 && isCountryCode(countries[0]) ? countries[0] : undefined;
  const countryName = useCountryName(code ?? '');
  const tag = tagIds.length === 1 ? tags?.find((each) => each._id === tagIds[0]) : undefined;
  if (countries.length !== (code ? 1 : 0) || tagIds.length !== (tag ? 1 : 0) || (!code && !tag)) return null;
  return (
    <StudyDeckButton
      filter={{ country: code, tag: tag?.name }}
      country={code && countryName}
      tag={tag && tagName(tag)}
      matching={matching}
      onAdded={() => void queryClient.invalidateQueries({ queryKey: entryKeys.all })}
    />
  );
}
