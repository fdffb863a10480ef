import { describe, expect, it } from 'vitest';
import { buyModulePrompt, type ModuleAccessInput, moduleAccessOf } from './module-access.ts';

const base: ModuleAccessInput = { isOwner: false, moduleFree: 1, purchase: 'none', periodExpired: false };

// spec 002 §4 "Module access", 001 §4 "Live-lesson visibility", 000 §4 "Workshop".
const rows: [string, Partial<ModuleAccessInput>, { moduleFree: 0 | 1 | 2; ownerBadge: boolean }][] = [
  ['open module, anyone', { moduleFree: 0 }, { moduleFree: 0, ownerBadge: false }],
  ['sold module, not bought: cart offered', {}, { moduleFree: 1, ownerBadge: false }],
  ['sold from the course page only, not bought', { moduleFree: 2 }, { moduleFree: 2, ownerBadge: false }],
  ['sold module, paid', { purchase: 'paid' }, { moduleFree: 0, ownerBadge: false }],
  [
    'sold module, cash or transfer pending: locked, no cart',
    { purchase: 'pending' },
    { moduleFree: 2, ownerBadge: false },
  ],
  [
    'paid but the period ended',
    { purchase: 'paid', periodExpired: true },
    { moduleFree: 2, ownerBadge: false },
  ],
  [
    'open module but the period ended',
    { moduleFree: 0, periodExpired: true },
    { moduleFree: 2, ownerBadge: false },
  ],
  ['owner of a sold module: content and badge', { isOwner: true }, { moduleFree: 0, ownerBadge: true }],
  [
    'owner of a page-only module: badge',
    { isOwner: true, moduleFree: 2 },
    { moduleFree: 0, ownerBadge: true },
  ],
  [
    'owner of an open module: no badge',
    { isOwner: true, moduleFree: 0 },
    { moduleFree: 0, ownerBadge: false },
  ],
];

describe('moduleAccessOf', () => {
  it.each(rows)('%s', (_name, change, expected) => {
    expect(moduleAccessOf({ ...base, ...change })).toEqual(expected);
  });

  it('names the module in the purchase prompt (spec 002 §2)', () => {
    expect(buyModulePrompt('Módulo 2')).toBe(
      'Debes contratar el módulo Módulo 2 para poder acceder a este y otros capítulos que contenga.',
    );
  });
});
