import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { useTexts } from '../../i18n/use-texts.ts';
import { call } from '../../lib/api.ts';
import { usePrefix } from '../../lib/route-prefix.ts';
import { getToken } from '../../lib/session.ts';
import { useSession } from '../../lib/use-session.ts';
import { StatusCard } from '../../ui/status-card.tsx';
import { authPageTexts } from './auth-pages-texts.ts';

export function LogoutPage() {
  const t = useTexts(authPageTexts);
  const { to } = usePrefix();
  const navigate = useNavigate();
  const { signOut } = useSession();
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    // The local session ends first, and the server is told with the token it had: a page that
    // opens straight on /logout mounts the header too, and had it asked for the user's data
    // while the server was revoking the token, it would have met a 401. The local session ends
    // even when the server cannot be told.
    const token = getToken();
    signOut();
    navigate(to(), { replace: true });
    if (token) call('logout', {}, { token }).catch(() => undefined);
  }, [navigate, signOut, to]);

  return <StatusCard state="loading" title={t('logout.loading')} />;
}
