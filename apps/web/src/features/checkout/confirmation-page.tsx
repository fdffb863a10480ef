import { type CartRecord, cartProblem, paymentStepOf, type TempBooking } from '@agendo/contract';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Container,
  Group,
  Image,
  Loader,
  Modal,
  Radio,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle, IconClock, IconMapPin, IconVideo } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { useTexts } from '../../i18n/use-texts.ts';
import { ApiError, call } from '../../lib/api.ts';
import { useMoneyText } from '../../lib/money-text.ts';
import { usePrefix } from '../../lib/route-prefix.ts';
import { useIsLoggedIn } from '../../lib/session.ts';
import { zoneLabelPlain } from '../../lib/time-zone-label.ts';
import { BankLines } from '../../ui/bank-lines.tsx';
import { PaymentFrame } from '../../ui/payment-frame.tsx';
import classes from './checkout.module.css';
import { checkoutTexts } from './checkout-texts.ts';
import { PaymentReturn } from './payment-return.tsx';
import { browserZone, clearCart, longDate, mmss, readCart, useSecondsLeft } from './use-checkout.ts';

/**
 * confirmation/{ref?}/{idPay?}/{tempBookId?} (spec 000 §2.2, 002 §4–§5): the cart left by the
 * booking picker becomes a temporary booking that holds the slot; the client then finalises it
 * the way the professional's options allow. With idPay and tempBookId it is the return from a
 * payment provider.
 */
export function ConfirmationPage() {
  const { idPay, tempBookId } = useParams();
  const tx = useTexts(checkoutTexts);
  useDocumentTitle(`${tx('title')} · Agendo`);
  return (
    <Container size="sm" py="lg">
      {idPay && tempBookId ? (
        <PaymentReturn paymentRef={idPay} tempBookId={tempBookId} />
      ) : (
        <CartConfirmation />
      )}
    </Container>
  );
}

function CartConfirmation() {
  const tx = useTexts(checkoutTexts);
  const { to } = usePrefix();
  const navigate = useNavigate();
  const location = useLocation();
  const loggedIn = useIsLoggedIn();
  const [cart] = useState<CartRecord | null>(readCart);
  const user = useQuery({
    queryKey: ['find-user-info'],
    queryFn: () => call('find-user-info', {}),
    enabled: loggedIn,
  });

  const problem = cartProblem({
    hasCart: cart !== null,
    loggedIn,
    cartCountryId: cart?.userCountry ?? null,
    userCountryId: user.data?.userCountry ?? null,
  });

  if (problem === 'expired' || !cart) {
    return (
      <Alert color="orange" icon={<IconAlertCircle />} title={tx('expired')}>
        <Button component={Link} to={to('search')} mt="sm" variant="light">
          {tx('searchServices')}
        </Button>
      </Alert>
    );
  }
  if (!loggedIn) {
    const next = encodeURIComponent(location.pathname);
    return (
      <Card withBorder padding="lg" radius="md">
        <Title order={1} size="h3">
          {tx('loginTitle')}
        </Title>
        <Text mt="xs">{tx('loginText')}</Text>
        <CartSummary cart={cart} />
        <Group mt="md">
          <Button component={Link} to={`${to('login')}?next=${next}`}>
            {tx('login')}
          </Button>
          <Button component={Link} to={`${to('register')}?next=${next}`} variant="light">
            {tx('register')}
          </Button>
        </Group>
      </Card>
    );
  }
  if (user.isPending) return <Loading />;
  if (problem === 'currency-changed') {
    return (
      <Modal
        opened
        onClose={() => {
          clearCart();
          void navigate(to(`service/${cart.ref}`), { replace: true });
        }}
        title={tx('title')}
        centered
      >
        <Text>{tx('currencyChanged')}</Text>
        <Button
          mt="md"
          onClick={() => {
            clearCart();
            void navigate(to(`service/${cart.ref}`), { replace: true });
          }}
        >
          {tx('understood')}
        </Button>
      </Modal>
    );
  }
  return <HeldBooking cart={cart} />;
}

/** What the client picked, before the hold exists (visitors see it while signing in). */
function CartSummary({ cart }: { cart: CartRecord }) {
  const tx = useTexts(checkoutTexts);
  return (
    <Group mt="md" wrap="nowrap" align="flex-start">
      {cart.img && <Image src={cart.img} alt="" w={72} h={72} radius="md" fit="cover" />}
      <div>
        <Text fw={700}>{cart.title}</Text>
        <Text size="sm" c="dimmed">
          {tx('with', { name: `${cart.profName} ${cart.profLastName}` })}
        </Text>
        <Text size="sm">
          {cart.dateSelectedClient} · {cart.hourStartClient}
        </Text>
      </div>
    </Group>
  );
}

