import { AccountCardPage } from './card-page.tsx';
import { PhoneCard } from './phone-card.tsx';

/**
 * change-user-phone (spec 000 §2.2): where the appointment panel sends a client with no phone
 * for a messaging-app appointment (§7). The phone editing of my-account, on its own.
 */
export function ChangeUserPhonePage() {
  return <AccountCardPage title="account.phoneTitle" card={PhoneCard} />;
}
