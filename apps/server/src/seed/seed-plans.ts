import { countryIds, type PlanId, plans, trialDays } from '@agendo/contract';
import type { AppDeps } from '../deps.ts';
import { newRef } from '../lib/random.ts';
import { findUserByEmail, insertUser, updateUser } from '../modules/accounts/accounts.repository.ts';
import { linkMercadoPagoCard } from '../modules/plans/plan-card-linking.service.ts';
import {
  findSubscription,
  insertSubscriptionIfMissing,
  mirrorOnAccount,
  pauseForFreePlan,
} from '../modules/plans/plans.repository.ts';
import { imitationCards, imitationCardToken } from '../providers/plan-billing/plan-billing-imitation.ts';
import { seedProfessionalCatalogue } from './seed-catalogue.ts';
import { type DemoPublication, weekdays } from './seed-catalogue-data.ts';

const dayMs = 86_400_000;

interface PlanState {
  planId: PlanId;
  duration: 30 | 180 | 365;
  /** The account's age in days (the trial counts from its creation). */
  ageDays: number;
  trialDone: boolean;
  /** Days of the paid period (or free month) already gone. */
  periodGoneDays: number;
  uses: number;
  cardAdded: boolean;
}

interface PlanDemoAccount {
  email: string;
  firstName: string;
  lastName: string;
  label: string;
  state: PlanState;
  publications: DemoPublication[];
}

const service = (title: string, therapyId: number, price: number): DemoPublication => ({
  title,
  therapyId,
  symptoms: [1, 2],
  description: `${title}: sesiones por videollamada para adultos. Primera entrevista para conocer tu situación y acordar objetivos.`,
  modalityId: 1,
  duration: 50,
  price,
  usd: Math.round(price / 1000),
  rules: weekdays([1, 2, 3, 4, 5], '09:00', '13:00'),
  langs: ['es'],
});

/** A paid plan after the trial, paid by a linked card. */
const paying = (state: Omit<PlanState, 'trialDone' | 'cardAdded'>): PlanState => ({
  ...state,
  trialDone: true,
  cardAdded: true,
});

/**
 * Issue 16: professionals on each plan state, so my-plan, the warnings and the quota can be tried
 * without moving any clock. The demo professional (Lucía) keeps her own trial, which the journeys
 * rely on. Their logins are printed with the others (main.ts) and listed in the README.
 */
export const planDemoAccounts: PlanDemoAccount[] = [
  {
    // spec 002 §4: under 5 trial days the warning shows the number (3 here, for half a day more).
    email: 'prueba@agendo.test',
    firstName: 'Tomás',
    lastName: 'Benítez',
    label: 'En prueba',
    state: {
      planId: 4,
      duration: 30,
      ageDays: trialDays - 3.5,
      trialDone: false,
      periodGoneDays: trialDays - 3.5,
      uses: 4,
      cardAdded: false,
    },
    publications: [service('Terapia cognitivo-conductual online', 3, 22000)],
  },
  {
    // At the quota of plan 1 (blockUse): clients see 'Sin horarios disponibles'; the gift is there.
    email: 'cupo@agendo.test',
    firstName: 'Julieta',
    lastName: 'Acosta',
    label: 'Cupo lleno',
    state: paying({ planId: 1, duration: 30, ageDays: 90, periodGoneDays: 12, uses: plans[1].uses ?? 0 }),
    publications: [service('Fisioterapia y rehabilitación online', 11, 18000)],
  },
  {
    // At the quota of plan 2, whose gift is 10 (spec 002 §9); the phone runs of the plans journey
    // use her while the desktop's use Julieta, as both run against one seeded server.
    email: 'cupo2@agendo.test',
    firstName: 'Martina',
    lastName: 'Quiroga',
    label: 'Cupo lleno (2)',
    state: paying({ planId: 2, duration: 30, ageDays: 140, periodGoneDays: 20, uses: plans[2].uses ?? 0 }),
    publications: [service('Kinesiología deportiva online', 11, 21000)],
  },
  {
    email: 'anual@agendo.test',
    firstName: 'Ricardo',
    lastName: 'Molina',
    label: 'Plan anual',
    state: paying({ planId: 3, duration: 365, ageDays: 120, periodGoneDays: 60, uses: 25 }),
    publications: [service('Terapia ocupacional para adultos', 13, 20000)],
  },
  {
    // The free plan after a trial that ended with no plan chosen: two posts live, the third paused.
    email: 'gratis@agendo.test',
    firstName: 'Paula',
    lastName: 'Herrera',
    label: 'Plan gratuito',
    state: {
      planId: 4,
      duration: 30,
      ageDays: 75,
      trialDone: true,
      periodGoneDays: 15,
      uses: 6,
      cardAdded: false,
    },
    publications: [
      service('Consulta de medicina general online', 15, 15000),
      service('Control de salud por videollamada', 15, 15000),
      service('Orientación en hábitos saludables', 15, 12000),
    ],
  },
];

