import { isLanguage, isRouteCountry } from '@agendo/contract';
import { Box } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { Outlet, useLocation, useMatches, useNavigate, useNavigation, useParams } from 'react-router';
import { useLang, useT } from '../i18n/use-t.ts';
import { setUnauthorizedHandler } from '../lib/api.ts';
import { usePrefix } from '../lib/route-prefix.ts';
import { useIsLoggedIn } from '../lib/session.ts';
import { BookingMenuProvider } from '../ui/booking-menu-slot.tsx';
import { GuidesProvider } from '../ui/guides-slot.tsx';
import { InvoiceModalProvider } from '../ui/invoice-modal-slot.tsx';
import { SalesTableProvider } from '../ui/sales-table-slot.tsx';
import { AppHeader } from './app-header.tsx';
import { AppBookingMenu } from './booking-menu.tsx';
import { ClientRecordHost } from './client-record-host.tsx';
import { DocumentReaderHost } from './document-reader-host.tsx';
import { AppInvoiceModal } from './invoice-modal.tsx';
import { NotFoundPage } from './not-found-page.tsx';
import { AppSalesTable } from './sales-table.tsx';
import classes from './shell.module.css';
import { SiteFooter } from './site-footer.tsx';
import { UpdateBanner } from './update-banner.tsx';
import { WaitingOverlay } from './waiting-overlay.tsx';

/**
 * How much frame a page wants, from its route's `handle.chrome`: landing pages for ads show only
 * the logo ('minimal'); embedded expo pages show no header at all ('none').
 */
export type Chrome = 'full' | 'minimal' | 'none';
function useChrome(): Chrome {
  const matches = useMatches();
  const handle = matches[matches.length - 1]?.handle as { chrome?: Chrome } | undefined;
  return handle?.chrome ?? 'full';
}

/** The frame of every page: header, banners, overlays; a 404 when the prefix is not ours. */
// Only a signed-in person has an address to verify; visitors never download the banner (and the
// action schemas it brings).
const VerifyEmailBanner = lazy(() =>
  import('./verify-email-banner.tsx').then((m) => ({ default: m.VerifyEmailBanner })),
);

// The professional's quota and trial warnings (spec 002 §4), for signed-in people only.
const PlanBanner = lazy(() =>
  import('../features/plans/plan-banner.tsx').then((m) => ({ default: m.PlanBanner })),
);

// The guides modal (spec 000 §2.4) and its tour library load when someone first opens it.
const GuidesModal = lazy(() => import('./guides/guides-modal.tsx').then((m) => ({ default: m.GuidesModal })));

export function Shell({ notFound = false }: { notFound?: boolean }) {
  const params = useParams();
  const validPrefix = isRouteCountry(params.country) && isLanguage(params.lang);
  const navigation = useNavigation();
  const t = useT();
  const lang = useLang();
  const chrome = useChrome();
  const loggedIn = useIsLoggedIn();
  useUnauthorizedRedirect();
  const [guidesOpen, setGuidesOpen] = useState(false);
  const [guidesWanted, setGuidesWanted] = useState(false);
  const openGuides = useCallback(() => {
    setGuidesWanted(true);
    setGuidesOpen(true);
  }, []);
  useEffect(() => {
    document.documentElement.lang = lang;
  }, [lang]);

  return (
    <GuidesProvider value={openGuides}>
      <a href="#main" className={classes.skip}>
        {t('shell.skip')}
      </a>
      {navigation.state === 'loading' && (
        // A bar of plain CSS: Mantine's Progress would put ~0.6 kB gzip on every first load (issue 13).
        <div className={classes.progress} aria-hidden />
      )}
      {chrome !== 'none' && <AppHeader minimal={chrome === 'minimal'} />}
      {validPrefix && chrome === 'full' && loggedIn && (
        <Suspense fallback={null}>
          <VerifyEmailBanner />
          <PlanBanner />
        </Suspense>
      )}
      <Box component="main" id="main" tabIndex={-1} className={classes.main}>
        {notFound || !validPrefix ? (
          <NotFoundPage />
        ) : (
          <BookingMenuProvider value={AppBookingMenu}>
            <InvoiceModalProvider value={AppInvoiceModal}>
              <SalesTableProvider value={AppSalesTable}>
                <DocumentReaderHost>
                  <ClientRecordHost>
                    <Outlet />
                  </ClientRecordHost>
                </DocumentReaderHost>
              </SalesTableProvider>
            </InvoiceModalProvider>
          </BookingMenuProvider>
        )}
      </Box>
      {chrome === 'full' && <SiteFooter />}
      <UpdateBanner />
      <WaitingOverlay />
      {guidesWanted && loggedIn && (
        <Suspense fallback={null}>
          <GuidesModal opened={guidesOpen} onClose={() => setGuidesOpen(false)} onReopen={openGuides} />
        </Suspense>
      )}
    </GuidesProvider>
  );
}

function useUnauthorizedRedirect() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { to } = usePrefix();
  const { pathname } = useLocation();
  useEffect(() => {
    setUnauthorizedHandler(() => {
      queryClient.clear();
      if (/\/(login|logout)(\/|$)/.test(pathname)) return;
      navigate(`${to('login')}?next=${encodeURIComponent(pathname)}`, { replace: true });
    });
    return () => setUnauthorizedHandler(undefined);
  }, [navigate, queryClient, to, pathname]);
}
