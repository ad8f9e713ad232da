import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, useLocation } from 'react-router';
import { useAuth } from '@/features/auth';
import { useLogOut } from '@/features/review-queue/use-log-out';
import { focusableIn, keepTabInside } from '@/components/focus-trap';
import { LanguageSwitch } from '@/components/language-switch';
import { ThemeSwitch } from '@/components/theme-switch';

/** The admin area hides the normal menu (spec §2): only Log In and Back to Site remain. */
function isAdminArea(pathname: string) {
  return /^\/(admin|contents)(\/|$)/.test(pathname);
}

export function NavBar() {
  const { t } = useTranslation();
  const { isLoading, isLoggedIn, user } = useAuth();
  // Sends the learner's queued reviews first, asks when some cannot be, and clears the device.
  const { logOut, busy: loggingOut, dialog: logOutDialog } = useLogOut();
  const { pathname } = useLocation();
  const [open, setOpen] = useState(false);
  const [openedAt, setOpenedAt] = useState(pathname);
  const panelId = useId();
  const toggleRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);

  // Following a link closes the mobile panel.
  if (open && openedAt !== pathname) {
    setOpen(false);
    setOpenedAt(pathname);
  }

  useEffect(() => {
    if (!open) return;
    panelRef.current?.querySelector<HTMLElement>('a, button')?.focus();
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpen(false);
        toggleRef.current?.focus();
      } else if (panelRef.current && toggleRef.current) {
        // The open menu covers the page: Tab goes round its links and the close button only.
        keepTabInside(event, [toggleRef.current, ...focusableIn(panelRef.current)]);
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [open]);

  const handleLogOut = () => {
    setOpen(false);
    logOut();
  };

  const adminArea = isAdminArea(pathname);
  const link = (to: string, label: string, end = false) => (
    <li>
      <NavLink to={to} end={end} className="nav__link">
        {label}
      </NavLink>
    </li>
  );

  const switches = (
    <div className="nav__switches">
      <LanguageSwitch />
      <ThemeSwitch />
    </div>
  );

  // The admin area has no navigation bar (spec §2): only Log In or Back to Site, inline.
  if (adminArea) {
    return (
      <div className="nav nav--admin">
        <nav aria-label={t('nav.label')}>
          <ul className="nav__list">
            {!isLoading && !isLoggedIn && link('/login', t('nav.logIn'))}
            {user?.isAdmin && (
              <li>
                <Link to="/" className="button button--ghost button--small">
                  ← {t('nav.backToSite')}
                </Link>
              </li>
            )}
          </ul>
        </nav>
        {switches}
      </div>
    );
  }

  return (
    <div className="nav">
      <button
        ref={toggleRef}
        type="button"
        className="nav__toggle"
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={open ? t('nav.closeMenu') : t('nav.openMenu')}
        onClick={() => {
          setOpenedAt(pathname);
          setOpen((value) => !value);
        }}
      >
        <span className="nav__toggle-bars" aria-hidden="true" />
      </button>
      {open && <div className="nav__backdrop" aria-hidden="true" onClick={() => setOpen(false)} />}
      <div ref={panelRef} id={panelId} className={`nav__panel${open ? ' nav__panel--open' : ''}`}>
        <nav aria-label={t('nav.label')}>
          <ul className="nav__list">
            {link('/', t('nav.home'), true)}
            {link('/addContent', t('nav.add'))}
            {link('/compare', t('nav.compare'))}
            {link('/voices', t('nav.voices'))}
            {isLoading ? null : isLoggedIn ? (
              <>
                {link('/account', t('nav.account'))}
                {link('/flashcards', t('nav.flashcards'))}
                {link('/chat', t('nav.chat'))}
                {user?.isAdmin && link('/admin', t('nav.administer'))}
                <li>
                  <button type="button" className="nav__link nav__link--button" aria-busy={loggingOut || undefined} disabled={loggingOut} onClick={handleLogOut}>
                    {t('nav.logOut')}
                  </button>
                  {logOutDialog}
                </li>
              </>
            ) : (
              link('/login', t('nav.logIn'))
            )}
          </ul>
        </nav>
        {switches}
      </div>
    </div>
  );
}
