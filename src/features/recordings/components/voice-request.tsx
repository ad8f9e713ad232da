import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { Spinner } from '@/components/popups';
import { useToast } from '@/components/toasts';
import { useAuth } from '@/features/auth';
import { useCountryName } from '@/features/countries';
import { apiErrorText } from '@/i18n/api-errors';
import { isApiError } from '@/lib/api';
import { isRecordingExists, useChangeRecordingRequest, useRecordingRequest } from '../api/recording-request';
import '../entry-voice-strings';

interface VoiceRequestProps {
  entry: { _id: string; country: string };
}

/**
 * Where the entry has no recording from its own country: how many learners want to hear it,
 * and Ask / Asked (withdraw) for a learner, a log-in link for a guest. The count follows the
 * entry channel's `recordings` broadcast (its key lives under the list's).
 */
export function VoiceRequest({ entry }: VoiceRequestProps) {
  const { t } = useTranslation();
  const request = useRecordingRequest(entry._id);
  const country = useCountryName(entry.country);

  if (request.isPending) {
    return (
      <p className="voice-request voice-request--status" role="status">
        <Spinner size="sm" /> {t('entryVoice.requestLoading')}
      </p>
    );
  }
  if (request.isError) {
    // Hidden by moderators (its owner and admins still see the page): nobody asks for it then.
    if (isApiError(request.error) && request.error.status === 404) return null;
    return (
      <div className="voice-request voice-request--status" role="alert">
        <span>{t('entryVoice.requestLoadFailed')}</span>
        <button type="button" className="button button--ghost button--small" onClick={() => void request.refetch()}>
          {t('entryVoice.retry')}
        </button>
      </div>
    );
  }
  const { native, count, requested } = request.data;
  if (native) return null;
  return (
    <div className="voice-request">
      {/* Polite: others asking change it while the learner reads the page. */}
      <p className="voice-request__count" aria-live="polite">
        {count > 0 ? t('entryVoice.wantToHear', { count }) : t('entryVoice.beFirst', { country })}
      </p>
      <AskButton contentId={entry._id} country={country} requested={requested} />
    </div>
  );
}

function AskButton({ contentId, country, requested }: { contentId: string; country: string; requested: boolean }) {
  const { t } = useTranslation();
  const toast = useToast();
  const { isLoggedIn } = useAuth();
  const { pathname } = useLocation();
  const change = useChangeRecordingRequest();
  if (!isLoggedIn) {
    return (
      <Link className="voice-request__login" to="/login" state={{ from: pathname }}>
        {t('entryVoice.loginToAsk', { country })}
      </Link>
    );
  }
  const toggle = () => {
    // One change at a time: the button shows the predicted state, the reply settles it.
    if (change.isPending) return;
    const ask = !requested;
    change.mutate(
      { contentId, ask },
      {
        onSuccess: () => toast.success(ask ? t('entryVoice.askedToast', { country }) : t('entryVoice.withdrawn')),
        onError: (error) => {
          if (isRecordingExists(error)) toast.info(t('entryVoice.recordingExists', { country }));
          else toast.error(apiErrorText(t, error, ask ? 'entryVoice.askFailed' : 'entryVoice.withdrawFailed'));
        },
      },
    );
  };
  return (
    <button
      type="button"
      className={`button button--small ${requested ? 'button--secondary' : 'button--primary'} voice-request__ask`}
      aria-pressed={requested}
      aria-busy={change.isPending}
      onClick={toggle}
    >
      {change.isPending && <Spinner size="sm" />}
      {requested ? t('entryVoice.asked') : t('entryVoice.ask')}
    </button>
  );
}
