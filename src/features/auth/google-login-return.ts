import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useToast } from '@/components/toasts';
import { arrivedFromMailLink, arrivedWithAuthResult, authResultErrorCode } from '@/lib/supabase';
import { useAuth } from './auth-context';
import { isReturnPath } from './use-return-path';

const RETURN_PATH_KEY = 'jerga:google-return-path';

/** Before leaving for Google: where to go when the browser comes back signed in. */
export function rememberGoogleReturnPath(path: string): void {
  try {
    window.sessionStorage.setItem(RETURN_PATH_KEY, path);
  } catch {
    // storage blocked: the learner comes back to the home page
  }
}

let returnPath: string | null | undefined;

/** Once per page load: where this return from Google leads, or null if it is not one. */
function takeReturnPath(): string | null {
  if (returnPath !== undefined) return returnPath;
  returnPath = null;
  if (!arrivedWithAuthResult || arrivedFromMailLink) return returnPath;
  try {
    const stored = window.sessionStorage.getItem(RETURN_PATH_KEY);
    window.sessionStorage.removeItem(RETURN_PATH_KEY);
    returnPath = isReturnPath(stored) ? stored : '/';
  } catch {
    returnPath = '/';
  }
  return returnPath;
}

/** The login page's explanation of why Google's sign-in was refused, if it has one. */
export function googleRefusalKey(code: string | null): 'authNotices.googleEmailExists' | null {
  // Google's sign-in may not enter an account that has the address but that Google did not vouch for.
  return code === 'email_exists' ? 'authNotices.googleEmailExists' : null;
}

/**
 * Back from Google: "Logged in successfully!" and on to the page the learner started from
 * (which also drops the leftover `#` from the URL), or "Login failed" and back to /login.
 */
export function useGoogleLoginReturn(): void {
  const { t } = useTranslation();
  const toast = useToast();
  const navigate = useNavigate();
  const { isLoading, isLoggedIn } = useAuth();
  const [path] = useState(takeReturnPath);
  const handled = useRef(false);
  useEffect(() => {
    if (path === null || isLoading || handled.current) return;
    handled.current = true;
    if (isLoggedIn) toast.success(t('auth.loggedIn'));
    // A refusal with a reason is explained on the login page itself, once.
    else if (!googleRefusalKey(authResultErrorCode)) toast.error(t('auth.loginFailed'));
    navigate(isLoggedIn ? path : '/login', { replace: true, state: isLoggedIn ? undefined : { googleError: authResultErrorCode } });
  }, [path, isLoading, isLoggedIn, navigate, t, toast]);
}
