import { AccountCardPage } from './card-page.tsx';
import { PersonalDataCard } from './personal-data-card.tsx';

/** change-user-info (spec 000 §2.2): the personal data of my-account (names, country, zone, language), on its own. */
export function ChangeUserInfoPage() {
  return <AccountCardPage title="account.personal" card={PersonalDataCard} />;
}
