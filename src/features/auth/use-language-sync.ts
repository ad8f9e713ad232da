import { useEffect, useEffectEvent, useRef } from 'react';
import i18n from '@/i18n';
import { useUpdateUser } from './api/update-user';
import type { User } from '@/lib/api-types';

/** The profile's name for the language the app is read in: 'es' for Spanish, 'en' for English (en-US). */
export function profileLanguage(language: string | undefined): User['language'] {
  return language?.toLowerCase().startsWith('es') ? 'es' : 'en';
}

/**
 * Reminders are written in the learner's language: the profile gets the app's language once
 * per sign-in when it differs, and again each time the learner switches. Only this tab's own
 * switches are sent, so two tabs in different languages do not overwrite each other on focus.
 */
export function useLanguageSync(user: User | null) {
  const { mutate } = useUpdateUser();
  // What the profile says, or what this tab last sent (its reply may not be in yet).
  const saved = useRef<User['language'] | undefined>(undefined);
  const userId = user?._id;
  const profileSays = useEffectEvent(() => user?.language);
  const save = useEffectEvent((language: string | undefined) => {
    const wanted = profileLanguage(language);
    if (wanted === saved.current) return;
    saved.current = wanted;
    mutate({ language: wanted });
  });
  useEffect(() => {
    if (!userId) return;
    saved.current = profileSays();
    save(i18n.resolvedLanguage ?? i18n.language);
    const onChange = (language: string) => save(language);
    i18n.on('languageChanged', onChange);
    return () => i18n.off('languageChanged', onChange);
  }, [userId]);
}
