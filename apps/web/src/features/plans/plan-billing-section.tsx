import { checkPlanCard, type OutputOf } from '@agendo/contract';
import { createImitationCardToken } from '@agendo/contract/plans';
import { Alert, Button, Group, Modal, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconCreditCard } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { useNavigate } from 'react-router';
import { useTexts } from '../../i18n/use-texts.ts';
import { ApiError, call } from '../../lib/api.ts';
import { useMinorMoneyText } from '../../lib/money-text.ts';
import { usePrefix } from '../../lib/route-prefix.ts';
import { useCheckedForm } from '../../lib/use-checked-form.ts';
import { planBillingTexts } from './plan-billing-texts.ts';

const PaymentFrame = lazy(() =>
  import('../../ui/payment-frame.tsx').then((m) => ({ default: m.PaymentFrame })),
);
const MercadoPagoCardBrick = lazy(() =>
  import('./mercadopago-card-brick.tsx').then((m) => ({ default: m.MercadoPagoCardBrick })),
);

type Billing = OutputOf<'find-my-plan'>['billing'];

/**
 * spec 002 §2 Plans table: the card-linking modal (Mercado Pago's card form with 'Vincular' in
 * Argentina, Stripe's hosted page behind 'Vincular Tarjeta' elsewhere), the pay-plan section of a
 * semiannual or annual plan without a card, and a failed charge's message (§8).
 */
export function PlanBillingSection({
  billing,
  inTrial,
  period,
}: {
  billing: Billing;
  inTrial: boolean;
  period: 30 | 180 | 365;
}) {
  const tx = useTexts(planBillingTexts);
  const moneyText = useMinorMoneyText();
  const [formOpen, setFormOpen] = useState(false);
  const [frameUrl, setFrameUrl] = useState<string | null>(null);
  const linked = billing.card?.state === 'linked';
  const onError = (error: unknown) => {
    if (error instanceof ApiError && !error.isNetwork)
      notifications.show({ color: 'red', message: error.message });
  };
  const stripeLink = useMutation({
    mutationFn: () => call('link-plan-suscription-st', {}),
    onSuccess: (answer) => setFrameUrl(answer.url),
    onError,
  });
  const pay = useMutation({
    mutationFn: () => call('pay-plan', {}),
    onSuccess: (answer) => setFrameUrl(answer.checkoutUrl),
    onError,
  });
  const startLink = () => (billing.cardProvider === 'mercadopago' ? setFormOpen(true) : stripeLink.mutate());
  const linkLabel = billing.cardProvider === 'mercadopago' ? tx('linkMp') : tx('linkSt');

  if (!billing.linkCard && !billing.payPlan && !linked && !billing.payment) return null;
  return (
    <Paper
      component="section"
      withBorder
      radius="md"
      p={{ base: 'md', sm: 'lg' }}
      aria-labelledby="plan-card-title"
    >
      <Stack gap="sm">
        <Group gap="xs">
          <IconCreditCard size={22} aria-hidden />
          <Title order={2} fz="lg" id="plan-card-title">
            {billing.payPlan || billing.pendingPlan ? tx('payTitle') : tx('cardTitle')}
          </Title>
        </Group>
        {billing.payment && (
          <Alert color="red" icon={<IconAlertTriangle size={18} />} role="alert">
            <Text fw={600}>{tx('failed')}</Text>
            {billing.payment.state === 'failed' ? (
              <Text size="sm">{tx('failedBlocked')}</Text>
            ) : billing.payment.nextAttemptAt ? (
              <Text size="sm">
                {tx('retrying', {
                  date: new Date(billing.payment.nextAttemptAt).toLocaleDateString('es-AR'),
                })}
              </Text>
            ) : null}
          </Alert>
        )}
        {billing.card?.state === 'rejected' && !linked && (
          <Alert color="orange">{tx('cardRejected', { message: billing.card.message ?? '' })}</Alert>
        )}
        {linked && (
          <Text>
            {billing.card?.lastFour
              ? tx('cardLinked', { last: billing.card.lastFour })
              : tx('cardLinkedNoDigits')}
          </Text>
        )}
        {billing.linkCard && (
          <Text>
            {inTrial
              ? tx('linkIntroTrial')
              : billing.pendingPlan && billing.dueCurrency
                ? tx('linkPending', { amount: moneyText(billing.amountDueMinor, billing.dueCurrency) })
                : tx('linkIntro')}
          </Text>
        )}
        {billing.payPlan && billing.dueCurrency && (
          <Text>
            {tx('payText', {
              period: period === 180 ? tx('semiannual') : tx('annual'),
              amount: moneyText(billing.amountDueMinor, billing.dueCurrency),
            })}
          </Text>
        )}
        <Group>
          {billing.payPlan && (
            <Button onClick={() => pay.mutate()} loading={pay.isPending} mih={44}>
              {tx('payButton')}
            </Button>
          )}
          {(billing.linkCard || linked || billing.payment) && !billing.payPlan && (
            <Button
              variant={linked && !billing.payment ? 'default' : 'filled'}
              onClick={startLink}
              loading={stripeLink.isPending}
              mih={44}
            >
              {linked ? tx('changeCard') : linkLabel}
            </Button>
          )}
        </Group>
      </Stack>
      <MercadoPagoCardForm
        opened={formOpen}
        publicKey={billing.mpPublicKey}
        onClose={() => setFormOpen(false)}
      />
      {frameUrl !== null && (
        <Suspense fallback={null}>
          <PaymentFrame url={frameUrl} onClose={() => setFrameUrl(null)} />
        </Suspense>
      )}
    </Paper>
  );
}

