import * as authActions from '@agendo/contract/auth';
import { Button } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useLang } from '../../i18n/use-t.ts';
import { useTexts } from '../../i18n/use-texts.ts';
import { call } from '../../lib/api.ts';
import { apiErrorText } from '../../lib/form-errors.ts';
import { usePrefix } from '../../lib/route-prefix.ts';
import { useSession } from '../../lib/use-session.ts';
import { StatusCard } from '../../ui/status-card.tsx';
import { authPageTexts } from './auth-pages-texts.ts';

const segment = /^[A-Za-z0-9_-]+$/;

/** spec 000 §2.2 autologin/{ref}/{go}/{id?}/{pay?}: sign in from a mailed link, then open `go`. */
export function AutologinPage() {
  const t = useTexts(authPageTexts);
  const lang = useLang();
  const { to } = usePrefix();
  const { ref = '', go = '', id, pay } = useParams();
  const navigate = useNavigate();
  const { signIn } = useSession();
  const [error, setError] = useState<string | null>(null);
  const started = useRef(false);

  useEffect(() => {
    // The link is single-use; StrictMode's second effect run must not spend it twice.
    if (started.current) return;
    started.current = true;
    call('autologin', { ref })
      .then(({ token }) => {
        signIn(token);
        // Only a plain route name is followed, so the link cannot point off-site.
        const target = /^[a-z-]+$/.test(go)
          ? [go, id, pay].filter((part): part is string => !!part && segment.test(part)).join('/')
          : 'my-account';
        navigate(to(target), { replace: true });
      })
      .catch((failure: unknown) => setError(apiErrorText(authActions.autologin, failure, lang)));
  }, [ref, go, id, pay, lang, navigate, signIn, to]);

  if (error === null) return <StatusCard state="loading" title={t('autologin.loading')} />;
  return (
    <StatusCard state="error" title={t('autologin.errorTitle')} text={error}>
      <Button component={Link} to={to('login')}>
        {t('autologin.login')}
      </Button>
    </StatusCard>
  );
}
