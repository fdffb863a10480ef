import type { Workshop } from './use-course-editor.ts';

/** A course as get-workshop answers it: in ARS, by card, with a certificate, no modules yet. */
export function workshopFixture(over: Partial<Workshop> = {}): Workshop {
  return {
    ref: 'wsRef12345678',
    title: 'Meditación para principiantes',
    description: 'Un curso breve.',
    cover: null,
    currency: 'ARS',
    payCash: 0,
    payCard: 1,
    hidePrice: 0,
    noPrice: 0,
    limitTime: 0,
    limitTimeDays: null,
    certificate: 1,
    linkComunityWp: null,
    paused: 0,
    modules: [],
    ...over,
  };
}
