import { useTranslation } from 'react-i18next';
import { useToast } from '@/components/toasts';
import { useUpdateUser, type AuthUser } from '@/features/auth';
import type { NotificationSettings as Settings } from '@/lib/api-types';
import '../inbox-strings';
import './notifications.css';

const KINDS = [
  ['comments', 'inbox.settingComments'],
  ['replies', 'inbox.settingReplies'],
  ['votes', 'inbox.settingVotes'],
  ['moderation', 'inbox.settingModeration'],
] as const;

const ALL_ON: Settings = { comments: true, replies: true, votes: true, moderation: true };

/** Account › Notifications: each kind on or off, saved as it is switched. */
export function NotificationSettings({ user }: { user: AuthUser }) {
  const { t } = useTranslation();
  const toast = useToast();
  const update = useUpdateUser();
  const settings = user.notifications ?? ALL_ON;
  return (
    <fieldset className="settings-list" aria-describedby="notification-settings-intro">
      <legend className="visually-hidden">{t('inbox.settingsTitle')}</legend>
      <p className="muted" id="notification-settings-intro">
        {t('inbox.settingsIntro')}
      </p>
      {KINDS.map(([kind, label]) => (
        <label key={kind}>
          <input
            type="checkbox"
            checked={update.isPending && update.variables?.notifications?.[kind] !== undefined ? Boolean(update.variables.notifications[kind]) : settings[kind]}
            disabled={update.isPending}
            onChange={(event) =>
              update.mutate(
                { notifications: { [kind]: event.target.checked } },
                { onSuccess: () => toast.success(t('inbox.settingsSaved')), onError: () => toast.error(t('inbox.settingsFailed')) },
              )
            }
          />
          {t(label)}
        </label>
      ))}
    </fieldset>
  );
}
