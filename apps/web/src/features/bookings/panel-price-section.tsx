import { type Booking, priceConfirmationOf, priceConfirmationText } from '@agendo/contract';
import { Alert, Button, Group, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useTexts } from '../../i18n/use-texts.ts';
import { call } from '../../lib/api.ts';
import { useMoneyText } from '../../lib/money-text.ts';
import { usePrefix } from '../../lib/route-prefix.ts';
import { PriceModal } from './panel-price.tsx';
import { panelTexts } from './panel-texts.ts';

/**
 * The price at the top of the panel, or the price confirmation it waits for (spec 000 §6): the
 * client confirms or rejects, the professional sets it.
 */
export function PriceSection({ booking, onChanged }: { booking: Booking; onChanged: () => void }) {
  const tx = useTexts(panelTexts);
  const moneyText = useMoneyText();
  const money = (b: Booking) => moneyText(b.price, b.currency);
  const { to } = usePrefix();
  const navigate = useNavigate();
  const state = priceConfirmationOf(booking);
  const answer = useMutation({
    mutationFn: (confirmPrice: 0 | 1) => call('confirm-price', { ref: booking.id, confirmPrice }),
    onSuccess: (res) => {
      onChanged();
      void navigate(`${to(res.route)}?ref=${booking.id}`);
    },
    onError: () => void navigate(to('booking-not-found')),
  });
  const [priceOpen, setPriceOpen] = useState(false);
  if (booking.state === 'cancelled') return null;
  if (state === 'waiting-client') {
    if (booking.viewerRole === 'client') {
      const deadline = booking.priceConfirmDeadline
        ? new Intl.DateTimeFormat('es-AR', { dateStyle: 'medium', timeStyle: 'short' }).format(
            new Date(booking.priceConfirmDeadline),
          )
        : '';
      return (
        <Alert color="blue" title={priceConfirmationText.client}>
          <Text size="sm">{tx('confirmValueText', { amount: money(booking), deadline })}</Text>
          <Group mt="sm">
            <Button loading={answer.isPending && answer.variables === 1} onClick={() => answer.mutate(1)}>
              {tx('confirm')}
            </Button>
            <Button
              variant="default"
              loading={answer.isPending && answer.variables === 0}
              onClick={() => answer.mutate(0)}
            >
              {tx('reject')}
            </Button>
          </Group>
        </Alert>
      );
    }
    return <Alert color="blue" title={priceConfirmationText.professional} />;
  }
  if (state === 'waiting-professional' && booking.viewerRole === 'professional') {
    return (
      <>
        <Alert color="gray" title={tx('priceToSet')}>
          <Button mt="xs" onClick={() => setPriceOpen(true)}>
            {tx('setPrice')}
          </Button>
        </Alert>
        <PriceModal
          booking={booking}
          mode="confirm"
          opened={priceOpen}
          onClose={() => setPriceOpen(false)}
          onSaved={onChanged}
        />
      </>
    );
  }
  return booking.price > 0 ? (
    <Text fz="xl" fw={800}>
      {money(booking)}
    </Text>
  ) : null;
}
