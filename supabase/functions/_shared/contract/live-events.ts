import { z } from 'zod';
import { id, time } from './common.ts';
import { comment } from './comments.ts';
import { entry, variant, voteType } from './entries.ts';
import { notification } from './notifications.ts';
import { tag } from './tags.ts';
import { usageTallies } from './usage.ts';

// The live events, the one list: every broadcast the database sends (realtime.send in a SQL
// function, in the same transaction as the change) by topic and event, with its payload.
// tests/database/live-events.test.ts holds it to the functions' realtime.send calls (both
// ways), tests/integration/live-events.test.ts parses real broadcasts with it, and
// `npm run db:schema` writes it out as supabase/schema/live-events.md. Every topic is a private
// channel: only the database publishes (no policy lets a client insert), and the policy on
// realtime.messages decides who may join.

/** The broadcast's own id, which realtime.send adds to every payload. */
const message = { id };

/** An entry's new tallies (entries `score`, entry:<id> `vote`). */
export const scoreEvent = z.strictObject({
  ...message,
  contentId: id,
  upvotes: z.number().int(),
  downvotes: z.number().int(),
  /** upvotes - downvotes. */
  voteCount: z.number().int(),
});
export type ScoreEvent = z.infer<typeof scoreEvent>;

/** An edit as private.tell_entry_edit sends it: the fields the pages show. */
export const entryEditEvent = z.strictObject({
  ...message,
  contentId: id,
  ...entry.pick({ title: true, description: true, descriptionEs: true, country: true, hint: true, exampleSentence: true, author: true }).shape,
  updatedAt: time,
});
export type EntryEditEvent = z.infer<typeof entryEditEvent>;

/** An entry hidden by moderation (held or removed) or shown again. */
export const entryModerationEvent = z.strictObject({ ...message, contentId: id });
export type EntryModerationEvent = z.infer<typeof entryModerationEvent>;

/** A comment that appeared (added, or shown again by moderation), with the entry's new count. */
export const commentEvent = z.strictObject({
  ...message,
  comment,
  /** The entry's shown comments. */
  commentCount: z.number().int(),
});
export type CommentEvent = z.infer<typeof commentEvent>;

/** A comment that went (deleted, or hidden by moderation), with the entry's new count. */
export const commentGoneEvent = z.strictObject({ ...message, _id: id, contentId: id, commentCount: z.number().int() });
export type CommentGoneEvent = z.infer<typeof commentGoneEvent>;

/** An entry's tag list after a change (each tag as public.tag_json: no canRemove, which is each caller's own). */
export const tagsEvent = z.strictObject({ ...message, contentId: id, tags: z.array(tag) });
export type TagsEvent = z.infer<typeof tagsEvent>;

/** An entry's variant list after a link changed (canUnlink is each caller's own, so left out). */
export const variantsEvent = z.strictObject({ ...message, contentId: id, variants: z.array(variant.omit({ canUnlink: true })) });
export type VariantsEvent = z.infer<typeof variantsEvent>;

/** An entry's recordings changed (added, deleted, voted on, moderated): read them again. */
export const recordingsEvent = z.strictObject({ ...message, contentId: id });
export type RecordingsEvent = z.infer<typeof recordingsEvent>;

/** A new (or, for votes, regrouped) notification as private.notify sends it. */
export const notificationEvent = notification.extend({
  ...message,
  /** Who did it (the notification's actorName); null for moderation. */
  by: z.string().nullable(),
  /** A vote's notification: which way the last vote went. */
  voteType: voteType.optional(),
});
export type NotificationEvent = z.infer<typeof notificationEvent>;

/** A moderation case changed (reported, resolved): the queue's open count. */
export const queueEvent = z.strictObject({ ...message, caseId: id, open: z.number().int() });
export type QueueEvent = z.infer<typeof queueEvent>;

/** Every learner's new tallies of the entry. */
export const usageEvent = usageTallies.extend(message);
export type UsageEvent = z.infer<typeof usageEvent>;

interface EventSpec {
  /** What happened, for the list. */
  about: string;
  payload: z.ZodType;
}
interface TopicSpec {
  /** Who may join (the realtime.messages policy). */
  joins: string;
  about: string;
  events: Record<string, EventSpec>;
}

/** Every topic (by pattern: `<id>` stands for a uuid) and every event on it. */
export const liveTopics = {
  entries: {
    about: 'The home grid and every list of entries.',
    joins: 'anyone',
    events: {
      score: { about: 'A vote moved an entry\'s tallies.', payload: scoreEvent },
      entry_updated: { about: 'A shown entry was edited.', payload: entryEditEvent },
      hidden: { about: 'Moderation hid an entry (held or removed).', payload: entryModerationEvent },
      shown: { about: 'Moderation showed an entry again.', payload: entryModerationEvent },
    },
  },
  'entry:<id>': {
    about: 'One entry\'s page.',
    joins: 'whoever can see the entry (the entries policies: a hidden entry\'s topic is its owner\'s and admins\'); Presence counts who is there',
    events: {
      vote: { about: 'A vote moved its tallies.', payload: scoreEvent },
      comment_added: { about: 'A comment was added.', payload: commentEvent },
      comment_deleted: { about: 'A comment was deleted.', payload: commentGoneEvent },
      comment_hidden: { about: 'Moderation hid a comment.', payload: commentGoneEvent },
      comment_shown: { about: 'Moderation showed a comment again.', payload: commentEvent },
      tags: { about: 'A tag was added to it or taken off.', payload: tagsEvent },
      variants: { about: 'A variant link of its group was made, removed, held or released, or another entry of its group was renamed, moved or hidden.', payload: variantsEvent },
      usage: { about: 'A learner marked (or took back) how it lands in a country.', payload: usageEvent },
      recordings: { about: 'Its recordings changed: read them again.', payload: recordingsEvent },
      entry_updated: { about: 'It was edited.', payload: entryEditEvent },
      hidden: { about: 'Moderation hid it.', payload: entryModerationEvent },
      shown: { about: 'Moderation showed it again.', payload: entryModerationEvent },
    },
  },
  'user:<id>': {
    about: 'One learner\'s own notifications.',
    joins: 'that learner only',
    events: {
      notification: { about: 'A notification of a kind the learner wants (comment, reply, vote, moderation).', payload: notificationEvent },
    },
  },
  moderation: {
    about: 'The admins\' moderation queue.',
    joins: 'admins only',
    events: {
      queue: { about: 'A case was reported or resolved.', payload: queueEvent },
    },
  },
} as const satisfies Record<string, TopicSpec>;

type Topics = typeof liveTopics;

/** A topic's pattern, as the list names it: `entry:<id>`. */
export type TopicPattern = keyof Topics;

/** The topic names a pattern stands for: `entry:<id>` is any `entry:…`. */
type NamesOf<P extends TopicPattern> = P extends `${infer Head}:<id>` ? `${Head}:${string}` : P;

/** A topic the database broadcasts on. */
export type LiveTopic = NamesOf<TopicPattern>;

/** The pattern a topic name matches. */
export type PatternOf<T extends LiveTopic> = { [P in TopicPattern]: T extends NamesOf<P> ? P : never }[TopicPattern];

/** The events of a topic and their payloads: `LiveEventsOf<'entries'>['score']` is a ScoreEvent. */
export type LiveEventsOf<T extends LiveTopic> = {
  [E in keyof Topics[PatternOf<T>]['events']]: Topics[PatternOf<T>]['events'][E] extends { payload: infer S extends z.ZodType } ? z.infer<S> : never;
};
