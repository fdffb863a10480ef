import type { OutputOf } from '@agendo/contract';

// Typed by the contract's outputs, so a changed schema breaks every test that answers with them.

/** find-user-info of the demo professional, Lucía (override what a test needs). */
export function userInfoFixture(over: Partial<OutputOf<'find-user-info'>> = {}): OutputOf<'find-user-info'> {
  return {
    status: '200',
    ref: 'userRef00000001',
    userType: 1,
    userFirstName: 'Lucía',
    userLastName: 'Fernández',
    userMail: 'lucia@agendo.test',
    userImg: null,
    userPhone: '+5491155550101',
    userCountry: 5,
    userTimeZone: 'America/Argentina/Buenos_Aires',
    userLang: 'es',
    emailVerified: true,
    pendingMail: null,
    ...over,
  };
}

/** A profile's social networks, none filled in. */
export const noLinks: OutputOf<'find-user-profile'>['socialNetworks'] = {
  instagram: null,
  facebook: null,
  linkedin: null,
  x: null,
  youtube: null,
  tiktok: null,
  website: null,
};

/** find-user-profile of a professional who has filled in nothing yet. */
export const emptyProfile: OutputOf<'find-user-profile'> = {
  status: '200',
  userBio: null,
  businessName: null,
  nickname: null,
  socialNetworks: noLinks,
  address: null,
  logoSquare: null,
  logoRectangle: null,
  sign: null,
  certificate: null,
};
