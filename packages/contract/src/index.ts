import type { z } from 'zod';
import type { ActionDef } from './action.ts';
import * as accounts from './actions/accounts.ts';
import * as agenda from './actions/agenda.ts';
import * as auth from './actions/auth.ts';
import * as availability from './actions/availability.ts';
import * as balances from './actions/balances.ts';
import * as bankAccount from './actions/bank-account.ts';
import * as bookingFeedback from './actions/booking-feedback.ts';
import * as bookingPanel from './actions/booking-panel.ts';
import * as bookings from './actions/bookings.ts';
import * as calendar from './actions/calendar.ts';
import * as catalogue from './actions/catalogue.ts';
import * as chat from './actions/chat.ts';
import * as clinical from './actions/clinical.ts';
import * as contacts from './actions/contacts.ts';
import * as coupons from './actions/coupons.ts';
import * as courseLearning from './actions/course-learning.ts';
import * as coursePurchase from './actions/course-purchase.ts';
import * as courses from './actions/courses.ts';
import * as externalCalendars from './actions/external-calendars.ts';
import * as fiscalData from './actions/fiscal-data.ts';
import * as legal from './actions/legal.ts';
import * as notifications from './actions/notifications.ts';
import * as userPaymentOptions from './actions/payment-options.ts';
import * as payments from './actions/payments.ts';
import * as plans from './actions/plans.ts';
import * as profile from './actions/profile.ts';
import * as reference from './actions/reference.ts';
import * as sales from './actions/sales.ts';
import * as search from './actions/search.ts';
import * as storefront from './actions/storefront.ts';
import * as videoRoom from './actions/video-room.ts';

export * from './action.ts';
export type { UserBank } from './actions/bank-account.ts';
export type { Country } from './actions/reference.ts';
export * from './constants/auth.ts';
export * from './constants/availability.ts';
export * from './constants/bookings.ts';
export * from './constants/catalogue.ts';
export * from './constants/clinical.ts';
export * from './constants/contacts.ts';
export * from './constants/countries.ts';
export * from './constants/courses.ts';
export * from './constants/dates.ts';
export * from './constants/external-calendars.ts';
export * from './constants/legal.ts';
export * from './constants/permissions.ts';
export * from './constants/plans.ts';
export * from './constants/profile.ts';
export * from './constants/search.ts';
export * from './constants/storefront.ts';
export * from './errors.ts';
export * from './policy.ts';
export * from './realtime/channel.ts';
export * from './routes.ts';
export * from './rules/account-numbers.ts';
export * from './rules/balances.ts';
export * from './rules/bank-data.ts';
export * from './rules/bank-labels.ts';
export * from './rules/booking-display.ts';
export * from './rules/cart-payment.ts';
export * from './rules/contacts.ts';
export * from './rules/course-purchase.ts';
export * from './rules/fiscal-data.ts';
export * from './rules/ledger.ts';
export * from './rules/module-access.ts';
export * from './rules/money-format.ts';
export * from './rules/payment-options.ts';
export * from './rules/phone.ts';
export * from './rules/plan-card.ts';
export * from './rules/plans.ts';
export * from './rules/provider-choice.ts';
export * from './rules/publication-price.ts';
export * from './rules/question.ts';
export * from './rules/quiz.ts';
export * from './rules/sign-in.ts';
export * from './rules/social-networks.ts';
export * from './rules/workshop-display.ts';
export * from './shapes/accounts.ts';
export * from './shapes/availability.ts';
export * from './shapes/bookings.ts';
export * from './shapes/catalogue.ts';
export * from './shapes/chat.ts';
export * from './shapes/clinical.ts';
export * from './shapes/courses.ts';
export * from './shapes/fiscal-data.ts';
export * from './shapes/notifications.ts';
export * from './shapes/paging.ts';
export * from './shapes/plans.ts';
export * from './shapes/sales.ts';
export * from './shapes/storefront.ts';
export * from './shapes/video-room.ts';

const areas = {
  ...auth,
  ...accounts,
  ...profile,
  ...reference,
  ...catalogue,
  ...availability,
  ...storefront,
  ...search,
  ...contacts,
  ...clinical,
  ...bookings,
  ...agenda,
  ...bookingPanel,
  ...payments,
  ...calendar,
  ...externalCalendars,
  ...bookingFeedback,
  ...coupons,
  ...courses,
  ...courseLearning,
  ...coursePurchase,
  ...bankAccount,
  ...fiscalData,
  ...userPaymentOptions,
  ...sales,
  ...balances,
  ...chat,
  ...plans,
  ...videoRoom,
  ...notifications,
  ...legal,
};
type Defs = Extract<(typeof areas)[keyof typeof areas], ActionDef>;

function isAction(value: unknown): value is ActionDef {
  return (
    typeof value === 'object' && value !== null && 'name' in value && 'input' in value && 'output' in value
  );
}

/** Every action of the product, by its wire name. */
export const actions = Object.fromEntries(
  Object.values(areas)
    .filter(isAction)
    .map((def) => [def.name, def]),
) as { [D in Defs as D['name']]: D };
export type Actions = typeof actions;
export type ActionName = keyof Actions;
export type InputOf<A extends ActionName> = z.input<Actions[A]['input']>;
export type ParsedInputOf<A extends ActionName> = z.output<Actions[A]['input']>;
export type OutputOf<A extends ActionName> = z.output<Actions[A]['output']>;
