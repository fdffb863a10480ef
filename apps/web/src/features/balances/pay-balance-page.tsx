import { minorUnitsOf } from '@agendo/contract';
import { Alert, Button, Card, Center, Container, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, Navigate, useParams } from 'react-router';
import { useTexts } from '../../i18n/use-texts.ts';
import { ApiError, call } from '../../lib/api.ts';
import { useMinorMoneyText } from '../../lib/money-text.ts';
import { usePrefix } from '../../lib/route-prefix.ts';
import { loginRequired } from '../../ui/require-login.tsx';
import { balancesTexts } from './balances-texts.ts';

/** How long the page waits for the provider's webhook before saying the payment is still pending. */
const waitMs = 20_000;

/**
 * pay-balance/{ref}/{idPay}/{tempBookId} (spec 000 §2.2): the provider sends the client back
 * here after a card payment of their balance with the professional `ref`. The webhook, not
 * this return, settles the payment: the page asks for its state (waiting a little while it is
 * still open) and shows what is left to pay, with the way back to the balances.
 */
export const PayBalancePage = loginRequired(function PayBalanceReturn() {
  const { to } = usePrefix();
  const { ref, idPay } = useParams();
  if (!ref || !idPay) return <Navigate to={to(ref ? `wallet-account/${ref}` : 'wallet-account')} replace />;
  return <PayBalance professionalRef={ref} paymentRef={idPay} />;
});

function PayBalance({ professionalRef, paymentRef }: { professionalRef: string; paymentRef: string }) {
  const tx = useTexts(balancesTexts);
  const money = useMinorMoneyText();
  const { to } = usePrefix();
  useDocumentTitle(`${tx('payBalanceTitle')} · Agendo`);
  const [since] = useState(() => Date.now());
  const payment = useQuery({
    queryKey: ['find-payment', paymentRef],
    queryFn: () => call('find-payment', { ref: paymentRef }),
    refetchInterval: (q) => (q.state.data?.state === 'created' && Date.now() - since < waitMs ? 1500 : false),
    retry: false,
  });
  const state = payment.data?.state;
  // Read again once the payment settles: the approval is what lowers the debt.
  const balances = useQuery({
    queryKey: ['find-balances', professionalRef, state ?? 'unknown'],
    queryFn: () => call('find-balances', { mode: 2, balanceOfUser: professionalRef }),
  });

  const outcome = () => {
    if (payment.isPending) return <Waiting text={tx('payWaiting')} />;
    if (payment.isError) {
      return (
        <Alert color="orange" icon={<IconAlertCircle aria-hidden />} title={tx('payError')}>
          {payment.error instanceof ApiError && !payment.error.isNetwork ? payment.error.message : null}
        </Alert>
      );
    }
    const { currency } = payment.data;
    // find-payment answers whole units; the balances format minor units.
    const paid = money(Math.round(payment.data.amount * minorUnitsOf(currency)), currency);
    switch (payment.data.state) {
      case 'approved':
        return (
          <Alert color="teal" icon={<IconCircleCheck aria-hidden />} title={tx('payApproved')}>
            {tx('payApprovedText', { amount: paid })}
          </Alert>
        );
      case 'declined':
        return (
          <Alert color="orange" icon={<IconAlertCircle aria-hidden />} title={tx('payDeclined')}>
            {tx('payDeclinedText')}
          </Alert>
        );
      case 'refunded':
        return <Alert color="orange" icon={<IconAlertCircle aria-hidden />} title={tx('payRefunded')} />;
      case 'expired':
        return <Alert color="orange" icon={<IconAlertCircle aria-hidden />} title={tx('payExpired')} />;
      default:
        return Date.now() - since < waitMs || payment.isFetching ? (
          <Waiting text={tx('payWaiting')} />
        ) : (
          <Alert color="blue" icon={<IconAlertCircle aria-hidden />} title={tx('payPending')}>
            {tx('payPendingText')}
          </Alert>
        );
    }
  };

  return (
    <Container size="sm" py={{ base: 'lg', sm: 'xl' }}>
      <Stack gap="lg">
        <Title order={1} fz={{ base: 24, sm: 30 }}>
          {tx('payBalanceTitle')}
        </Title>
        {outcome()}
        <Stack gap="xs" component="section" aria-label={tx('remainingTitle')}>
          <Title order={2} fz="lg">
            {tx('remainingTitle')}
          </Title>
          {balances.isPending ? (
            <Waiting text={tx('loading')} />
          ) : balances.isError ? (
            <Alert color="red" title={tx('loadError')} />
          ) : balances.data.balances.length === 0 ? (
            <Text>{tx('empty')}</Text>
          ) : (
            balances.data.balances.map((r) => (
              <Card key={r.currency} withBorder radius="md" p="md">
                {r.ammount > 0 && <Text>{tx('owed', { amount: money(r.ammount, r.currency) })}</Text>}
                {r.saldo > 0 && <Text>{tx('credit', { amount: money(r.saldo, r.currency) })}</Text>}
              </Card>
            ))
          )}
        </Stack>
        <Group>
          <Button component={Link} to={to(`wallet-account/${professionalRef}`)}>
            {tx('backToBalances')}
          </Button>
        </Group>
      </Stack>
    </Container>
  );
}

function Waiting({ text }: { text: string }) {
  return (
    <Center py="md">
      <Group gap="sm" role="status">
        <Loader size="sm" />
        <Text>{text}</Text>
      </Group>
    </Center>
  );
}
