import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useLearner } from '@/app/layout/learner-only';
import { RecordQueue, queueCountry } from '@/features/recordings/queue/record-queue';

/**
 * /record (and /record?country=MX) — a native speaker's queue: the country's entries with no
 * voice from there yet, said one after another. Under the learner-only layout: a guest is
 * asked to log in.
 */
export function RecordPage() {
  const { t } = useTranslation();
  const learner = useLearner();
  const [params, setParams] = useSearchParams();
  const country = queueCountry(params.get('country'), learner);
  return (
    <div className="page page--narrow">
      <header className="page-banner">
        <h1 className="page-banner__title">{t('voiceQueue.title')}</h1>
        <p className="page-banner__text">{t('voiceQueue.intro')}</p>
      </header>
      <RecordQueue speaker={learner} country={country} onCountry={(code) => setParams({ country: code }, { replace: true })} />
    </div>
  );
}
