import { vi } from 'vitest';

/**
 * A fetch stub answering each action with [status, body], for tests of a page's whole round
 * trip (the status decides success or the error's code); unknown actions answer 500.
 */
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
