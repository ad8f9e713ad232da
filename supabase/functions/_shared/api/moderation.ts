import { Hono } from 'hono';
import { z } from 'zod';
import type { ListedUser } from '../contract/accounts.ts';
import { RECORDINGS_BUCKET, REPORT_NOTE_MAX_LENGTH } from '../contract/limits.ts';
import type { AuditRow, ModerationCase, RecordingPreview } from '../contract/moderation.ts';
import { publicUrl, removeFiles } from '../storage-service.ts';
import { filesQueuedHere, removeAccountFiles } from './account-files.ts';
import type { ApiEnv } from './context.ts';
import { countParam, cursorParam, encodeCursor, pageOf, parseBody, parseQuery, timeIdCursor, uuid } from './validate.ts';

// Shapes only: who may report what, the hold at three trusted accounts, who may resolve and
// ban, and the audit rows live in the SQL functions (add_report, moderation_queue,
// resolve_report, ban_user, audit_entries; add_link_report and resolve_link_report for a
// variant link, named by {contentId, variantId}: the link between the two entries;
// add_recording_report and resolve_recording_report for a recording, named by {recordingId}).

const note = z.string().trim().max(REPORT_NOTE_MAX_LENGTH, 'report_note_too_long').optional();

/** Exactly one of contentId, commentId and recordingId; variantId only with contentId (a variant link). */
const target = {
  contentId: uuid.optional(),
  variantId: uuid.optional(),
  commentId: uuid.optional(),
  recordingId: uuid.optional(),
};
const oneTarget = (
  body: { contentId?: string; variantId?: string; commentId?: string; recordingId?: string },
  ctx: z.RefinementCtx,
) => {
  if ([body.contentId, body.commentId, body.recordingId].filter((id) => id !== undefined).length !== 1) {
    ctx.addIssue({ code: 'custom', message: 'report_target_required', path: ['contentId'] });
  } else if (body.variantId !== undefined && body.contentId === undefined) {
    ctx.addIssue({ code: 'custom', message: 'report_target_required', path: ['variantId'] });
  }
};

const addReportBody = z
  .object({
    ...target,
    reason: z.enum(['spam', 'offensive', 'wrong', 'duplicate', 'other'], { error: 'invalid_report_reason' }),
    note,
  })
  .superRefine(oneTarget);

const resolveBody = z
  .object({
    ...target,
    action: z.enum(['restore', 'remove', 'dismiss'], { error: 'invalid_report_action' }),
    note,
  })
  .superRefine(oneTarget);

const banBody = z.object({
  userId: uuid,
  banned: z.boolean({ error: 'invalid_input' }),
  reason: z.string().trim().max(REPORT_NOTE_MAX_LENGTH, 'report_note_too_long').optional(),
  until: z.string().datetime({ offset: true, message: 'invalid_ban_until' }).optional(),
});

const queueQuery = z.object({
  status: z.enum(['open', 'resolved'], { error: 'invalid_input' }).default('open'),
  limit: countParam(50, 20),
  cursor: cursorParam(timeIdCursor),
});

const auditQuery = z.object({
  limit: countParam(100, 50),
  cursor: cursorParam(z.tuple([z.number().int().positive()])),
});

/** A reported thing as private.case_json shapes it: a recording's preview has no address yet. */
type Case = Omit<ModerationCase, 'preview'> & {
  preview: Exclude<ModerationCase['preview'], RecordingPreview> | Omit<RecordingPreview, 'url'>;
};

/** A recording's case: its preview gains the file's public address, for the admin to listen. */
function withRecordingUrl({ preview, ...item }: Case): ModerationCase {
  if ('path' in preview) return { ...item, preview: { ...preview, url: publicUrl(RECORDINGS_BUCKET, preview.path) } };
  return { ...item, preview };
}

type Report = { _id: string; repeated: boolean };

