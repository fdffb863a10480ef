import { currencyForCountryId, isPromoActive, moneyText, type Publication, priceFor } from '@agendo/contract';
import { Badge, Group, Paper, Stack, Text, VisuallyHidden } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTexts } from '../../i18n/use-texts.ts';
import { call } from '../../lib/api.ts';
import { servicePageTexts } from './service-page-texts.ts';
import { countdownParts, useCountdown } from './use-countdown.ts';

/** The viewer's country decides the currency: their account's, else the route's (get-publish). */
function viewerCountry(pub: Publication): number {
  return pub.userCountry ?? pub.profCountry;
}

/** What stands instead of an amount when the price is hidden or not set. */
const priceNotices = {
  hidden: { title: 'hidePrice', hint: 'hidePriceHint' },
  noPrice: { title: 'noPrice', hint: 'noPriceHint' },
} as const;

/**
 * spec 000 §2.7 price block: price, old price, promo countdown, first-consult price, and the
 * hidePrice / noPrice / free states. The price is recomputed on every tick, so when the
 * countdown reaches zero the promo turns off and the normal price shows (spec 000 §4).
 */
export function PriceBlock({ pub, firstBuy }: { pub: Publication; firstBuy: boolean }) {
  const t = useTexts(servicePageTexts);
  const promoOn = pub.promoActive && pub.promoEndsAt !== null;
  const left = useCountdown(promoOn ? pub.promoEndsAt : null);
  const now = new Date();
  const country = viewerCountry(pub);
  const price = priceFor(pub, pub.userCountry, now, firstBuy);
  const showCountdown = promoOn && left > 0 && isPromoActive(pub, now);
  const localCurrency = currencyForCountryId(country);
  const approx = useQuery({
    queryKey: ['convert-price', country, localCurrency, price.amount],
    queryFn: () =>
      call('convert-price', {
        userCountryId: country,
        userCurrency: localCurrency,
        profCurrency: 'USD',
        price: price.amount,
      }),
    enabled: price.state === 'price' && price.international && localCurrency !== 'USD' && price.amount > 0,
    staleTime: 10 * 60_000,
    retry: false,
  });

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="price-title">
      <Stack gap={6}>
        <Text id="price-title" size="sm" c="dimmed" fw={500}>
          {t('priceTitle')}
        </Text>
        {price.state === 'free' && (
          <Text fz={28} fw={800} c="teal.8" data-testid="price">
            {t('free')}
          </Text>
        )}
        {(price.state === 'hidden' || price.state === 'noPrice') && (
          <>
            <Text fz={22} fw={700} data-testid="price">
              {t(priceNotices[price.state].title)}
            </Text>
            <Text size="sm" c="dimmed">
              {t(priceNotices[price.state].hint)}
            </Text>
          </>
        )}
        {price.state === 'price' && (
          <>
            {price.applied === 'first' && (
              <Badge color="grape" variant="light" size="lg" style={{ alignSelf: 'flex-start' }}>
                {t('firstConsult')}
              </Badge>
            )}
            <Group gap="sm" align="baseline" wrap="wrap">
              <Text fz={28} fw={800} data-testid="price">
                {moneyText(price.amount, price.currency, country)}
              </Text>
              {price.oldAmount !== undefined && (
                <Text c="dimmed" td="line-through" data-testid="old-price">
                  <VisuallyHidden>{t('oldPrice', { price: '' })}</VisuallyHidden>
                  {moneyText(price.oldAmount, price.currency, country)}
                </Text>
              )}
            </Group>
            {price.international && (
              <Text size="sm" c="dimmed">
                {t('international')}
                {approx.data &&
                  ` ${t('approx', { price: moneyText(approx.data.amount, approx.data.currency, country) })}`}
              </Text>
            )}
          </>
        )}
        {showCountdown && <Countdown ms={left} />}
      </Stack>
    </Paper>
  );
}

function Countdown({ ms }: { ms: number }) {
  const t = useTexts(servicePageTexts);
  const parts = countdownParts(ms);
  const cells = [
    { value: parts.days, label: t('days') },
    { value: parts.hours, label: t('hours') },
    { value: parts.minutes, label: t('minutes') },
    { value: parts.seconds, label: t('seconds') },
  ];
  return (
    <Stack gap={4} data-testid="promo-countdown">
      <Text size="sm" fw={600} c="red.8">
        {t('promoEnds')}
      </Text>
      {/* The seconds change every second; screen readers are not told about each one. */}
      <Group gap="xs" aria-live="off">
        {cells.map((cell) => (
          <Paper key={cell.label} bg="red.0" radius="sm" px="xs" py={4} miw={52} ta="center">
            <Text fw={800} fz="lg" c="red.9" lh={1.1}>
              {String(cell.value).padStart(2, '0')}
            </Text>
            <Text size="xs" c="red.9">
              {cell.label}
            </Text>
          </Paper>
        ))}
      </Group>
    </Stack>
  );
}
