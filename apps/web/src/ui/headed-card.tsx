import { Paper, type PaperProps } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A bordered card that screen readers name by its own heading: `headingId` is the id the card's
 * title carries. A section of a page by default; an `article` for one item of a list.
 */
export function HeadedCard({
  headingId,
  component = 'section',
  radius = 'lg',
  id,
  children,
  ...paper
}: Omit<PaperProps, 'withBorder'> & {
  headingId: string;
  component?: 'section' | 'article';
  id?: string;
  children: ReactNode;
}) {
  return (
    <Paper withBorder radius={radius} component={component} id={id} aria-labelledby={headingId} {...paper}>
      {children}
    </Paper>
  );
}