export const reports = new Hono<ApiEnv>().post('/addReport', async (c) => {
  const body = await parseBody(c, addReportBody);
  const data = await c.get('run')(
    async (tx) =>
      (
        body.recordingId !== undefined
          ? await tx<{ report: Report }[]>`
              select public.add_recording_report(${body.recordingId}::uuid, ${body.reason}, ${body.note ?? null}) as report`
          : body.variantId !== undefined
            ? await tx<{ report: Report }[]>`
                select public.add_link_report(${body.contentId ?? null}::uuid, ${body.variantId}::uuid, ${body.reason}, ${body.note ?? null}) as report`
            : await tx<{ report: Report }[]>`
                select public.add_report(${body.contentId ?? null}::uuid, ${body.commentId ?? null}::uuid, ${body.reason}, ${body.note ?? null}) as report`
      )[0].report,
  );
  const { repeated, ...report } = data;
  return c.json({ success: true, message: 'Report received', data: { ...report, repeated } }, repeated ? 200 : 201);
});

export const admin = new Hono<ApiEnv>()
  .get('/getReports', async (c) => {
    const query = parseQuery(c, queueQuery);
    const page = await c.get('run')(
      async (tx) =>
        (
          await tx<{ page: { data: Case[]; open: number } }[]>`
            select public.moderation_queue(${query.status}, ${query.cursor?.[0] ?? null}::timestamptz, ${query.cursor?.[1] ?? null}::uuid,
                                           ${query.limit + 1}::integer) as page`
        )[0].page,
    );
    const { items, nextCursor } = pageOf(page.data, query.limit, (last) => encodeCursor([last.lastReportedAt, last._id]));
    return c.json({ data: items.map(withRecordingUrl), open: page.open, nextCursor });
  })
  .post('/resolveReport', async (c) => {
    const body = await parseBody(c, resolveBody);
    const data = await c.get('run')(
      async (tx) =>
        (
          body.recordingId !== undefined
            ? await tx<{ resolved: Case }[]>`
                select public.resolve_recording_report(${body.recordingId}::uuid, ${body.action}, ${body.note ?? null}) as resolved`
            : body.variantId !== undefined
            ? await tx<{ resolved: Case }[]>`
                select public.resolve_link_report(${body.contentId ?? null}::uuid, ${body.variantId}::uuid, ${body.action}, ${body.note ?? null}) as resolved`
            : await tx<{ resolved: Case }[]>`
                select public.resolve_report(${body.contentId ?? null}::uuid, ${body.commentId ?? null}::uuid, ${body.action}, ${body.note ?? null}) as resolved`
        )[0].resolved,
    );
    // A recording taken down leaves Storage too (its row stays, 'removed', for the record).
    if (body.recordingId !== undefined && body.action === 'remove' && 'path' in data.preview) await removeFiles(RECORDINGS_BUCKET, [data.preview.path]);
    return c.json({ success: true, data: withRecordingUrl(data) });
  })
  .post('/banUser', async (c) => {
    const body = await parseBody(c, banBody);
    const user = await c.get('run')(
      async (tx) =>
        (
          await tx<{ user: ListedUser }[]>`
            select public.ban_user(${body.userId}, ${body.banned}, ${body.reason ?? null}, ${body.until ?? null}::timestamptz) as user`
        )[0].user,
    );
    return c.json({ success: true, user });
  })
  .post('/deleteUser', async (c) => {
    const body = await parseBody(c, z.object({ userId: uuid }));
    const files = await c.get('run')(async (tx) => {
      await tx`select public.delete_account(null, ${body.userId}::uuid)`;
      return filesQueuedHere(tx);
    });
    await removeAccountFiles(files);
    return c.json({ success: true, message: 'Account deleted' });
  })
  .get('/getAuditLog', async (c) => {
    const query = parseQuery(c, auditQuery);
    const rows = await c.get('run')(
      async (tx) =>
        (await tx<{ rows: AuditRow[] }[]>`select public.audit_entries(${query.cursor?.[0] ?? null}::bigint, ${query.limit + 1}::integer) as rows`)[0]
          .rows,
    );
    const { items, nextCursor } = pageOf(rows, query.limit, (last) => encodeCursor([last._id]));
    return c.json({ data: items, nextCursor });
  });
