import { useTranslation } from 'react-i18next';
import type { ListedUser } from '@/lib/api-types';
import { banState } from './ban-dialog';

interface UserRowProps {
  user: ListedUser;
  /** The admin looking at the table (never offered a ban of themselves). */
  isCurrentUser: boolean;
  /** Their admin switch, or their ban, is being changed. */
  adminPending: boolean;
  banPending: boolean;
  formatDate: (value: string | null, withTime: boolean) => string;
  dateFormat: Intl.DateTimeFormat;
  onToggleAdmin: (user: ListedUser) => void;
  onUnban: (user: ListedUser) => void;
  onBan: (user: ListedUser) => void;
}

/** One account in the users table: its name, email, admin switch, dates and ban status. */
export function UserRow({ user, isCurrentUser, adminPending, banPending, formatDate, dateFormat, onToggleAdmin, onUnban, onBan }: UserRowProps) {
  const { t } = useTranslation();
  const banned = banState(user);
  return (
    <tr>
      <th scope="row" data-label={t('admin.name')} className="users__name">
        <span className="users__name-cell">
          <span className="users__avatar" aria-hidden="true">
            {(user.name || user.email || '?').trim().charAt(0).toUpperCase()}
          </span>
          <span className="users__name-text">
            {user.name}
            {isCurrentUser && <span className="badge badge--muted">{t('admin.you')}</span>}
          </span>
        </span>
      </th>
      <td data-label={t('admin.email')} className="users__email">
        {user.email}
      </td>
      <td data-label={t('admin.admin')}>
        <button
          type="button"
          role="switch"
          className="switch"
          aria-checked={user.isAdmin}
          aria-label={t('admin.toggle', { name: user.name })}
          disabled={adminPending}
          onClick={() => onToggleAdmin(user)}
        >
          <span className="switch__track" aria-hidden="true">
            <span className="switch__thumb" />
          </span>
          <span className="switch__text" aria-hidden="true">
            {user.isAdmin ? t('admin.yes') : t('admin.no')}
          </span>
        </button>
      </td>
      <td data-label={t('admin.created')} className="users__date">
        {formatDate(user.createdAt, false)}
      </td>
      <td data-label={t('admin.lastLogin')} className="users__date">
        {formatDate(user.lastLogin, true)}
      </td>
      <td data-label={t('admin.status')}>
        <span className="users__status">
          {banned ? (
            <span className="badge badge--banned">
              {banned.forGood ? t('admin.banned') : t('admin.bannedUntil', { date: dateFormat.format(banned.until) })}
            </span>
          ) : (
            <span className="muted">{t('admin.active')}</span>
          )}
          {banned ? (
            <button
              type="button"
              className="button button--secondary button--small"
              aria-label={t('admin.ban.unbanLabel', { name: user.name })}
              disabled={banPending}
              onClick={() => onUnban(user)}
            >
              {t('admin.ban.unban')}
            </button>
          ) : (
            !isCurrentUser &&
            !user.isAdmin && (
              <button
                type="button"
                className="button button--danger button--small"
                aria-label={t('admin.ban.banLabel', { name: user.name })}
                aria-haspopup="dialog"
                disabled={banPending}
                onClick={() => onBan(user)}
              >
                {t('admin.ban.ban')}
              </button>
            )
          )}
        </span>
      </td>
    </tr>
  );
}
