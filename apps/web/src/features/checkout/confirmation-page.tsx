import { type CartRecord, cartProblem, SPANISH_MONTH_NAMES } from '@agendo/contract';
import {
  Alert,
  Button,
  Card,
  Container,
  Group,
  Image,
  Modal,
  Radio,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconAlertCircle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { useTexts } from '../../i18n/use-texts.ts';
import { call } from '../../lib/api.ts';
import { usePrefix } from '../../lib/route-prefix.ts';
import { useIsLoggedIn } from '../../lib/session.ts';
import { CheckoutLoading } from './checkout-loading.tsx';
import { checkoutTexts } from './checkout-texts.ts';
import { PaymentReturn } from './payment-return.tsx';
import { TempBookingView } from './temp-booking-view.tsx';
import { clearCart, readCart } from './use-checkout.ts';

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
  if (user.isPending) return <CheckoutLoading />;
  if (problem === 'currency-changed') {
    const backToService = () => {
      clearCart();
      void navigate(to(`service/${cart.ref}`), { replace: true });
    };
    return (
      <Modal opened onClose={backToService} title={tx('title')} centered>
        <Text>{tx('currencyChanged')}</Text>
        <Button mt="md" onClick={backToService}>
          {tx('understood')}
        </Button>
      </Modal>
    );
  }
  return <HeldBooking cart={cart} />;
}

const weekdays = ['domingo', 'lunes', 'martes', 'miércoles', 'jueves', 'viernes', 'sábado'];

/** '2026-12-08', '09:00' → 'martes 8 de diciembre de 2026, 09:00' (issue 34: not the raw date). */
export function cartWhen(date: string, hour: string): string {
  const [year, month, day] = date.split('-').map(Number);
  const weekday = weekdays[new Date(Date.UTC(year ?? 0, (month ?? 1) - 1, day ?? 1)).getUTCDay()];
  return `${weekday} ${day} de ${SPANISH_MONTH_NAMES[(month ?? 1) - 1]} de ${year}, ${hour}`;
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
        <Text size="sm">{cartWhen(cart.dateSelectedClient, cart.hourStartClient)}</Text>
      </div>
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
