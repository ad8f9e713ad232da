import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import type { Moderation } from '@/lib/api-types';
import { moderationKeys, type QueueStatus } from './moderation-keys';

export type ReportReason = 'spam' | 'offensive' | 'wrong' | 'duplicate' | 'other';
export type Resolution = 'restore' | 'remove' | 'dismiss';

/** One of the two entries of a reported variant link. */
export interface LinkedEntryPreview {
  _id: string;
  title: string;
  country: string;
  ownerName: string | null;
}

/** A reported variant link's preview: both entries; `linked` false once the link is gone. */
export interface LinkPreview {
  linked: boolean;
  linkedBy: string | null;
  entries: LinkedEntryPreview[];
}

/** A reported recording's preview: who said it, from where, on which entry, and where to hear it. */
export interface RecordingPreview {
  ownerName: string;
  country: string;
  durationMs: number | null;
  path: string;
  /** The file's public address (gone once the recording was removed). */
  url: string;
  entryTitle: string;
}

/**
 * One report of a case's round: its reporter's account creation time, and whether that reporter
 * is trusted now (at least 72 hours old with something of their own that stands: only trusted
 * reports count toward hiding the thing).
 */
export interface CaseReporter {
  reason: ReportReason;
  createdAt: string;
  reporterCreatedAt: string;
  trusted: boolean;
}

/** One reported thing, as GET /api/admin/getReports sends it. */
export interface ModerationCase {
  _id: string;
  /** A link's case: the first entry of the pair (in id order). */
  contentId: string;
  commentId: string | null;
  /** A link's case only: the other entry of the pair. */
  variantId?: string;
  /** A recording's case: the recording (contentId is its entry); null otherwise. */
  recordingId?: string | null;
  kind: 'entry' | 'comment' | 'link' | 'recording';
  count: number;
  reasons: Partial<Record<ReportReason, number>>;
  notes: { text: string; reason: ReportReason; createdAt: string }[];
  /** The reports of this round, first first (at most 100). */
  reporters: CaseReporter[];
  firstReportedAt: string;
  lastReportedAt: string;
  hidden: boolean;
  moderation: Moderation | null;
  preview:
    | { title: string; description: string; country: string; author: string; ownerName: string | null }
    | { text: string; ownerName: string; entryTitle: string }
    | LinkPreview
    | RecordingPreview;
  status: QueueStatus;
  resolution: Resolution | null;
  resolutionNote: string | null;
  resolvedAt: string | null;
}

export interface ReportsPage {
  data: ModerationCase[];
  /** Open things in the whole queue (the tab's badge). */
  open: number;
  nextCursor: string | null;
}

export function getReports(status: QueueStatus, cursor: string | null, signal?: AbortSignal): Promise<ReportsPage> {
  return api.get<ReportsPage>('/admin/getReports', { query: { status, cursor }, signal });
}

export function reportsQueryOptions(status: QueueStatus) {
  return infiniteQueryOptions({
    queryKey: moderationKeys.queue(status),
    queryFn: ({ pageParam, signal }) => getReports(status, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
  });
}

/** The moderation queue, newest report first (admins only). */
export function useReports(status: QueueStatus, options: { enabled?: boolean } = {}) {
  return useInfiniteQuery({ ...reportsQueryOptions(status), enabled: options.enabled ?? true });
}
