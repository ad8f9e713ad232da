import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

const STEPS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 31_536_000],
  ['month', 2_592_000],
  ['day', 86_400],
  ['hour', 3600],
  ['minute', 60],
];

/** "3 minutes ago" in the UI language, for an ISO time. */
export function useRelativeTime(): (iso: string) => string {
  const { i18n } = useTranslation();
  return useMemo(() => {
    const format = new Intl.RelativeTimeFormat(i18n.resolvedLanguage, { numeric: 'auto' });
    return (iso: string) => {
      const seconds = Math.round((new Date(iso).getTime() - Date.now()) / 1000);
      for (const [unit, size] of STEPS) if (Math.abs(seconds) >= size) return format.format(Math.round(seconds / size), unit);
      return format.format(0, 'second');
    };
  }, [i18n.resolvedLanguage]);
}
