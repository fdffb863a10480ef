import type { OutputOf } from '@agendo/contract';

/** find-user-data as the server answers a professional on a paid plan (override what a test needs). */
export function userDataFixture(over: Partial<OutputOf<'find-user-data'>> = {}): OutputOf<'find-user-data'> {
  return {
    status: '200',
    ref: 'userRef0001',
    userType: 1,
    blockUse: 0,
    card_added: 1,
    userPlan: 1,
    isAdmin: false,
    ...over,
  };
}