function Loading() {
  const tx = useTexts(checkoutTexts);
  return (
    <Group justify="center" py="xl" role="status">
      <Loader size="sm" />
      <Text>{tx('loading')}</Text>
    </Group>
  );
}

function HeldBooking({ cart }: { cart: CartRecord }) {
  const [modality, setModality] = useState<1 | 2 | null>(cart.modeId === 3 ? null : (cart.modeId as 1 | 2));
  if (modality === null) return <ModalityChoice cart={cart} onChoose={setModality} />;
  return <TempBookingView cart={cart} modality={modality} key={modality} />;
}

function ModalityChoice({ cart, onChoose }: { cart: CartRecord; onChoose: (m: 1 | 2) => void }) {
  const tx = useTexts(checkoutTexts);
  const [value, setValue] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  return (
    <Card withBorder padding="lg" radius="md">
      <Title order={1} size="h3">
        {tx('title')}
      </Title>
      <CartSummary cart={cart} />
      <Radio.Group
        mt="md"
        label={tx('chooseModality')}
        value={value}
        onChange={(v) => {
          setValue(v);
          setError(null);
        }}
        error={error}
      >
        <Stack gap="xs" mt="xs">
          <Radio value="1" label={tx('online')} />
          <Radio value="2" label={tx('inPerson')} />
        </Stack>
      </Radio.Group>
      <Button
        mt="md"
        onClick={() => {
          // spec 000 §5 re-booking / §8: a modality must be chosen when both are offered.
          if (value !== '1' && value !== '2') setError(tx('modalityRequired'));
          else onChoose(value === '1' ? 1 : 2);
        }}
      >
        {tx('confirmBooking')}
      </Button>
    </Card>
  );
}

function TempBookingView({ cart, modality }: { cart: CartRecord; modality: 1 | 2 }) {
  const tx = useTexts(checkoutTexts);
  const { to, lang } = usePrefix();
  const queryClient = useQueryClient();
  const key = ['save-temp-booking', cart.ref, cart.date, modality] as const;
  // The server answers the same hold for the same slot, so a reload does not take a second one.
  const held = useQuery({
    queryKey: key,
    queryFn: () =>
      call('save-temp-booking', {
        ref: cart.ref,
        startsAt: cart.date,
        modality,
        userTime: browserZone(),
      }),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
  });
  const booking = held.data?.booking;
  const secondsLeft = useSecondsLeft(booking?.holdExpiresAt ?? null);

  if (held.isPending) return <Loading />;
  if (held.isError || !booking) {
    const message = held.error instanceof ApiError ? held.error.message : tx('error');
    return (
      <Alert color="orange" icon={<IconAlertCircle />} title={message}>
        <Button component={Link} to={to(`service/${cart.ref}`)} mt="sm" variant="light">
          {tx('chooseAnother')}
        </Button>
      </Alert>
    );
  }
  const expired = booking.state === 'held' && secondsLeft === 0;
  const update = (next: TempBooking) =>
    queryClient.setQueryData(key, { status: '200' as const, booking: next });

  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {tx('title')}
      </Title>
      <BookingCard booking={booking} lang={lang} />
      {expired ? (
        <Alert color="orange" icon={<IconAlertCircle />} title={tx('expired')}>
          <Button component={Link} to={to(`service/${booking.publicationRef}`)} mt="sm" variant="light">
            {tx('chooseAnother')}
          </Button>
        </Alert>
      ) : (
        <>
          {secondsLeft !== null && (
            <Group gap={6} c="dimmed" role="timer" aria-live="off" wrap="nowrap">
              <IconClock size={16} aria-hidden />
              <Text size="sm">{tx('holdLeft', { time: mmss(secondsLeft) })}</Text>
            </Group>
          )}
          <PriceCard booking={booking} onChange={update} />
          <PaymentSection booking={booking} />
        </>
      )}
    </Stack>
  );
}

