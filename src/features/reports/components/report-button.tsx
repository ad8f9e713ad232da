import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '@/components/toasts';
import { useAuth } from '@/features/auth';
import type { ReportTarget } from '../api/add-report';
import '../report-strings';
import './reports.css';

// The dialog itself comes when Report is pressed.
const ReportDialog = lazy(() => import('./report-dialog'));

function FlagIcon() {
  return (
    <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
      <path d="M5 21V4m0 0h11l-2 4 2 4H5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

interface ReportButtonProps {
  target: ReportTarget;
  /** The button's accessible name: what is reported ("Report “chévere”"). */
  label: string;
  /** Who wrote it: nobody reports their own contribution, so they see no button. */
  ownerId: string | null;
  /** The flag alone, its words for screen readers and the tooltip only (a compact row). */
  compact?: boolean;
}

/** "Report" with a small dialog of reasons; guests are asked to log in. */
export function ReportButton({ target, label, ownerId, compact = false }: ReportButtonProps) {
  const { t } = useTranslation();
  const toast = useToast();
  const { isLoggedIn, user } = useAuth();
  const [open, setOpen] = useState(false);
  if (user && ownerId === user._id) return null;
  return (
    <>
      <button
        type="button"
        className={`button button--ghost button--small report-button${compact ? ' report-button--compact' : ''}`}
        aria-label={label}
        title={label}
        onClick={() => (isLoggedIn ? setOpen(true) : toast.info(t('reports.loginToReport')))}
      >
        <FlagIcon />
        <span className={compact ? 'visually-hidden' : 'report-button__text'}>{t('reports.report')}</span>
      </button>
      {open && (
        <Suspense fallback={null}>
          <ReportDialog target={target} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
