import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '../test/render.tsx';
import { routes } from './router.tsx';

// issue 13: the English dictionary is not part of the shell any more; the router fetches it
// before the first English page shows.
describe('English pages', { timeout: 20_000 }, () => {
  it('show the header in English', async () => {
    renderRoutes(routes, '/us/en/');
    expect(await screen.findByRole('link', { name: 'Sign in' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Iniciar sesión' })).not.toBeInTheDocument();
  });

  it('and Spanish pages in Spanish', async () => {
    renderRoutes(routes, '/ar/es/');
    expect(await screen.findByRole('link', { name: 'Iniciar sesión' })).toBeInTheDocument();
  });
});
