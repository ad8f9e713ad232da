import { z } from 'zod';
import { countryCode, id, moderation, nextCursor, success, time } from './common.ts';
import { listedUser } from './accounts.ts';

/** Why a learner reports something. */
export const reportReason = z.enum(['spam', 'offensive', 'wrong', 'duplicate', 'other']);
export type ReportReason = z.infer<typeof reportReason>;

/** What an admin decides about a reported thing. */
export const resolution = z.enum(['restore', 'remove', 'dismiss']);
export type Resolution = z.infer<typeof resolution>;

/** POST /api/report/addReport: 201, or 200 when the learner had reported it already (counted once). */
export const addReportReply = z.strictObject({
  success,
  message: z.string(),
  data: z.strictObject({ _id: id, reason: reportReason, createdAt: time, repeated: z.boolean() }),
});
export type AddReportReply = z.infer<typeof addReportReply>;

/** A reported entry's preview. */
export const entryPreview = z.strictObject({
  title: z.string(),
  /** Its first 200 characters. */
  description: z.string(),
  country: countryCode,
  author: z.string(),
  ownerName: z.string().nullable(),
});
export type EntryPreview = z.infer<typeof entryPreview>;

/** A reported comment's preview. */
export const commentPreview = z.strictObject({
  /** Its first 300 characters. */
  text: z.string(),
  ownerName: z.string(),
  entryTitle: z.string(),
});
export type CommentPreview = z.infer<typeof commentPreview>;

/** One of the two entries of a reported variant link. */
export const linkedEntryPreview = z.strictObject({ _id: id, title: z.string(), country: countryCode, ownerName: z.string().nullable() });
export type LinkedEntryPreview = z.infer<typeof linkedEntryPreview>;

/** A reported variant link's preview: both entries; `linked` false once the link is gone. */
export const linkPreview = z.strictObject({ linked: z.boolean(), linkedBy: z.string().nullable(), entries: z.array(linkedEntryPreview) });
export type LinkPreview = z.infer<typeof linkPreview>;

/** A reported recording's preview: who said it, from where, on which entry, and where to hear it. */
export const recordingPreview = z.strictObject({
  ownerName: z.string(),
  country: countryCode,
  durationMs: z.number().int().nullable(),
  path: z.string(),
  /** The file's public address (the function adds it; gone from Storage once the recording was removed). */
  url: z.url(),
  entryTitle: z.string(),
});
export type RecordingPreview = z.infer<typeof recordingPreview>;

/**
 * One report of a case's round: its reporter's account creation time, and whether that reporter
 * is trusted now (at least 72 hours old with something of their own that stands: only trusted
 * reports count toward hiding the thing).
 */
export const caseReporter = z.strictObject({ reason: reportReason, createdAt: time, reporterCreatedAt: time, trusted: z.boolean() });
export type CaseReporter = z.infer<typeof caseReporter>;

/** One reported thing, as private.case_json shapes it. */
export const moderationCase = z.strictObject({
  _id: id,
  /** The reported entry, a comment's or a recording's entry; a link's case: the first entry of the pair (in id order). */
  contentId: id,
  commentId: id.nullable(),
  /** A link's case only: the other entry of the pair. */
  variantId: id.optional(),
  /** A recording's case: the recording (contentId is its entry); null otherwise. */
  recordingId: id.nullable(),
  kind: z.enum(['entry', 'comment', 'link', 'recording']),
  count: z.number().int(),
  reasons: z.partialRecord(reportReason, z.number().int()),
  notes: z.array(z.strictObject({ text: z.string(), reason: reportReason, createdAt: time })),
  /** The reports of this round, first first (at most 100). */
  reporters: z.array(caseReporter),
  firstReportedAt: time,
  lastReportedAt: time,
  hidden: z.boolean(),
  moderation: moderation.nullable(),
  preview: z.union([entryPreview, commentPreview, linkPreview, recordingPreview]),
  status: z.enum(['open', 'resolved']),
  resolution: resolution.nullable(),
  resolutionNote: z.string().nullable(),
  resolvedAt: time.nullable(),
});
export type ModerationCase = z.infer<typeof moderationCase>;

/** GET /api/admin/getReports: a page of the queue, newest report first. */
export const reportsPage = z.strictObject({
  data: z.array(moderationCase),
  /** Open things in the whole queue (the tab's badge). */
  open: z.number().int(),
  nextCursor,
});
export type ReportsPage = z.infer<typeof reportsPage>;

/** POST /api/admin/resolveReport: the case as the decision left it. */
export const resolveReportReply = z.strictObject({ success, data: moderationCase });
export type ResolveReportReply = z.infer<typeof resolveReportReply>;

/** POST /api/admin/banUser: the account with its running ban. */
export const banUserReply = z.strictObject({ success, user: listedUser });
export type BanUserReply = z.infer<typeof banUserReply>;

/** One admin action, as public.audit_entries shapes it. */
export const auditRow = z.strictObject({
  _id: z.number().int(),
  action: z.string(),
  /** The admin; _id null once their account is gone. */
  actor: z.strictObject({ _id: id.nullable(), name: z.string().nullable() }),
  targetType: z.enum(['entry', 'comment', 'tag', 'user', 'feedback', 'variant_link', 'recording']),
  targetId: z.string(),
  targetLabel: z.string().nullable(),
  reason: z.string().nullable(),
  /** What the action changed, by action ({} when nothing more is said). */
  details: z.record(z.string(), z.unknown()),
  createdAt: time,
});
export type AuditRow = z.infer<typeof auditRow>;

/** GET /api/admin/getAuditLog: every admin action, newest first. */
export const auditPage = z.strictObject({ data: z.array(auditRow), nextCursor });
export type AuditPage = z.infer<typeof auditPage>;