function BookingCard({ booking, lang }: { booking: TempBooking; lang: string }) {
  const tx = useTexts(checkoutTexts);
  // Zones may have different names for the same clock (aliases): compare what people read.
  const sameZone =
    booking.dateSelected === booking.dateSelectedClient && booking.hourStart === booking.hourStartClient;
  return (
    <Card withBorder padding="lg" radius="md">
      <Group wrap="nowrap" align="flex-start">
        {booking.img && <Image src={booking.img} alt="" w={88} h={88} radius="md" fit="cover" />}
        <Stack gap={4}>
          <Text fw={700} size="lg">
            {booking.title}
          </Text>
          <Text size="sm" c="dimmed">
            {tx('with', { name: booking.profName })}
          </Text>
        </Stack>
      </Group>
      <Stack gap={6} mt="md">
        <Text size="sm" fw={600}>
          {tx('dateLabel')}
        </Text>
        <Text>
          {tx('yourTime', {
            date: longDate(booking.dateSelectedClient, lang),
            hour: booking.hourStartClient,
            zone: zoneLabelPlain(booking.timezoneClient, lang === 'en' ? 'en' : 'es'),
          })}
        </Text>
        {!sameZone && (
          <Text size="sm" c="dimmed">
            {tx('profTime', {
              date: longDate(booking.dateSelected, lang),
              hour: booking.hourStart,
              zone: zoneLabelPlain(booking.timezone, lang === 'en' ? 'en' : 'es'),
            })}
          </Text>
        )}
        <Group gap="xs">
          <Badge
            variant="light"
            leftSection={booking.modalityId === 2 ? <IconMapPin size={12} /> : <IconVideo size={12} />}
          >
            {booking.modalityId === 2 ? tx('inPerson') : tx('online')}
          </Badge>
          <Badge variant="outline">{tx('duration', { n: booking.duration })}</Badge>
        </Group>
        {booking.address && (
          <Text size="sm">
            <IconMapPin size={14} aria-hidden /> {booking.address}
          </Text>
        )}
      </Stack>
    </Card>
  );
}

function PriceCard({ booking, onChange }: { booking: TempBooking; onChange: (b: TempBooking) => void }) {
  const tx = useTexts(checkoutTexts);
  const moneyOf = useMoneyText();
  const [code, setCode] = useState(booking.coupon ?? '');
  const [error, setError] = useState<string | null>(null);
  const apply = useMutation({
    mutationFn: (value: string) =>
      call('apply-coupon', { ref: booking.tempBookId, code: value, userTime: browserZone() }),
    onSuccess: (res, value) => {
      setError(null);
      onChange(res.booking);
      if (value)
        notifications.show({ color: 'teal', message: tx('couponApplied', { code: value.toUpperCase() }) });
    },
    onError: (e) => setError(e instanceof ApiError ? e.message : tx('error')),
  });
  const payable = booking.finalMode === 'pay';
  return (
    <Card withBorder padding="lg" radius="md">
      <Text size="sm" fw={600}>
        {tx('priceLabel')}
      </Text>
      {booking.finalMode === 'manual' ? (
        <Text mt={4}>{tx('hiddenPrice')}</Text>
      ) : booking.finalMode === 'free' ? (
        <Text fz={28} fw={800} mt={4}>
          {tx('free')}
        </Text>
      ) : (
        <>
          <Text fz={28} fw={800} mt={4} data-testid="checkout-price">
            {moneyOf(booking.price, booking.currency)}
          </Text>
          {booking.discount > 0 && (
            <Text size="sm" c="dimmed">
              {tx('originalPrice', { amount: moneyOf(booking.originalPrice, booking.currency) })} ·{' '}
              {tx('discount', { amount: moneyOf(booking.discount, booking.currency) })}
            </Text>
          )}
          {booking.international && (
            <Text size="sm" c="dimmed">
              {tx('internationalNote')}
            </Text>
          )}
        </>
      )}
      {payable && (
        <Group mt="md" align="flex-end" wrap="nowrap">
          <TextInput
            label={tx('couponLabel')}
            value={code}
            onChange={(e) => setCode(e.currentTarget.value)}
            error={error}
            style={{ flex: 1 }}
            maxLength={40}
          />
          {booking.coupon ? (
            <Button
              variant="light"
              loading={apply.isPending}
              onClick={() => {
                setCode('');
                apply.mutate('');
              }}
            >
              {tx('couponRemove')}
            </Button>
          ) : (
            <Button
              variant="light"
              loading={apply.isPending}
              disabled={!code.trim()}
              onClick={() => apply.mutate(code.trim())}
            >
              {tx('couponApply')}
            </Button>
          )}
        </Group>
      )}
    </Card>
  );
}

type Method = 'card' | 'transfer' | 'cash';

const wrap = { root: classes.wrapButton, label: classes.wrapLabel };

