import { Alert, Button, Container, Group, Loader, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconAlertCircle } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, Navigate, useParams } from 'react-router';
import { useTexts } from '../../i18n/use-texts.ts';
import { ApiError, call } from '../../lib/api.ts';
import { usePrefix } from '../../lib/route-prefix.ts';
import { PaymentFrame } from '../../ui/payment-frame.tsx';
import { checkoutTexts } from './checkout-texts.ts';
import { readCart } from './use-checkout.ts';

/**
 * pay-service/{ref}/{idPay}/{tempBookId}: pays an appointment that is already booked but unpaid
 * (a confirmed hidden price, a transfer the client prefers to pay by card). A balance's card
 * payment returns to pay-balance (features/balances).
 */
export function PayServicePage() {
  const tx = useTexts(checkoutTexts);
  const { ref } = useParams();
  const { to } = usePrefix();
  const [url, setUrl] = useState<string | null>(null);
  useDocumentTitle(`${tx('cardFrameTitle')} · Agendo`);
  const start = useMutation({
    mutationFn: () => call('start-payment', { ref: ref ?? '' }),
    onSuccess: (res) => setUrl(res.checkoutUrl),
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: start once on arrival.
  useEffect(() => {
    if (ref) start.mutate();
  }, [ref]);
  return (
    <Container size="sm" py="lg">
      <Title order={1} size="h2" mb="md">
        {tx('cardFrameTitle')}
      </Title>
      {start.isError ? (
        <Alert
          color="orange"
          icon={<IconAlertCircle />}
          title={start.error instanceof ApiError ? start.error.message : tx('error')}
        >
          <Button component={Link} to={to('my-bookings')} mt="sm" variant="light">
            {tx('myBookings')}
          </Button>
        </Alert>
      ) : (
        <Group role="status">
          <Loader size="sm" />
          <Text>{tx('loading')}</Text>
        </Group>
      )}
      <PaymentFrame url={url} onClose={() => setUrl(null)} />
    </Container>
  );
}

/** login-cart / user-cart: sign in (or register) and come back to the stored cart. */
export function LoginCartPage({ register = false }: { register?: boolean }) {
  const { to } = usePrefix();
  const cart = readCart();
  const next = encodeURIComponent(to(cart ? `confirmation/${cart.ref}` : 'confirmation'));
  return <Navigate to={`${to(register ? 'register' : 'login')}?next=${next}`} replace />;
}
