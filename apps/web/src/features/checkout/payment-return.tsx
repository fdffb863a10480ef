import { Alert, Button, Container, Group, Loader, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useTexts } from '../../i18n/use-texts.ts';
import { call } from '../../lib/api.ts';
import { usePrefix } from '../../lib/route-prefix.ts';
import { checkoutTexts } from './checkout-texts.ts';
import { clearCart } from './use-checkout.ts';

/** How long the return page waits for the provider's webhook before saying so. */
const waitMs = 20_000;

/**
 * The provider sent the browser back (spec 002 §4 "Return from a provider"). The webhook,
 * not the return URL, is what marks a payment approved, so this page asks the server and waits
 * a little when the webhook has not arrived yet.
 */
export function PaymentReturn({ paymentRef, tempBookId }: { paymentRef: string; tempBookId: string }) {
  const tx = useTexts(checkoutTexts);
  const { to } = usePrefix();
  const { ref } = useParams();
  const navigate = useNavigate();
  const [since] = useState(() => Date.now());
  const payment = useQuery({
    queryKey: ['find-payment', paymentRef],
    queryFn: () => call('find-payment', { ref: paymentRef }),
    refetchInterval: (q) => (q.state.data?.route || Date.now() - since > waitMs ? false : 1500),
    retry: false,
  });
  const route = payment.data?.route;
  const bookingRef = payment.data?.bookingRef ?? tempBookId;
  const courseRef = payment.data?.courseRef ?? null;

  useEffect(() => {
    if (!route) return;
    clearCart();
    // A module goes back to its course (card-success-course / card-refound, spec 002 §4).
    const query = courseRef ? `course=${courseRef}` : `ref=${bookingRef}`;
    void navigate(`${to(route)}?${query}`, { replace: true });
  }, [route, bookingRef, courseRef, navigate, to]);

  if (payment.data?.state === 'declined') {
    return (
      <Alert color="orange" icon={<IconAlertCircle />} title={tx('declined')}>
        <Button component={Link} to={to(`confirmation/${ref ?? ''}`)} mt="sm" variant="light">
          {tx('retry')}
        </Button>
      </Alert>
    );
  }
  if (payment.isError) {
    return (
      <Alert color="orange" icon={<IconAlertCircle />} title={tx('error')}>
        <Button component={Link} to={to('my-bookings')} mt="sm" variant="light">
          {tx('myBookings')}
        </Button>
      </Alert>
    );
  }
  if (!payment.isFetching && !route && Date.now() - since > waitMs) {
    return (
      <Alert color="blue" icon={<IconAlertCircle />} title={tx('stillPending')}>
        <Button component={Link} to={to('my-bookings')} mt="sm" variant="light">
          {tx('myBookings')}
        </Button>
      </Alert>
    );
  }
  return (
    <Group justify="center" py="xl" role="status">
      <Loader size="sm" />
      <Text>{tx('returning')}</Text>
    </Group>
  );
}

/** pay-workshop: the provider's return for a module (its webhook decides, this page waits). */
export function PaymentReturnPage() {
  const { idPay, tempBookId } = useParams();
  return (
    <Container size="xs" py="xl">
      <PaymentReturn paymentRef={idPay ?? ''} tempBookId={tempBookId ?? ''} />
    </Container>
  );
}
