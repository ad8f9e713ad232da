import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ShareIcon } from '@/components/icons';
import { useToast } from '@/components/toasts';

export interface ShareData {
  title: string;
  text: string;
  /** An absolute URL: what a chat's link preview reads. */
  url: string;
}

/** Why a share did not happen: the reader closed the sheet (nothing to say) or it failed. */
const isAbort = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';

/**
 * Shares a page: the system's share sheet (Web Share API) where the browser has one, else
 * the link copied to the clipboard with a "Link copied" toast. Closing the sheet is no error.
 * A sheet that fails for another reason (no permission, no user gesture left) copies instead;
 * a copy that fails shows the link itself, so the reader can still copy it by hand.
 */
export function ShareButton({ data, className = '' }: { data: ShareData; className?: string }) {
  const { t } = useTranslation();
  const toast = useToast();
  const [busy, setBusy] = useState(false);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(data.url);
      toast.success(t('share.copied'));
    } catch {
      toast.error(t('share.copyFailed', { url: data.url }), { duration: 10_000 });
    }
  };

  const share = async () => {
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share(data);
        return;
      } catch (error) {
        if (isAbort(error)) return;
      }
    }
    await copy();
  };

  return (
    <button
      type="button"
      className={`button button--secondary button--small share-button ${className}`.trim()}
      aria-busy={busy || undefined}
      onClick={() => {
        // One sheet at a time: a second share() while one is open is refused by the browser.
        if (busy) return;
        setBusy(true);
        void share().finally(() => setBusy(false));
      }}
    >
      <ShareIcon />
      {t('share.button')}
    </button>
  );
}
