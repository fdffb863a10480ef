import type { RouteObject } from 'react-router';
import { lazyPage } from '../../lib/lazy-page.ts';

const load = () => import('./search-page.tsx');

/**
 * Routes of the search feature, mounted under /:country/:lang by the app router (spec 000
 * §2.2). Optional filters travel in the query string (?type=&ref=&country=…&today=1&gender=).
 * The expo variants are for embedding, so they ask the shell for a minimal frame.
 */
export const searchRoutes: RouteObject[] = [
  { path: 'search', lazy: lazyPage(load, (m) => m.SearchPage) },
  { path: 'terapias', lazy: lazyPage(load, (m) => m.TherapiesPage) },
  { path: 'sintomas', lazy: lazyPage(load, (m) => m.SymptomsPage) },
  {
    path: 'search-expo/:hideLogo/:show',
    lazy: lazyPage(load, (m) => m.SearchExpoPage),
    handle: { chrome: 'minimal' },
  },
  {
    path: 'terapias-expo/:hideLogo/:show',
    lazy: lazyPage(load, (m) => m.TherapiesExpoPage),
    handle: { chrome: 'minimal' },
  },
  {
    path: 'admin/exchange-rates',
    lazy: lazyPage(
      () => import('./exchange-rates-page.tsx'),
      (m) => m.ExchangeRatesPage,
    ),
  },
];