function PaymentSection({ booking }: { booking: TempBooking }) {
  const tx = useTexts(checkoutTexts);
  const moneyOf = useMoneyText();
  const { to } = usePrefix();
  const navigate = useNavigate();
  const [chooser, setChooser] = useState(false);
  const [method, setMethod] = useState<Method | null>(null);
  const [checkoutUrl, setCheckoutUrl] = useState<string | null>(null);

  const finish = useMutation({
    mutationFn: (m: 'cash' | 'transfer' | 'free' | 'manual') =>
      call('save-booking', { ref: booking.tempBookId, method: m }),
    onSuccess: (res) => {
      clearCart();
      void navigate(`${to(res.route)}?ref=${res.ref}`, { replace: true });
    },
    onError: (e) =>
      notifications.show({ color: 'red', message: e instanceof ApiError ? e.message : tx('error') }),
  });
  const pay = useMutation({
    mutationFn: () => call('start-payment', { ref: booking.tempBookId }),
    onSuccess: (res) => setCheckoutUrl(res.checkoutUrl),
    onError: (e) =>
      notifications.show({ color: 'red', message: e instanceof ApiError ? e.message : tx('error') }),
  });

  const choose = (m: Method) => {
    setMethod(m);
    if (m === 'card') pay.mutate();
  };

  if (booking.finalMode !== 'pay') {
    return (
      <Button
        size="md"
        loading={finish.isPending}
        onClick={() => finish.mutate(booking.finalMode === 'manual' ? 'manual' : 'free')}
      >
        {tx('confirmBooking')}
      </Button>
    );
  }
  const step = paymentStepOf(booking.options);
  const amount = moneyOf(booking.price, booking.currency);

  if (step === 'none') {
    return (
      <Alert color="blue" icon={<IconAlertCircle />}>
        <Text>{tx('noMethods')}</Text>
        <Anchor component={Link} to={to(`chat/${booking.profRef}`)}>
          {tx('openChat')}
        </Anchor>
      </Alert>
    );
  }

  const chosen: Method | null = method ?? (step === 'chooser' ? null : step);
  const options: { method: Method; label: string }[] = [
    ...(booking.options.card ? [{ method: 'card' as const, label: tx('payCard') }] : []),
    ...(booking.options.transfer ? [{ method: 'transfer' as const, label: tx('payTransfer') }] : []),
    ...(booking.options.cash ? [{ method: 'cash' as const, label: tx('payCash') }] : []),
  ];

  return (
    <>
      {chosen === null && (
        <Button size="md" onClick={() => setChooser(true)}>
          {tx('continueToPay')}
        </Button>
      )}
      {chosen === 'card' && !checkoutUrl && (
        // Card-only checkouts (an international client) arrive here without a chosen method:
        // the first tap must start the payment, not just record the choice.
        <Button size="md" fullWidth classNames={wrap} loading={pay.isPending} onClick={() => choose('card')}>
          {tx('payCard')}
        </Button>
      )}
      {chosen === 'transfer' && (
        <Card withBorder padding="lg" radius="md">
          <Text fw={700}>{tx('transferTitle')}</Text>
          {booking.bank ? (
            <>
              <Text size="sm" mt={4}>
                {tx('transferText', { amount })}
              </Text>
              <BankLines bank={booking.bank} />
            </>
          ) : (
            <Text size="sm" mt={4}>
              {tx('transferNoBank')}{' '}
              <Anchor component={Link} to={to(`chat/${booking.profRef}`)}>
                {tx('openChat')}
              </Anchor>
            </Text>
          )}
          <Group mt="md">
            <Button classNames={wrap} loading={finish.isPending} onClick={() => finish.mutate('transfer')}>
              {tx('confirmTransfer')}
            </Button>
            {step === 'chooser' && (
              <Button variant="subtle" onClick={() => setMethod(null)}>
                {tx('back')}
              </Button>
            )}
          </Group>
        </Card>
      )}
      {chosen === 'cash' && (
        <Card withBorder padding="lg" radius="md">
          <Text>{tx('cashText', { amount })}</Text>
          <Group mt="md">
            <Button classNames={wrap} loading={finish.isPending} onClick={() => finish.mutate('cash')}>
              {tx('confirmCash')}
            </Button>
            {step === 'chooser' && (
              <Button variant="subtle" onClick={() => setMethod(null)}>
                {tx('back')}
              </Button>
            )}
          </Group>
        </Card>
      )}

      <Modal opened={chooser} onClose={() => setChooser(false)} title={tx('paymentOptions')} centered>
        <Text size="sm" mb="md">
          {tx('paymentOptionsText')}
        </Text>
        <Stack>
          {options.map((o) => (
            <Button
              key={o.method}
              variant="light"
              classNames={wrap}
              onClick={() => {
                setChooser(false);
                choose(o.method);
              }}
            >
              {o.label}
            </Button>
          ))}
          <Button variant="subtle" color="gray" onClick={() => setChooser(false)}>
            {tx('cancel')}
          </Button>
        </Stack>
      </Modal>

      <PaymentFrame
        url={checkoutUrl}
        onClose={() => {
          setCheckoutUrl(null);
          setMethod(null);
        }}
      />
    </>
  );
}
