import { AccountCardPage } from './card-page.tsx';
import { EmailCard } from './email-card.tsx';

/**
 * change-user-email (spec 000 §2.2): the new address gets a mail with a link, and the account's
 * address changes only when that link is followed (the e-mail editing of my-account, on its own).
 */
export function ChangeUserEmailPage() {
  return <AccountCardPage title="account.emailTitle" card={EmailCard} />;
}
