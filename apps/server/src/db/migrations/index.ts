import type { Migration } from 'kysely';
import type { Dialect } from '../dialect.ts';
import { accounts } from './0001-accounts.ts';
import { corporateSessions } from './0002-corporate-sessions.ts';
import { catalogue } from './0003-catalogue.ts';
import { availability } from './0004-availability.ts';
import { storefront } from './0005-storefront.ts';
import { search } from './0006-search.ts';
import { contacts } from './0007-contacts.ts';
import { clinical } from './0008-clinical.ts';
import { bookings } from './0009-bookings.ts';
import { calendarFeedToken } from './0010-calendar-feed-token.ts';
import { courses } from './0011-courses.ts';
import { bankAccountCode } from './0012-bank-account-code.ts';
import { ledger } from './0013-ledger.ts';
import { paymentRefunds } from './0014-payment-refunds.ts';
import { paymentOptions } from './0015-payment-options.ts';
import { sellerGateways } from './0016-seller-gateways.ts';
import { salesPartyIndexes } from './0017-sales-party-indexes.ts';
import { chat } from './0018-chat.ts';
import { sellerGatewayAccounts } from './0019-seller-gateway-accounts.ts';
import { billingSearch } from './0020-billing-search.ts';
import { fiscalData } from './0021-fiscal-data.ts';
import { afipCredentials } from './0022-afip-credentials.ts';
import { plans } from './0023-plans.ts';
import { profile } from './0024-profile.ts';
import { videoRoomPeers } from './0025-video-room-peers.ts';
import { planPausedPosts } from './0026-plan-paused-posts.ts';
import { notifications } from './0027-notifications.ts';
import { invoices } from './0028-invoices.ts';
import { planBilling } from './0029-plan-billing.ts';
import { profileImages } from './0031-profile-images.ts';
import { externalCalendars } from './0032-external-calendars.ts';
import { legal } from './0033-legal.ts';
import { chatAttachments } from './0034-chat-attachments.ts';
import { groupChat } from './0035-group-chat.ts';
import { preapprovalSyncs } from './0036-preapproval-syncs.ts';

/** Migrations are written once with a dialect hint; the same list runs on SQLite and PostgreSQL. */
export function migrations(dialect: Dialect): Record<string, Migration> {
  return {
    '0001-accounts': accounts(dialect),
    '0002-corporate-sessions': corporateSessions(),
    '0003-catalogue': catalogue(dialect),
    '0004-availability': availability(dialect),
    '0005-storefront': storefront(dialect),
    '0006-search': search(dialect),
    '0007-contacts': contacts(dialect),
    '0008-clinical': clinical(dialect),
    '0009-bookings': bookings(dialect),
    '0010-calendar-feed-token': calendarFeedToken(),
    '0011-courses': courses(dialect),
    '0012-bank-account-code': bankAccountCode(),
    '0013-ledger': ledger(dialect),
    '0014-payment-refunds': paymentRefunds(dialect),
    '0015-payment-options': paymentOptions(),
    '0016-seller-gateways': sellerGateways(),
    '0017-sales-party-indexes': salesPartyIndexes(),
    '0018-chat': chat(dialect),
    '0019-seller-gateway-accounts': sellerGatewayAccounts(dialect),
    '0020-billing-search': billingSearch(dialect),
    '0021-fiscal-data': fiscalData(),
    '0022-afip-credentials': afipCredentials(dialect),
    '0023-plans': plans(dialect),
    '0024-profile': profile(),
    '0025-video-room-peers': videoRoomPeers(dialect),
    '0026-plan-paused-posts': planPausedPosts(),
    '0027-notifications': notifications(dialect),
    '0028-invoices': invoices(dialect),
    '0029-plan-billing': planBilling(dialect),
    '0031-profile-images': profileImages(),
    '0032-external-calendars': externalCalendars(dialect),
    '0033-legal': legal(dialect),
    '0034-chat-attachments': chatAttachments(),
    '0035-group-chat': groupChat(dialect),
    '0036-preapproval-syncs': preapprovalSyncs(),
  };
}
