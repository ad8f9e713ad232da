import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Light or dark: the system's setting (prefers-color-scheme) until the reader picks one here,
 * then theirs, remembered in local storage and set as <html data-theme> (global.css).
 */
const KEY = 'jerga-theme';
type Theme = 'light' | 'dark';

function storedTheme(): Theme | null {
  try {
    const value = localStorage.getItem(KEY);
    return value === 'light' || value === 'dark' ? value : null;
  } catch {
    return null;
  }
}

// Applied when the app starts, before anything is drawn.
const initial = storedTheme();
if (initial) document.documentElement.dataset.theme = initial;

export function ThemeSwitch() {
  const { t } = useTranslation();
  const [choice, setChoice] = useState(initial);
  // Until a choice, the system's (read as drawn; the page's colours follow it live through CSS).
  const dark = choice ? choice === 'dark' : Boolean(window.matchMedia?.('(prefers-color-scheme: dark)').matches);
  const toggle = () => {
    const next: Theme = dark ? 'light' : 'dark';
    setChoice(next);
    document.documentElement.dataset.theme = next;
    try {
      localStorage.setItem(KEY, next);
    } catch {
      // Private mode without storage: the choice lasts this visit.
    }
  };
  return (
    <button type="button" className="theme-switch" aria-pressed={dark} aria-label={t('theme.dark')} title={t('theme.dark')} onClick={toggle}>
      <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinejoin="round">
        <path d="M20 14.5A8 8 0 0 1 9.5 4a8 8 0 1 0 10.5 10.5z" />
      </svg>
    </button>
  );
}
