import { type BoundFunctions, type queries, screen } from '@testing-library/react';
import { expect } from 'vitest';

/** Each link, found by its accessible name in `scope` (the whole page unless told), leads to its path. */
export function expectLinks(
  links: [name: string | RegExp, href: string][],
  scope: Pick<BoundFunctions<typeof queries>, 'getByRole'> = screen,
) {
  for (const [name, href] of links) expect(scope.getByRole('link', { name })).toHaveAttribute('href', href);
}
