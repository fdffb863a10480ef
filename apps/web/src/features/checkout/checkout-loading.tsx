import { Group, Loader, Text } from '@mantine/core';
import { useTexts } from '../../i18n/use-texts.ts';
import { checkoutTexts } from './checkout-texts.ts';

export function CheckoutLoading() {
  const tx = useTexts(checkoutTexts);
  return (
    <Group justify="center" py="xl" role="status">
      <Loader size="sm" />
      <Text>{tx('loading')}</Text>
    </Group>
  );
}
