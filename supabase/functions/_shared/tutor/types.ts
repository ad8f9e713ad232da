// What begin_tutor_turn hands the tutor (its JSON, in the API's field names).

/** A shown entry the tutor may explain and cite. */
export interface TutorEntry {
  _id: string;
  title: string;
  description: string;
  /** The meaning in Spanish, when the entry has one. */
  descriptionEs?: string | null;
  /** Two-letter country code. */
  country: string;
  hint: string | null;
  exampleSentence: string | null;
  voteCount: number;
  /** Tag names. */
  tags: string[];
  /** The tags' Spanish names (a tag's name where it has none), when at least one has a Spanish name. */
  tagsEs?: string[];
}

/** An earlier message of the chat. */
export interface TutorHistoryMessage {
  role: 'user' | 'assistant';
  content: string;
  /** 'offline' or the model's name for assistant messages; null for the learner's. */
  model: string | null;
}

export type TutorLanguage = 'en' | 'es';

/** Everything a tutor needs to answer one message. */
export interface TutorTurn {
  message: string;
  language: TutorLanguage;
  history: TutorHistoryMessage[];
  /** The entries that best match the message, best first. */
  entries: TutorEntry[];
  /** Other entries worth a look (same country or tag), or the best-voted when nothing matched. */
  related: TutorEntry[];
  /** Whether this chat was already told that the tutor is offline. */
  offlineNoticeGiven: boolean;
  /** When the message asks how a word is said in a country: what the concept group says. */
  concept?: TutorConcept | null;
}

/** "How do you say X in <country>?" and the concept group that answers it. */
export interface TutorConcept {
  /** What the learner wants to say, as they wrote it. */
  term: string;
  /** The two-letter code of the country they named. */
  country: string;
  /** The best group's shown members, the country's forms first, then the others by country; empty when no group has the term. */
  entries: TutorEntry[];
}
