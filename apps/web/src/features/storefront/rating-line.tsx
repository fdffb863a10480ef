import { Group, Text } from '@mantine/core';
import { IconStarFilled } from '@tabler/icons-react';
import { useTexts } from '../../i18n/use-texts.ts';
import { storefrontTexts } from './storefront-texts.ts';

/** A professional's stars: the average and how many reviews, or that there are none yet. */
export function RatingLine({
  average,
  count,
  starSize,
  starColor,
  mt,
}: {
  average: number | null;
  count: number;
  starSize: number;
  starColor: string;
  mt?: string;
}) {
  const t = useTexts(storefrontTexts);
  return (
    <Group gap={4} mt={mt}>
      <IconStarFilled size={starSize} aria-hidden color={starColor} />
      <Text size="sm">
        {average === null
          ? t('profileNoRating')
          : t(count === 1 ? 'profileRatingOne' : 'profileRating', { avg: average, count })}
      </Text>
    </Group>
  );
}
