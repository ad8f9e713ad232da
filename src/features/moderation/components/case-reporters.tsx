import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CaseReporter } from '../api/get-reports';

const HOUR = 3_600_000;
/** Younger than this an account is new (the age the database asks of a trusted reporter). */
const NEW_ACCOUNT_HOURS = 72;

type AgeKey = 'accountNewMinutes' | 'accountNewHours' | 'accountDays';

/** An account's age as the queue says it: minutes, then hours while it is new, whole days after. */
export function accountAge(createdAt: string, now: number): { key: AgeKey; count: number } {
  const hours = Math.max(0, (now - Date.parse(createdAt)) / HOUR);
  if (hours < 1) return { key: 'accountNewMinutes', count: Math.floor(hours * 60) };
  if (hours < NEW_ACCOUNT_HOURS) return { key: 'accountNewHours', count: Math.floor(hours) };
  return { key: 'accountDays', count: Math.floor(hours / 24) };
}

/**
 * Who reported a case: each report's reason and its reporter's account age. Reports that do not
 * count toward hiding (a new account, or one with nothing of its own that stands) say so.
 */
export function CaseReporters({ reporters }: { reporters: CaseReporter[] }) {
  const { t } = useTranslation();
  const titleId = useId();
  // Ages are read against the time the row was first drawn; the queue refetches as it changes.
  const [now] = useState(() => Date.now());
  if (reporters.length === 0) return null;
  return (
    <div className="case__reporters">
      <p className="case__reporters-title" id={titleId}>
        {t('admin.moderation.whoReported')}
      </p>
      <ul aria-labelledby={titleId}>
        {reporters.map((reporter, index) => {
          const age = accountAge(reporter.reporterCreatedAt, now);
          return (
            <li key={`${reporter.createdAt}-${index}`} className={reporter.trusted ? undefined : 'case__reporter--uncounted'}>
              <span className="muted">{t(`admin.moderation.reasons.${reporter.reason}`)} · </span>
              {t(`admin.moderation.${age.key}`, { count: age.count })}
              {!reporter.trusted && <span className="muted"> · {t('admin.moderation.notCounted')}</span>}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