/**
 * The Argentine provider's embedded card form (spec 002 §2 Card forms, button 'Vincular'): the card
 * becomes a token, the token a subscription; the answer is shown on plan-status. With a real
 * public key the form is Mercado Pago's own (MP.js); in the sandbox, ours, tokenised by the
 * imitation.
 */
function MercadoPagoCardForm({
  opened,
  publicKey,
  onClose,
}: {
  opened: boolean;
  publicKey: string | null;
  onClose: () => void;
}) {
  const tx = useTexts(planBillingTexts);
  const navigate = useNavigate();
  const { to } = usePrefix();
  // All the card's faults show at once, before anything is sent (issue 34); the server checks
  // the same rule again before the provider sees the card.
  const form = useCheckedForm({
    errors: createImitationCardToken.errors,
    defaultValues: { cardNumber: '', expiry: '', securityCode: '', holder: '' },
    check: (values) => checkPlanCard(values, new Date()),
  });
  const linkWith = async (cardTokenId: string, deviceId?: string) => {
    const answer = await call('link-plan-suscription-mp', { cardTokenId, ...(deviceId ? { deviceId } : {}) });
    onClose();
    navigate(to(answer.link));
  };
  const onSubmit = form.submit(async (values) => {
    const { cardTokenId } = await call('create-imitation-card-token', values);
    await linkWith(cardTokenId);
  });
  if (publicKey) {
    return (
      <Modal opened={opened} onClose={onClose} title={tx('formTitle')} centered>
        <Suspense fallback={null}>
          <MercadoPagoCardBrick
            publicKey={publicKey}
            onToken={async (cardTokenId, deviceId) => {
              try {
                await linkWith(cardTokenId, deviceId);
              } catch (error) {
                if (error instanceof ApiError && !error.isNetwork)
                  notifications.show({ color: 'red', message: error.message });
                // The brick leaves its submit button ready for another try.
                throw error;
              }
            }}
          />
        </Suspense>
      </Modal>
    );
  }
  return (
    <Modal opened={opened} onClose={onClose} title={tx('formTitle')} centered>
      <form onSubmit={onSubmit} noValidate>
        <Stack>
          <TextInput
            label={tx('number')}
            inputMode="numeric"
            autoComplete="cc-number"
            {...form.field('cardNumber')}
          />
          <Group grow align="flex-start">
            <TextInput
              label={tx('expiry')}
              autoComplete="cc-exp"
              placeholder="MM/AA"
              {...form.field('expiry')}
            />
            <TextInput
              label={tx('securityCode')}
              inputMode="numeric"
              autoComplete="cc-csc"
              {...form.field('securityCode')}
            />
          </Group>
          <TextInput label={tx('holder')} autoComplete="cc-name" {...form.field('holder')} />
          <Text size="xs" c="dimmed">
            {tx('testCards')}
          </Text>
          <Button type="submit" loading={form.submitting} mih={44}>
            {tx('submit')}
          </Button>
        </Stack>
      </form>
    </Modal>
  );
}
