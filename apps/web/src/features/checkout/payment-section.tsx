import { paymentStepOf, type TempBooking } from '@agendo/contract';
import { Alert, Anchor, Button, Card, Group, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTexts } from '../../i18n/use-texts.ts';
import { ApiError, call } from '../../lib/api.ts';
import { useMoneyText } from '../../lib/money-text.ts';
import { usePrefix } from '../../lib/route-prefix.ts';
import { BankLines } from '../../ui/bank-lines.tsx';
import { PaymentFrame } from '../../ui/payment-frame.tsx';
import classes from './checkout.module.css';
import { checkoutTexts } from './checkout-texts.ts';
import { clearCart } from './use-checkout.ts';

type Method = 'card' | 'transfer' | 'cash';

const wrap = { root: classes.wrapButton, label: classes.wrapLabel };

/** The step that finalises the held booking (save-booking) or starts a card payment (start-payment). */
export function PaymentSection({ booking }: { booking: TempBooking }) {
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
  // Back to the chooser, when there was one to choose from.
  const back = step === 'chooser' ? () => setMethod(null) : undefined;
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
        <MethodConfirmation
          label={tx('confirmTransfer')}
          loading={finish.isPending}
          onConfirm={() => finish.mutate('transfer')}
          onBack={back}
        >
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
        </MethodConfirmation>
      )}
      {chosen === 'cash' && (
        <MethodConfirmation
          label={tx('confirmCash')}
          loading={finish.isPending}
          onConfirm={() => finish.mutate('cash')}
          onBack={back}
        >
          <Text>{tx('cashText', { amount })}</Text>
        </MethodConfirmation>
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

/** A cash or transfer step: what to do, its confirm button and, after a choice, the way back. */
function MethodConfirmation(props: {
  label: string;
  loading: boolean;
  onConfirm: () => void;
  onBack: (() => void) | undefined;
  children: ReactNode;
}) {
  const tx = useTexts(checkoutTexts);
  return (
    <Card withBorder padding="lg" radius="md">
      {props.children}
      <Group mt="md">
        <Button classNames={wrap} loading={props.loading} onClick={props.onConfirm}>
          {props.label}
        </Button>
        {props.onBack && (
          <Button variant="subtle" onClick={props.onBack}>
            {tx('back')}
          </Button>
        )}
      </Group>
    </Card>
  );
}
