import { type BankData, countryIdForBrowserCountry, currencyForCountryId, moneyText } from '@agendo/contract';
import { Alert, Button, Card, Group, Text } from '@mantine/core';
import { IconAlertCircle, IconLock } from '@tabler/icons-react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTexts } from '../../i18n/use-texts.ts';
import { ApiError, call } from '../../lib/api.ts';
import { usePrefix } from '../../lib/route-prefix.ts';
import { useIsLoggedIn } from '../../lib/session.ts';
import { useLatched } from '../../lib/use-latched.ts';
import { BankLines } from '../../ui/bank-lines.tsx';
import { coursesTexts } from './courses-texts.ts';

// The dialogs of a purchase load when the buyer reaches them, not with the course page (issue 13).
const PaymentChooser = lazy(() =>
  import('./payment-chooser.tsx').then((module) => ({ default: module.PaymentChooser })),
);
const PaymentFrame = lazy(() =>
  import('../../ui/payment-frame.tsx').then((module) => ({ default: module.PaymentFrame })),
);

/**
 * spec 002 §2 "Module purchase cart screen" and §4 "Purchase flow": 'Valor del módulo' (GRATIS
 * at zero), the approximate price in the buyer's currency, 'Contratar', then login, the
 * 'Opciones de Pago' chooser, the transfer data or the card provider's page in an overlay frame.
 */
export function ModuleCart({ moduleRef }: { moduleRef: string }) {
  const tx = useTexts(coursesTexts);
  const { to, country } = usePrefix();
  // The buyer's local currency follows the route's country (spec 000 §2.1), like the service pages.
  const viewerCountry = countryIdForBrowserCountry(country);
  const navigate = useNavigate();
  const loggedIn = useIsLoggedIn();
  const [chooser, setChooser] = useState(false);
  const [transfer, setTransfer] = useState<{ bookRef: string; bank: BankData | null } | null>(null);
  const [checkoutUrl, setCheckoutUrl] = useState<string | null>(null);
  const chooserUsed = useLatched(chooser);
  const frameUsed = useLatched(checkoutUrl !== null);
  const cart = useQuery({
    queryKey: ['find-module-cart', moduleRef, loggedIn],
    queryFn: () => call('find-module-cart', { moduleId: moduleRef }),
  });
  const localCurrency = currencyForCountryId(viewerCountry);
  const data = cart.data?.cart;
  const approx = useQuery({
    queryKey: ['convert-price', viewerCountry, localCurrency, data?.price],
    queryFn: () =>
      call('convert-price', {
        userCountryId: viewerCountry,
        userCurrency: localCurrency,
        profCurrency: data?.currency ?? 'USD',
        price: data?.price ?? 0,
      }),
    // A hidden or absent price is never converted (it would reveal the amount).
    enabled: Boolean(
      data && data.hidePrice === 0 && data.noPrice === 0 && data.currency !== localCurrency && data.price > 0,
    ),
    staleTime: 10 * 60_000,
    retry: false,
  });

  const hold = (ref: string) => call('save-temp-sales-modules', { moduleId: ref });
  // The temporary sale the chooser acts on (card or transfer).
  const held = useRef<Awaited<ReturnType<typeof hold>> | null>(null);
  const finish = useMutation({
    mutationFn: (input: { tempBook: string; mode: 'manual' | 'free' | 'transfer' }) =>
      call('save-sales-modules', input),
    onSuccess: (res) => navigate(`${to(res.route)}?course=${res.courseRef}`),
  });
  const pay = useMutation({
    mutationFn: (tempBook: string) => call('start-module-payment', { tempBook }),
    onSuccess: (res) => setCheckoutUrl(res.checkoutUrl),
  });
  const start = useMutation({
    mutationFn: () => hold(moduleRef),
    onSuccess: (res) => {
      const step = res.cart.step;
      if (step === 'manual') finish.mutate({ tempBook: res.bookRef, mode: 'manual' });
      else if (step === 'free') finish.mutate({ tempBook: res.bookRef, mode: 'free' });
      else if (step === 'card') pay.mutate(res.bookRef);
      else if (step === 'transfer') setTransfer({ bookRef: res.bookRef, bank: res.bank });
      else if (step === 'chooser') {
        setTransfer(null);
        setChooser(true);
        held.current = res;
      }
    },
  });

  if (!data) return null;
  const priceText =
    data.hidePrice === 1
      ? tx('hidePrice')
      : data.price === 0 || data.noPrice === 1
        ? tx('free')
        : moneyText(data.price, data.currency, viewerCountry);
  const error = [start.error, finish.error, pay.error].find((e) => e instanceof ApiError) as
    | ApiError
    | undefined;

  if (data.owned) return null;
  return (
    <Card withBorder radius="md" padding="md" data-testid="module-cart">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <div>
          <Text size="sm" c="dimmed">
            {tx('moduleValue')}
          </Text>
          <Text fz={24} fw={800} data-testid="module-price">
            {priceText}
          </Text>
          {approx.data && (
            <Text size="sm" c="dimmed">
              {tx('approx', {
                amount: moneyText(approx.data.amount, approx.data.currency, viewerCountry),
              })}
            </Text>
          )}
        </div>
        {data.pending ? (
          <Text size="sm" c="orange.8">
            {tx('pendingPayment')}
          </Text>
        ) : data.step === 'login' ? (
          <Button
            component={Link}
            to={`${to('login')}?next=${encodeURIComponent(`${to(`course/${data.courseRef}`)}?buy=${data.moduleRef}`)}`}
            leftSection={<IconLock size={16} aria-hidden />}
          >
            {tx('loginToHire')}
          </Button>
        ) : data.step === 'none' ? (
          <Text size="sm">{tx('noMethod')}</Text>
        ) : (
          <Button
            loading={start.isPending || finish.isPending || pay.isPending}
            onClick={() => start.mutate()}
          >
            {tx('hire')}
          </Button>
        )}
      </Group>
      {error && (
        <Alert color="orange" icon={<IconAlertCircle />} mt="sm">
          {error.message}
        </Alert>
      )}

      {transfer && (
        <Card withBorder mt="md" padding="md" bg="gray.0">
          <Text fw={600}>{tx('transferTitle')}</Text>
          {transfer.bank ? (
            <>
              <Text size="sm" mt={4}>
                {tx('transferText', { amount: priceText })}
              </Text>
              <BankLines bank={transfer.bank} />
            </>
          ) : (
            <Text size="sm" mt={4}>
              {tx('transferNoBank')}
            </Text>
          )}
          <Group mt="md">
            <Button
              loading={finish.isPending}
              onClick={() => finish.mutate({ tempBook: transfer.bookRef, mode: 'transfer' })}
            >
              {tx('confirmTransfer')}
            </Button>
            <Button variant="subtle" color="gray" onClick={() => setTransfer(null)}>
              {tx('cancel')}
            </Button>
          </Group>
        </Card>
      )}

      {chooserUsed && (
        <Suspense fallback={null}>
          <PaymentChooser
            opened={chooser}
            onClose={() => setChooser(false)}
            onCard={() => {
              setChooser(false);
              if (held.current) pay.mutate(held.current.bookRef);
            }}
            onTransfer={() => {
              setChooser(false);
              if (held.current) setTransfer({ bookRef: held.current.bookRef, bank: held.current.bank });
            }}
          />
        </Suspense>
      )}

      {frameUsed && (
        <Suspense fallback={null}>
          <PaymentFrame url={checkoutUrl} onClose={() => setCheckoutUrl(null)} />
        </Suspense>
      )}
    </Card>
  );
}
