import {
  checkPlanCard,
  countryIdForBrowserCountry,
  freePlanId,
  freePlanRowId,
  giftMessage,
  plans,
} from '@agendo/contract';
import { imitationCardToken } from '../../providers/plan-billing/plan-billing-imitation.ts';
import { handle } from '../../rpc.ts';
import { ActionError } from '../../rpc-errors.ts';
import { planBillingView } from './plan-billing.service.ts';
import { linkMercadoPagoCard, startStripeCardLink } from './plan-card-linking.service.ts';
import { startPlanPayment } from './plan-charges.service.ts';
import { preapprovalAfterPlanChange, syncPreapprovalsNow } from './plan-preapprovals.service.ts';
import {
  findPlanAccount,
  listAllPrices,
  listPricesOfCountry,
  type PlanPriceRow,
  upsertPrice,
} from './plans.repository.ts';
import {
  changePlan,
  changeToFreePlan,
  internationalPriceCountry,
  planView,
  priceCountryOf,
  takeGiftSessions,
} from './plans.service.ts';

type PlanIdN = 1 | 2 | 3 | 4;

const routeCountries = new Set(['ar', 'us', 'mx', 'cl', 'br', 'uy', 'pe', 'co', 'ec', 'la']);
/** The provider sends the browser back under the same /{country}/{lang}/ prefix it left from. */
const routeOf = (ctx: { browserCountry?: string | undefined; lang: 'es' | 'en' }) => ({
  country: ctx.browserCountry && routeCountries.has(ctx.browserCountry) ? ctx.browserCountry : 'ar',
  lang: ctx.lang,
});
type DurationN = 30 | 180 | 365;

/** A plan_prices row as the admin's price table reads it. */
const priceOut = (r: PlanPriceRow) => ({
  id: r.id,
  countryId: r.country_id,
  planId: r.plan_id as PlanIdN,
  duration: r.duration as DurationN,
  currency: r.currency,
  amountMinor: r.amount_minor,
});

export const plansHandlers = [
  // Public: the register grid is shown before the account exists (spec 002 §2 isRegister).
  handle('find-plans', 'public', async (input, ctx) => {
    const account = ctx.user ? await findPlanAccount(ctx.deps.db, ctx.user.id) : undefined;
    const country =
      account?.country_id ?? input.userCountry ?? countryIdForBrowserCountry(ctx.browserCountry);
    const priceCountry = await priceCountryOf(ctx.deps.db, country);
    const rows = await listPricesOfCountry(ctx.deps.db, priceCountry);
    const list = rows.map((r) => {
      const def = plans[r.plan_id as PlanIdN];
      return {
        id: r.id,
        plan_id: r.plan_id as PlanIdN,
        name: def.name,
        duration: r.duration as DurationN,
        uses: def.uses,
        workshops: def.workshops,
        real_price: r.amount_minor,
        currency: r.currency,
      };
    });
    if (input.showFree === 'YES') {
      const free = plans[freePlanId];
      list.push({
        id: freePlanRowId,
        plan_id: freePlanId,
        name: free.name,
        duration: 30,
        uses: free.uses,
        workshops: free.workshops,
        real_price: 0,
        currency: rows[0]?.currency ?? (priceCountry === internationalPriceCountry ? 'USD' : 'USD'),
      });
    }
    return { plans: list };
  }),

  handle('find-my-plan', 'professional', async (_input, ctx) => ({
    ...(await planView(ctx.deps, ctx.deps.db, ctx.user.id)),
    billing: await planBillingView(ctx.deps, ctx.deps.db, ctx.user.id),
  })),

  // Only the professional links the card that pays their own plan (issue 16).
  handle('link-plan-suscription-mp', 'professional', async (input, ctx) =>
    linkMercadoPagoCard(ctx.deps, ctx.user.id, input),
  ),
  handle('link-plan-suscription-st', 'professional', async (_input, ctx) =>
    startStripeCardLink(ctx.deps, ctx.user.id, routeOf(ctx)),
  ),
  handle('pay-plan', 'professional', async (_input, ctx) =>
    startPlanPayment(ctx.deps, ctx.user.id, routeOf(ctx)),
  ),

  // The Mercado Pago imitation's card form (the real one tokenises in the browser with MP.js).
  handle('create-imitation-card-token', 'professional', async (input, ctx) => {
    const imitation = ctx.deps.planCards.imitation;
    if (!imitation || !ctx.deps.planCards.mercadopago.imitation) throw new ActionError('E8');
    // The schema checks the shapes; the check digit and the expiry against today are the rule's.
    const check = checkPlanCard(input, ctx.deps.now());
    if (!check.ok) throw new ActionError(Object.values(check.errors)[0] ?? 'E1');
    const cardTokenId = await imitationCardToken(imitation, input);
    if (!cardTokenId) throw new ActionError('E1');
    return { cardTokenId };
  }),

  // Only the professional changes their own plan (issue 16): the subscription is the caller's.
  handle('change-plan', 'professional', async (input, ctx) => {
    const { deps, user } = ctx;
    // The card's preapproval is recorded with the change (ADR 015) and applied right after.
    let prorrateo = 0;
    if (input.planSelected === freePlanRowId) {
      await changeToFreePlan(deps, user.id, (tx) => preapprovalAfterPlanChange(deps, tx, user.id, 0));
    } else {
      // A new period's price (from the free plan) is not a proration: the resumed preapproval's
      // own first debit pays it, so it must not ride on top of that debit (ADR 015).
      prorrateo = await changePlan(deps, user.id, input.planSelected, (tx, charge, newPeriod) =>
        preapprovalAfterPlanChange(deps, tx, user.id, newPeriod ? 0 : charge),
      );
    }
    await syncPreapprovalsNow(deps, user.id);
    return {
      ...(await planView(ctx.deps, ctx.deps.db, ctx.user.id)),
      prorrateo,
      message: 'Se ha actualizado tu plan.' as const,
    };
  }),

  handle('gift-sessions', 'professional', async (_input, ctx) => {
    const extra = await takeGiftSessions(ctx.deps, ctx.user.id);
    return { extra, message: giftMessage(extra), ...(await planView(ctx.deps, ctx.deps.db, ctx.user.id)) };
  }),

  handle('find-plan-prices', 'admin', async (_input, ctx) => ({
    prices: (await listAllPrices(ctx.deps.db)).map(priceOut),
  })),

  handle('save-plan-price', 'admin', async (input, ctx) => {
    if (
      !(await ctx.deps.reference.countryById(input.countryId)) &&
      input.countryId !== internationalPriceCountry
    ) {
      throw new ActionError('E1');
    }
    const r = await upsertPrice(ctx.deps.db, {
      country_id: input.countryId,
      plan_id: input.planId,
      duration: input.duration,
      currency: input.currency,
      amount_minor: input.amountMinor,
      updated_at: ctx.deps.now().toISOString(),
    });
    return { price: priceOut(r) };
  }),
];
