import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useToast } from '@/components/toasts';
import { api } from '@/lib/api';
import type { AddReportReply, ReportReason } from '@/lib/api-types';
import '../report-strings';

export type { ReportReason };

/** The reasons the dialog offers, in its order. */
export const REPORT_REASONS = ['spam', 'offensive', 'wrong', 'duplicate', 'other'] as const satisfies readonly ReportReason[];

/** What is reported: an entry, one of its comments, the variant link between two entries, or a recording. */
export type ReportTarget = { contentId: string } | { commentId: string } | { contentId: string; variantId: string } | { recordingId: string };

export interface NewReport {
  target: ReportTarget;
  reason: ReportReason;
  note?: string;
}

export function addReport({ target, reason, note }: NewReport): Promise<AddReportReply> {
  return api.post<AddReportReply>('/report/addReport', { ...target, reason, ...(note ? { note } : {}) });
}

/**
 * Sends a report; a second one of the same thing by the same learner is a success that counts
 * once. The thanks are said here, not by the dialog: the third report can hide the entry
 * (and the dialog with it) before the reply arrives.
 */
export function useAddReport() {
  const { t } = useTranslation();
  const toast = useToast();
  return useMutation({ mutationFn: addReport, onSuccess: () => toast.success(t('reports.sent')) });
}
