import { describe, expect, it } from 'vitest';
import { type WorkshopPanelInput, workshopPanelState } from './workshop-display.ts';

const base: WorkshopPanelInput = {
  pricedPurchases: 1,
  unpaidPurchases: 0,
  freeTrial: false,
  enableCourse: true,
  completed: 3,
  total: 6,
};

// spec 000 §2.6 and §4: the workshop panel's badge, PERIODO VENCIDO, module entry and certificate.
const rows: [string, Partial<WorkshopPanelInput>, Partial<ReturnType<typeof workshopPanelState>>][] = [
  [
    'paid',
    {},
    {
      badgeText: 'ABONADO',
      moduleEntryEnabled: true,
      periodExpired: false,
      percent: 50,
      certificateEnabled: false,
    },
  ],
  [
    'priced and unpaid: entry disabled',
    { unpaidPurchases: 1 },
    { badgeText: 'IMPAGO', moduleEntryEnabled: false },
  ],
  [
    'free first-module trial',
    { pricedPurchases: 0, freeTrial: true },
    { badgeText: 'PRUEBA GRATIS', moduleEntryEnabled: true },
  ],
  ['free course', { pricedPurchases: 0 }, { badgeText: 'GRATIS' }],
  [
    'period over: PERIODO VENCIDO, re-contract, no entry',
    { enableCourse: false },
    { periodExpired: true, recontract: true, moduleEntryEnabled: false },
  ],
  ['100 %: certificate', { completed: 6 }, { percent: 100, certificateEnabled: true }],
  [
    '100 % but the period is over: no certificate',
    { completed: 6, enableCourse: false },
    { certificateEnabled: false },
  ],
  [
    'no lessons: 0 % and no certificate',
    { completed: 0, total: 0 },
    { percent: 0, certificateEnabled: false },
  ],
  [
    'percent rounds down (99 % is not 100 %)',
    { completed: 99, total: 100 },
    { percent: 99, certificateEnabled: false },
  ],
];

describe('workshopPanelState', () => {
  it.each(rows)('%s', (_name, change, expected) => {
    expect(workshopPanelState({ ...base, ...change })).toMatchObject(expected);
  });
});
