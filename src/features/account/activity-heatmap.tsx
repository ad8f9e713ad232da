import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '@/components/popups';
import { useReviewDays, type ReviewDays } from './api/get-review-days';
import './account-strings';

const WEEKS = 53;
const CELL = 11;
const STEP = 14;
const LEFT = 30;
const TOP = 18;
const DAY_MS = 86_400_000;

/** Today's date (YYYY-MM-DD) in `timeZone`, at `at`. */
function localDate(at: number, timeZone: string): string {
  try {
    return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
  } catch {
    return new Date(at).toISOString().slice(0, 10);
  }
}

const toUtc = (date: string) => Date.parse(`${date}T00:00:00Z`);
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

export interface HeatmapDay {
  date: string;
  reviews: number;
  /** 0 (none) to 4 (the busiest quarter). */
  level: number;
}

/**
 * The calendar: 53 week columns (Sunday on top, as GitHub draws it) ending with the week
 * of `today`; each day's level is its share of the busiest day, in quarters.
 */
export function buildHeatmap(data: ReviewDays, today: string): { weeks: (HeatmapDay | null)[][]; total: number } {
  const todayMs = toUtc(today);
  const start = todayMs - ((WEEKS - 1) * 7 + new Date(todayMs).getUTCDay()) * DAY_MS;
  const first = isoDay(start);
  const shown = data.days.filter((day) => day.date >= first && day.date <= today);
  const counts = new Map(shown.map((day) => [day.date, day.reviews]));
  const max = Math.max(0, ...shown.map((day) => day.reviews));
  const weeks: (HeatmapDay | null)[][] = [];
  for (let week = 0; week < WEEKS; week++) {
    const column: (HeatmapDay | null)[] = [];
    for (let weekday = 0; weekday < 7; weekday++) {
      const ms = start + (week * 7 + weekday) * DAY_MS;
      if (ms > todayMs) {
        column.push(null);
        continue;
      }
      const date = isoDay(ms);
      const reviews = counts.get(date) ?? 0;
      column.push({ date, reviews, level: reviews === 0 || max === 0 ? 0 : Math.min(4, Math.ceil((reviews / max) * 4)) });
    }
    weeks.push(column);
  }
  const total = shown.reduce((sum, day) => sum + day.reviews, 0);
  return { weeks, total };
}

/** A year of review days as a picture, like GitHub's contribution graph. */
export function ActivityHeatmap({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const reviewDays = useReviewDays(userId);
  return (
    <section className="card activity-card" aria-labelledby="activity-title">
      <h2 id="activity-title" className="section-title">
        {t('account.activity')}
      </h2>
      {reviewDays.isPending ? (
        <p className="results__status" role="status">
          <Spinner size="sm" />
          {t('account.activityLoading')}
        </p>
      ) : reviewDays.isError ? (
        <div className="activity-card__error" role="alert">
          <p className="muted">{t('account.activityFailed')}</p>
          <button type="button" className="button button--ghost button--small" onClick={() => void reviewDays.refetch()}>
            {t('errors.retry')}
          </button>
        </div>
      ) : (
        // The fetch time, not render time, is "today": rendering stays pure.
        <Heatmap data={reviewDays.data} at={reviewDays.dataUpdatedAt} />
      )}
    </section>
  );
}

function Heatmap({ data, at }: { data: ReviewDays; at: number }) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage;
  const { weeks, total } = useMemo(() => buildHeatmap(data, localDate(at, data.timeZone)), [data, at]);
  const scroller = useRef<HTMLDivElement>(null);
  // On a phone only part of the year fits: start at the latest weeks.
  useEffect(() => {
    if (scroller.current) scroller.current.scrollLeft = scroller.current.scrollWidth;
  }, []);
  const formats = useMemo(
    () => ({
      month: new Intl.DateTimeFormat(language, { month: 'short', timeZone: 'UTC' }),
      weekday: new Intl.DateTimeFormat(language, { weekday: 'short', timeZone: 'UTC' }),
      day: new Intl.DateTimeFormat(language, { dateStyle: 'long', timeZone: 'UTC' }),
    }),
    [language],
  );
  // A month's name over the week its first day falls in; the first column names its own
  // month when there is room before the next name.
  const months: { index: number; label: string }[] = [];
  weeks.forEach((column, index) => {
    const day = index === 0 ? column.find(Boolean) : column.find((item) => item?.date.endsWith('-01'));
    if (day) months.push({ index, label: formats.month.format(toUtc(day.date)) });
  });
  if (months.length > 1 && months[1].index - months[0].index < 3) months.shift();
  const width = LEFT + WEEKS * STEP;
  const height = TOP + 7 * STEP;
  return (
    <>
      {/* Focusable so a keyboard can scroll it on a phone. */}
      <div ref={scroller} className="activity" tabIndex={0}>
        <svg className="activity__graph" role="img" aria-label={t('account.activitySummary', { count: total })} viewBox={`0 0 ${width} ${height}`} width={width} height={height}>
          {months.map((month) => (
            <text key={month.index} className="activity__label" x={LEFT + month.index * STEP} y={TOP - 6}>
              {month.label}
            </text>
          ))}
          {[1, 3, 5].map((weekday) => (
            <text key={weekday} className="activity__label" x={0} y={TOP + weekday * STEP + CELL - 1}>
              {/* 2023-01-01 was a Sunday. */}
              {formats.weekday.format(Date.UTC(2023, 0, 1 + weekday))}
            </text>
          ))}
          {weeks.map((column, week) =>
            column.map((day, weekday) =>
              day ? (
                <rect
                  key={day.date}
                  className={`activity__day activity__day--${day.level}`}
                  data-level={day.level}
                  x={LEFT + week * STEP}
                  y={TOP + weekday * STEP}
                  width={CELL}
                  height={CELL}
                  rx={2}
                >
                  <title>{t('account.activityDay', { count: day.reviews, date: formats.day.format(toUtc(day.date)) })}</title>
                </rect>
              ) : null,
            ),
          )}
        </svg>
      </div>
      <p className="activity__legend" aria-hidden="true">
        <span>{t('account.activityLess')}</span>
        {[0, 1, 2, 3, 4].map((level) => (
          <span key={level} className={`activity__swatch activity__day--${level}`} />
        ))}
        <span>{t('account.activityMore')}</span>
      </p>
    </>
  );
}
