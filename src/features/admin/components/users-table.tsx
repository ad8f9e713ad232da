import { useDeferredValue, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '@/components/toasts';
import { useBanUser } from '../api/ban-user';
import { apiErrorText } from '@/i18n/api-errors';
import type { ListedUser } from '@/lib/api-types';
import { useSetAdmin } from '../api/set-admin';
import { BanDialog, banState } from './ban-dialog';
import { UserRow } from './user-row';
import './admin.css';

type User = ListedUser;

export type SortKey = 'name' | 'email' | 'isAdmin' | 'createdAt' | 'lastLogin' | 'bannedUntil';
type Direction = 'ascending' | 'descending';

const COLUMNS: { key: SortKey; label: string }[] = [
  { key: 'name', label: 'admin.name' },
  { key: 'email', label: 'admin.email' },
  { key: 'isAdmin', label: 'admin.admin' },
  { key: 'createdAt', label: 'admin.created' },
  { key: 'lastLogin', label: 'admin.lastLogin' },
  { key: 'bannedUntil', label: 'admin.status' },
];

/** Case- and accent-insensitive text for searching and sorting. */
const fold = (text: string | null | undefined) =>
  (text ?? '')
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();

function compare(a: User, b: User, key: SortKey, collator: Intl.Collator): number {
  switch (key) {
    case 'name':
    case 'email':
      return collator.compare(a[key] ?? '', b[key] ?? '');
    case 'isAdmin':
      return Number(a.isAdmin) - Number(b.isAdmin);
    case 'bannedUntil':
      // Not banned sorts before any ban, the longest last.
      return (banState(a)?.until.getTime() ?? -Infinity) - (banState(b)?.until.getTime() ?? -Infinity) || 0;
    case 'createdAt':
    case 'lastLogin': {
      // Never logged in sorts before any date.
      const time = (value: string | null) => (value ? Date.parse(value) : -Infinity);
      const diff = time(a[key]) - time(b[key]);
      return Number.isNaN(diff) ? 0 : diff;
    }
  }
}

/**
 * The user management table: search, sort by any column, grant or revoke admin rights, ban
 * and unban (never yourself or another admin: ban_user refuses both, so no button offers it).
 * `more`: the server has further pages, so `users` is not everyone (search and sort see only these).
 */
export function UsersTable({ users, currentUserId, more = false }: { users: User[]; currentUserId: string; more?: boolean }) {
  const { t, i18n } = useTranslation();
  const tr = t as unknown as (key: string) => string;
  const toast = useToast();
  const setAdmin = useSetAdmin();
  const ban = useBanUser();
  const [banning, setBanning] = useState<User | null>(null);
  const searchId = useId();
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<{ key: SortKey; direction: Direction }>({ key: 'createdAt', direction: 'descending' });
  const query = fold(useDeferredValue(search).trim());

  const language = i18n.resolvedLanguage ?? 'en-US';
  const collator = useMemo(() => new Intl.Collator(language, { sensitivity: 'base', numeric: true }), [language]);
  const dateFormat = useMemo(() => new Intl.DateTimeFormat(language, { dateStyle: 'medium' }), [language]);
  const dateTimeFormat = useMemo(() => new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }), [language]);

  const rows = useMemo(() => {
    const found = query ? users.filter((user) => fold(user.name).includes(query) || fold(user.email).includes(query)) : users;
    const sign = sort.direction === 'ascending' ? 1 : -1;
    // Ties keep a stable, readable order: by name.
    return [...found].sort((a, b) => sign * compare(a, b, sort.key, collator) || collator.compare(a.name, b.name));
  }, [users, query, sort, collator]);

  const sortBy = (key: SortKey) =>
    setSort((current) =>
      current.key === key
        ? { key, direction: current.direction === 'ascending' ? 'descending' : 'ascending' }
        : { key, direction: key === 'createdAt' || key === 'lastLogin' || key === 'isAdmin' || key === 'bannedUntil' ? 'descending' : 'ascending' },
    );

  const toggleAdmin = (user: User) =>
    setAdmin.mutate(
      { userId: user._id, isAdmin: !user.isAdmin },
      {
        onSuccess: (updated) =>
          toast.success(t(updated.isAdmin ? 'admin.granted' : 'admin.revoked', { name: updated.name })),
        onError: (error) => toast.error(apiErrorText(t, error, 'admin.changeFailed')),
      },
    );

  const unban = (user: User) =>
    ban.mutate(
      { userId: user._id, banned: false },
      {
        onSuccess: () => toast.success(t('admin.ban.lifted', { name: user.name })),
        onError: (error) => toast.error(apiErrorText(t, error, 'admin.ban.unbanFailed')),
      },
    );

  const formatDate = (value: string | null, withTime: boolean) => {
    if (!value) return t('admin.never');
    const date = new Date(value);
    return Number.isNaN(date.getTime()) ? value : (withTime ? dateTimeFormat : dateFormat).format(date);
  };

  return (
    <div className="users">
      <div className="users__toolbar">
        <label className="visually-hidden" htmlFor={searchId}>
          {t('admin.search')}
        </label>
        <input
          id={searchId}
          className="input users__search"
          type="search"
          placeholder={t('admin.searchPlaceholder')}
          autoComplete="off"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
        />
        <p className="users__count" role="status">
          {query
            ? t(more ? 'admin.showingLoaded' : 'admin.showing', { count: rows.length, total: users.length })
            : t(more ? 'admin.countMore' : 'admin.count', { count: users.length })}
        </p>
      </div>
      <div className="users__frame card">
        <table className="users__table">
          <caption className="visually-hidden">{t('admin.caption')}</caption>
          <thead>
            <tr>
              {COLUMNS.map((column) => (
                <th key={column.key} scope="col" aria-sort={sort.key === column.key ? sort.direction : 'none'}>
                  <button type="button" className="users__sort" onClick={() => sortBy(column.key)}>
                    {tr(column.label)}
                    <span className={`users__sort-icon users__sort-icon--${sort.key === column.key ? sort.direction : 'none'}`} aria-hidden="true" />
                  </button>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((user) => (
              <UserRow
                key={user._id}
                user={user}
                isCurrentUser={user._id === currentUserId}
                adminPending={setAdmin.isPending && setAdmin.variables?.userId === user._id}
                banPending={ban.isPending && ban.variables?.userId === user._id}
                formatDate={formatDate}
                dateFormat={dateFormat}
                onToggleAdmin={toggleAdmin}
                onUnban={unban}
                onBan={setBanning}
              />
            ))}
          </tbody>
        </table>
        {rows.length === 0 && <p className="users__empty">{t('admin.noMatches')}</p>}
      </div>
      {banning && <BanDialog user={banning} onClose={() => setBanning(null)} />}
    </div>
  );
}
