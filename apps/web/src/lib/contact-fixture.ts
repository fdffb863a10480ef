import type { OutputOf } from '@agendo/contract';

export type ContactListItem = OutputOf<'find-contacts'>['contacts'][number];

/** A find-contacts row as the server answers it, for web tests (override what a test needs). */
export function contactFixture(
  ref: string,
  first: string,
  last: string,
  mail: string,
  phone: string | null,
  over: Partial<ContactListItem> = {},
): ContactListItem {
  return {
    idSeller: ref,
    imgSeller: null,
    sellerName: `${first} ${last}`,
    idChat: null,
    userFirstName: first,
    userLastName: last,
    userMail: mail,
    userPhone: phone,
    userCountry: 5,
    userState: null,
    userCity: null,
    userStreet: null,
    userFloor: null,
    userDepto: null,
    userPObox: null,
    userGender: null,
    userBirthYear: null,
    userBirthMonth: null,
    userBirthDay: null,
    obraSocial: null,
    numObraSocial: null,
    userIdentify: null,
    userImg: null,
    createdAt: '2026-11-01T10:00:00.000Z',
    ...over,
  };
}
