import { vi } from 'vitest';
import type { Workshop } from './use-course-editor.ts';

/** A fetch stub answering each action with [status, body]; unknown actions answer 500. */
export function answer(byAction: Record<string, [number, unknown]>) {
  return vi.fn((_url: unknown, init?: RequestInit) => {
    const { action } = JSON.parse(String(init?.body));
    const [status, body] = byAction[action] ?? [500, {}];
    return Promise.resolve(new Response(JSON.stringify(body), { status }));
  });
}

/** The JSON bodies sent for one action. */
export function sent(fetchMock: ReturnType<typeof vi.fn>, action: string): Record<string, unknown>[] {
  return fetchMock.mock.calls
    .map((call) => JSON.parse(String((call[1] as RequestInit).body)))
    .filter((body) => body.action === action);
}

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
