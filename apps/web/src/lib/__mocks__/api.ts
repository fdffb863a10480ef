import { vi } from 'vitest';

// `vi.mock('…/lib/api.ts')` in a component test: the module as it is, but for `call`, which the
// test answers through the contract with answerActions (lib/test-actions.ts).
export * from '../api.ts';
export const call = vi.fn<typeof import('../api.ts').call>();
