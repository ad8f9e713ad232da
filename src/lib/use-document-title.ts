import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Sets the tab's title (what a bookmark, the history and a share sheet show) while the page
 * is open, and gives the plain app name back when it closes: pages without a title of their
 * own are "Jerga", as index.html names them. `undefined` (still loading) leaves it as it is,
 * so a title the server drew into the HTML stays until the page knows its own.
 */
export function useDocumentTitle(title: string | undefined): void {
  const { t } = useTranslation();
  const appName = t('app.name');
  useEffect(() => {
    if (title === undefined) return;
    document.title = title;
    return () => {
      document.title = appName;
    };
  }, [title, appName]);
}
