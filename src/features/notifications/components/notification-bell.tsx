import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useInbox } from '../api/get-notifications';
import '../inbox-strings';
import './notifications.css';

function BellIcon() {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <path
        d="M6 16V11a6 6 0 1 1 12 0v5l1.5 2h-15L6 16Zm4 4a2 2 0 0 0 4 0"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/** The header's bell: the unread count (live: the learner's topic refreshes it), opening /notifications. */
export default function NotificationBell() {
  const { t } = useTranslation();
  const inbox = useInbox();
  const unread = inbox.data?.pages[0]?.unread ?? 0;
  const label = unread > 0 ? t('inbox.bellUnread', { count: unread }) : t('inbox.bell');
  return (
    <Link to="/notifications" className="bell" aria-label={label} title={label}>
      <BellIcon />
      {unread > 0 && (
        <span className="bell__count" aria-hidden="true">
          {unread > 99 ? '99+' : unread}
        </span>
      )}
    </Link>
  );
}
