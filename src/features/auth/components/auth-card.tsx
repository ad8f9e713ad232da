import { useEffect, useId, type ReactNode } from 'react';
import { Link } from 'react-router';
import { loadAuth } from '@/lib/supabase';
import './auth.css';

interface AuthCardProps {
  title: string;
  intro: string;
  children: ReactNode;
  /** The line under the form that leads to the other page ("No account yet? Register"). */
  switchText: string;
  switchLabel: string;
  switchTo: '/login' | '/register';
  /** Where to go after signing in; carried over to the other page. */
  returnPath: string;
}

/** The card that frames the login and register pages. */
export function AuthCard({ title, intro, children, switchText, switchLabel, switchTo, returnPath }: AuthCardProps) {
  const titleId = useId();
  // Supabase Auth is downloaded on demand: start now, so submitting the form does not wait for it.
  useEffect(() => {
    loadAuth().catch(() => {}); // offline: the form's own request will say so
  }, []);
  return (
    <div className="page auth-page">
      <section className="card auth-card" aria-labelledby={titleId}>
        <header className="auth-card__header">
          <h1 id={titleId} className="auth-card__title">
            {title}
          </h1>
          <p className="auth-card__text">{intro}</p>
        </header>
        {children}
        <p className="auth-card__switch">
          {switchText}{' '}
          <Link to={switchTo} state={returnPath === '/' ? undefined : { from: returnPath }}>
            {switchLabel}
          </Link>
        </p>
      </section>
    </div>
  );
}
