import type { TempBooking } from '@agendo/contract';
import { Button, Card, Group, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTexts } from '../../i18n/use-texts.ts';
import { ApiError, call } from '../../lib/api.ts';
import { useMoneyText } from '../../lib/money-text.ts';
import { checkoutTexts } from './checkout-texts.ts';
import { browserZone } from './use-checkout.ts';

/** The price to pay and, when there is one to pay, the coupon field (apply-coupon). */
export function PriceCard({
  booking,
  onChange,
}: {
  booking: TempBooking;
  onChange: (b: TempBooking) => void;
}) {
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
