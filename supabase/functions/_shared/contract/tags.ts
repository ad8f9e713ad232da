import { z } from 'zod';
import { id, nextCursor, success } from './common.ts';

/**
 * A tag (public.tag_json, and on an entry). The tag routes send `owner`; an entry's tags (its
 * own `tags`, and the tag routes of one entry) send `canRemove`.
 */
export const tag = z.strictObject({
  _id: id,
  name: z.string(),
  /** The tag's Spanish name; absent when none was given (show `name`). */
  nameEs: z.string().optional(),
  /** Who created it; null once their account is gone. Absent from an entry's own `tags`. */
  owner: id.nullable().optional(),
  /**
   * On an entry's tags (entry replies, the tag routes of one entry): whether the caller may
   * take this tag off it (they added it, own the entry, or are an admin). Absent elsewhere.
   */
  canRemove: z.boolean().optional(),
});
export type Tag = z.infer<typeof tag>;

/** GET /api/tag/getTags: every tag by name, a page at a time past 1000 (pass `nextCursor` as `after`). */
export const tagsReply = z.strictObject({ success, data: z.array(tag), nextCursor });
export type TagsReply = z.infer<typeof tagsReply>;

/** POST /api/tag/addTag (201), PUT /api/tag/updateTag/:id. */
export const tagReply = z.strictObject({ success, message: z.string(), data: tag });
export type TagReply = z.infer<typeof tagReply>;

/** GET /api/tag/getTagsForContent/:id, POST addTagToContent (201), DELETE removeTagFromContent: the entry's tags. */
export const entryTagsReply = z.strictObject({ success, data: z.array(tag) });
export type EntryTagsReply = z.infer<typeof entryTagsReply>;
