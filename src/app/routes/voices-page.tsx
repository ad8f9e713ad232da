import { useTranslation } from 'react-i18next';
import { VoicesList } from '@/features/recordings/queue/voices-list';

/** /voices — per country, how many of its entries have a voice from there, with the way to record more. */
export function VoicesPage() {
  const { t } = useTranslation();
  return (
    <div className="page page--narrow">
      <header className="page-banner">
        <h1 className="page-banner__title">{t('voiceQueue.voicesTitle')}</h1>
        <p className="page-banner__text">{t('voiceQueue.voicesIntro')}</p>
      </header>
      <VoicesList />
    </div>
  );
}
