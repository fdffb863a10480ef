import type { ComponentType, ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { usePrefix } from '../lib/route-prefix.ts';
import { useIsLoggedIn } from '../lib/session.ts';

/** A page of one's own (an editor, a list of one's things): a visitor goes to the login and back here. */
export function RequireLogin({ children }: { children: ReactNode }) {
  const loggedIn = useIsLoggedIn();
  const { to } = usePrefix();
  const { pathname } = useLocation();
  if (!loggedIn) return <Navigate to={`${to('login')}?next=${encodeURIComponent(pathname)}`} replace />;
  return children;
}

/** `Page` for signed-in visitors only: the route's page with RequireLogin around it. */
export function loginRequired(Page: ComponentType): ComponentType {
  return function SignedInPage() {
    return (
      <RequireLogin>
        <Page />
      </RequireLogin>
    );
  };
}