const days = (base: number, n: number) => new Date(base + n * dayMs).toISOString();

/** Idempotent: an account that exists is left as it is (its plan may have moved on since). */
export async function seedPlans(deps: AppDeps, passwordHash: string): Promise<void> {
  const now = deps.now().getTime();
  const at = new Date(now).toISOString();
  for (const account of planDemoAccounts) {
    if (await findUserByEmail(deps.db, account.email)) continue;
    const s = account.state;
    const createdAt = days(now, -s.ageDays);
    const id = await insertUser(deps.db, {
      ref: newRef(),
      email: account.email,
      password_hash: passwordHash,
      first_name: account.firstName,
      last_name: account.lastName,
      user_type: 1,
      country_id: countryIds.AR,
      lang: 'es',
      time_zone: 'America/Argentina/Buenos_Aires',
      phone: null,
      img: null,
      email_verified_at: createdAt,
      pending_email: null,
      new_user: 0,
      signup_ref: null,
      created_at: createdAt,
      updated_at: at,
    });
    await seedProfessionalCatalogue(
      deps,
      { id, countryId: countryIds.AR, timeZone: 'America/Argentina/Buenos_Aires' },
      account.publications,
    );
    if (await findSubscription(deps.db, id)) continue;
    const periodStart = now - s.periodGoneDays * dayMs;
    // The session cycle runs in 30-day slices from the period's start.
    const cycleStart = periodStart + Math.floor(s.periodGoneDays / 30) * 30 * dayMs;
    const quota = plans[s.planId].uses;
    const blockUse = quota !== null && s.uses >= quota ? 1 : 0;
    await insertSubscriptionIfMissing(deps.db, {
      user_id: id,
      plan_id: s.planId,
      duration: s.duration,
      trial_ends_at: days(Date.parse(createdAt), trialDays),
      trial_done: s.trialDone ? 1 : 0,
      selected_plan: null,
      selected_duration: null,
      period_start: new Date(periodStart).toISOString(),
      period_end: s.trialDone ? days(periodStart, s.duration) : days(Date.parse(createdAt), trialDays),
      cycle_start: new Date(cycleStart).toISOString(),
      cycle_end: days(cycleStart, 30),
      uses: s.uses,
      block_use: blockUse,
      due_currency: null,
      updated_at: at,
    });
    await mirrorOnAccount(deps.db, id, { planId: s.planId, blockUse });
    if (s.cardAdded) await linkDemoCard(deps, id, s, `${account.firstName} ${account.lastName}`);
    // spec 002 §4: the free plan after the trial keeps the two oldest posts live.
    if (s.planId === 4 && s.trialDone) await pauseForFreePlan(deps.db, id, at);
  }
}

/**
 * A monthly plan's card is linked as the professional would link it: a token from the sandbox's
 * card form (the imitation's test card that pays) made into a Mercado Pago preapproval, so the
 * renewals are charged in the demo. A prepaid semiannual or annual plan has no card to link (it
 * counts as having one, as pay-plan leaves it), nor can one be linked with real keys.
 */
async function linkDemoCard(deps: AppDeps, userId: number, s: PlanState, holder: string) {
  const imitation = deps.planCards.imitation;
  if (s.duration === 30 && imitation && deps.planCards.mercadopago.imitation) {
    const cardTokenId = await imitationCardToken(imitation, {
      cardNumber: imitationCards.approve,
      expiry: '12/35',
      securityCode: '123',
      holder,
    });
    if (cardTokenId && (await linkMercadoPagoCard(deps, userId, { cardTokenId })).linked) return;
  }
  await updateUser(deps.db, userId, { card_added: 1 });
}
