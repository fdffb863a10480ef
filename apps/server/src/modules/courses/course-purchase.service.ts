import {
  chooseProvider,
  type ModuleCart,
  type ModuleResultRoute,
  moduleCheckoutStep,
  moduleResultRoute,
} from '@agendo/contract';
import type { DB } from '../../db/database.ts';
import type { AppDeps } from '../../deps.ts';
import { asFlag } from '../../lib/flags.ts';
import { newRef } from '../../lib/random.ts';
import { ActionError } from '../../rpc-errors.ts';
import { accountById } from '../accounts/accounts.service.ts';
import { professionalBankData } from '../bookings/booking-checkout.service.ts';
import { fromMinor } from '../catalogue/catalogue.service.ts';
import { ensureContactForClient } from '../contacts/contacts.service.ts';
import { type CheckoutSeller, checkoutSeller } from '../payment-options/payment-options.service.ts';
import { startSalePayment } from '../payments/payments.service.ts';
import { createSale, findSale, markSalePaid } from '../sales/sales.service.ts';
import { rowSettlement, settleSalePaid } from '../sales/settle-sale.service.ts';
import { type CourseContext, courseContext, modulePriceFor } from './course-context.ts';
import { tellModulePurchase } from './course-notifications.ts';
import {
  findEnrolmentByRef,
  findModuleById,
  findModuleByRef,
  findPurchaseById,
  findPurchaseByRef,
  findWorkshopById,
  insertPurchase,
  linkSaleToPurchase,
  listPurchases,
  type ModuleRow,
  type PurchaseRow,
  updateEnrolment,
  updatePurchase,
} from './courses.repository.ts';
import { ensureEnrolment } from './learning.service.ts';

async function moduleContext(
  deps: AppDeps,
  moduleRef: string,
  viewer: { id: number | null; countryId: number | null },
) {
  const module = await findModuleByRef(deps.db, moduleRef);
  const workshop = module ? await findWorkshopById(deps.db, module.workshop_id) : undefined;
  if (!module || !workshop || workshop.deleted_at !== null) throw new ActionError('E41');
  const ctx = await courseContext(deps.db, workshop, viewer, deps.now());
  if (!ctx) throw new ActionError('E41');
  const seller = await checkoutSeller(deps.db, workshop.user_id);
  return { module, ctx, seller };
}

/**
 * The workshop's flags, narrowed by how the professional lets clients pay (update-user-payment-
 * options): a course's "cash" is paid by transfer, so it needs transfer on.
 */
function cartOf(
  ctx: CourseContext,
  module: ModuleRow,
  signedIn: boolean,
  { options: sellerOptions, keys: sellerKeys }: CheckoutSeller,
): ModuleCart {
  const w = ctx.workshop;
  const price = modulePriceFor(ctx, module);
  const amount = fromMinor(price.minor, price.currency);
  const provider = chooseProvider({
    international: ctx.international,
    countryId: ctx.owner.country_id,
    sellerKeys,
    currency: price.currency,
  });
  const purchase = ctx.purchases.get(module.id) ?? 'none';
  return {
    courseRef: w.ref,
    moduleRef: module.ref,
    title: `${w.title} - Módulo: ${module.title}`,
    profName: `${ctx.owner.first_name} ${ctx.owner.last_name}`.trim(),
    price: amount,
    currency: price.currency,
    profCurrency: w.currency,
    international: ctx.international,
    hidePrice: asFlag(w.hide_price),
    noPrice: asFlag(w.no_price),
    step: moduleCheckoutStep({
      signedIn,
      hidePrice: asFlag(w.hide_price),
      noPrice: asFlag(w.no_price),
      price: amount,
      payCash: asFlag(w.pay_cash) === 1 && (sellerOptions?.payMoney ?? 1) === 1 ? 1 : 0,
      payCard: asFlag(w.pay_card) === 1 && (sellerOptions?.payCard ?? 1) === 1 ? 1 : 0,
      provider,
      currency: price.currency,
      international: ctx.international,
    }),
    provider,
    owned: ctx.access.get(module.id)?.moduleFree === 0,
    pending: purchase === 'pending',
  };
}

export async function findModuleCart(
  deps: AppDeps,
  moduleRef: string,
  viewer: { id: number | null; countryId: number | null },
) {
  const { module, ctx, seller } = await moduleContext(deps, moduleRef, viewer);
  return cartOf(ctx, module, viewer.id !== null, seller);
}

async function buyerContext(deps: AppDeps, userId: number, moduleRef: string) {
  const buyer = await accountById(deps.db, userId);
  if (!buyer) throw new ActionError('E41');
  const { module, ctx, seller } = await moduleContext(deps, moduleRef, {
    id: buyer.id,
    countryId: buyer.country_id,
  });
  if (ctx.isOwner) throw new ActionError('E18');
  if (ctx.workshop.paused === 1 && !ctx.enrolment) throw new ActionError('E40');
  return { buyer, module, ctx, seller };
}

/**
 * save-temp-sales-modules: the temporary sale of one module (spec 002 §4). The server prices
 * it from the module and the buyer's country; a repeated click reuses the open cart.
 */
export async function createTempSale(deps: AppDeps, userId: number, moduleRef: string) {
  const { buyer, module, ctx, seller } = await buyerContext(deps, userId, moduleRef);
  const cart = cartOf(ctx, module, true, seller);
  if (cart.owned) throw new ActionError('E17');
  if (cart.pending) throw new ActionError('E17');
  const price = modulePriceFor(ctx, module);
  const nowIso = deps.now().toISOString();
  const purchase = await deps.db.transaction().execute(async (tx) => {
    const open = (await listPurchases(tx, buyer.id, [module.id])).find(
      (p) => p.state === 'held' && p.price_minor === price.minor && p.currency === price.currency,
    );
    if (open) return open;
    const sale = await createSale(tx, {
      kind: 'module',
      sellerId: ctx.workshop.user_id,
      buyerId: buyer.id,
      contactId: null,
      bookingId: null,
      description: cart.title,
      amountMinor: price.minor,
      discountMinor: 0,
      currency: price.currency,
      method:
        cart.step === 'card'
          ? 'card'
          : cart.step === 'manual'
            ? 'manual'
            : cart.step === 'free'
              ? 'free'
              : 'transfer',
      state: 'pending',
      provider: null,
      couponId: null,
      now: nowIso,
    });
    const ref = newRef();
    const id = await insertPurchase(tx, {
      ref,
      module_id: module.id,
      user_id: buyer.id,
      sale_id: sale.id,
      state: 'held',
      mode: null,
      price_minor: price.minor,
      currency: price.currency,
      created_at: nowIso,
      updated_at: nowIso,
    });
    await linkSaleToPurchase(tx, sale.id, id);
    const row = await findPurchaseById(tx, id);
    if (!row) throw new Error('purchase vanished');
    return row;
  });
  const transfer = cart.step === 'chooser' || cart.step === 'transfer';
  return {
    bookRef: purchase.ref,
    cart,
    bank: transfer ? await professionalBankData(deps.db, ctx.workshop.user_id) : null,
  };
}

async function heldPurchase(deps: AppDeps, userId: number, ref: string) {
  const purchase = await findPurchaseByRef(deps.db, ref);
  if (!purchase || purchase.user_id !== userId) throw new ActionError('E13');
  const module = await findModuleById(deps.db, purchase.module_id);
  if (!module) throw new ActionError('E13');
  const { ctx, seller } = await buyerContext(deps, userId, module.ref);
  return { purchase, module, ctx, cart: cartOf(ctx, module, true, seller) };
}

/**
 * Enrols the buyer, and once the module is actually paid renews an access period that ended
 * (PERIODO VENCIDO). A cash or transfer purchase still to collect only enrols: renewing then
 * would reopen every module the student had paid before without this payment.
 */
async function grantEnrolment(deps: AppDeps, db: DB, purchase: PurchaseRow, paid: boolean) {
  const module = await findModuleById(db, purchase.module_id);
  const workshop = module ? await findWorkshopById(db, module.workshop_id) : undefined;
  if (!workshop) return;
  const enrolment = await ensureEnrolment(deps, db, workshop, purchase.user_id);
  // spec 001 §2.1: a client who buys becomes one of the professional's contacts, as on booking.
  await ensureContactForClient(db, workshop.user_id, { id: purchase.user_id }, deps.now());
  const now = deps.now();
  if (paid && enrolment.expires_at && enrolment.expires_at <= now.toISOString() && workshop.limit_time_days) {
    // spec 000 §4: re-contracting an expired workshop starts a new period.
    await updateEnrolment(db, enrolment.id, {
      expires_at: new Date(now.getTime() + workshop.limit_time_days * 86_400_000).toISOString(),
      updated_at: now.toISOString(),
    });
  }
  return enrolment;
}

/** The mode that finalises a sale without a card at this step of the cart, if any. */
function cashModeOf(step: ModuleCart['step']): 'manual' | 'free' | 'transfer' | null {
  if (step === 'manual' || step === 'free') return step;
  return step === 'chooser' || step === 'transfer' ? 'transfer' : null;
}

/**
 * save-sales-modules: finalises a temporary sale without a card (spec 002 §4 result table).
 * The mode must be one the purchase flow offers for this module; a card sale goes through
 * start-module-payment and its webhook instead.
 */
export async function finalizeModuleSale(
  deps: AppDeps,
  userId: number,
  request: { tempBook: string; mode?: 'manual' | 'free' | 'transfer' | undefined },
): Promise<{ route: ModuleResultRoute; courseRef: string; enrolmentRef: string }> {
  const { purchase, ctx, cart } = await heldPurchase(deps, userId, request.tempBook);
  if (purchase.state !== 'held') throw new ActionError('E13');
  const mode = request.mode ?? cashModeOf(cart.step);
  if (mode === null || cashModeOf(cart.step) !== mode) throw new ActionError('E16');
  const nowIso = deps.now().toISOString();
  // noPrice and free open at once; a hidden price and a transfer wait for the professional.
  const opensNow = mode === 'free' || (mode === 'manual' && cart.noPrice === 1 && cart.hidePrice === 0);
  const enrolment = await deps.db.transaction().execute(async (tx) => {
    const changed = await updatePurchase(
      tx,
      purchase.id,
      { state: opensNow ? 'paid' : 'pending', mode: mode, updated_at: nowIso },
      ['held'],
    );
    if (!changed) throw new ActionError('E13');
    if (opensNow) {
      await markSalePaid(tx, purchase.sale_id, {
        method: mode === 'free' ? 'free' : 'manual',
        provider: null,
        now: nowIso,
      });
    }
    const granted = await grantEnrolment(deps, tx, purchase, opensNow);
    // issue 17: the purchase mail and notification (buyer and professional), with the change.
    await tellModulePurchase(deps, tx, purchase.id, opensNow ? 'confirmed' : 'pending', true);
    return granted;
  });
  return {
    route: moduleResultRoute({
      hidePrice: cart.hidePrice,
      noPrice: cart.noPrice,
      price: fromMinor(purchase.price_minor, purchase.currency),
      mode: mode === 'transfer' ? 'transfer' : 'manual',
    }),
    courseRef: ctx.workshop.ref,
    enrolmentRef: enrolment?.ref ?? '',
  };
}

export async function startModulePayment(
  deps: AppDeps,
  userId: number,
  tempBook: string,
  route: { country: string; lang: string },
) {
  const { purchase, ctx, cart } = await heldPurchase(deps, userId, tempBook);
  if (purchase.state !== 'held') throw new ActionError('E13');
  if ((cart.step !== 'card' && cart.step !== 'chooser') || !cart.provider) throw new ActionError('E15');
  return startSalePayment(deps, {
    saleId: purchase.sale_id,
    payerId: userId,
    amountMinor: purchase.price_minor,
    currency: purchase.currency,
    provider: cart.provider,
    description: `${cart.title} · ${cart.profName}`,
    returnPath: (paymentRef) =>
      `/${route.country}/${route.lang}/pay-workshop/${ctx.workshop.ref}/${paymentRef}/${purchase.ref}`,
  });
}

/** settle-sale: a module's card payment (or a collected transfer) opened it. */
export async function onModuleSalePaid(deps: AppDeps, db: DB, purchaseId: number): Promise<'settled'> {
  const purchase = await findPurchaseById(db, purchaseId);
  if (!purchase) return 'settled';
  const changed = await updatePurchase(
    db,
    purchase.id,
    { state: 'paid', mode: purchase.mode ?? 'card', updated_at: deps.now().toISOString() },
    ['held', 'pending'],
  );
  if (changed) {
    await grantEnrolment(deps, db, purchase, true);
    // A card payment is a new sale for the professional too; a collected transfer was told to
    // them when it was bought (and they are the one who collected it): only the buyer hears.
    await tellModulePurchase(deps, db, purchase.id, 'confirmed', purchase.state === 'held');
  }
  return 'settled';
}

/** The courses slice's part of settling a sale (deps.settlements.module). */
export const moduleSettlement = rowSettlement('module_purchase_id', {
  paid: onModuleSalePaid,
  refunded: onModuleSaleRefunded,
});

export async function onModuleSaleRefunded(deps: AppDeps, db: DB, purchaseId: number): Promise<void> {
  await updatePurchase(db, purchaseId, { state: 'void', updated_at: deps.now().toISOString() }, [
    'paid',
    'pending',
    'held',
  ]);
}

/**
 * mark-pay-workshop: the professional collected the cash or transfer of a student's pending
 * modules ('El taller cambio al estado de abonado.'). Each pending sale is settled as paid.
 */
export async function markWorkshopPaid(deps: AppDeps, sellerId: number, enrolmentRef: string) {
  const enrolment = await findEnrolmentByRef(deps.db, enrolmentRef);
  const workshop = enrolment ? await findWorkshopById(deps.db, enrolment.workshop_id) : undefined;
  if (!enrolment || !workshop || workshop.user_id !== sellerId) throw new ActionError('E40');
  const ctx = await courseContext(deps.db, workshop, { id: enrolment.user_id, countryId: null }, deps.now());
  const purchases = await listPurchases(
    deps.db,
    enrolment.user_id,
    (ctx?.modules ?? []).map((m) => m.id),
  );
  await deps.db.transaction().execute(async (tx) => {
    for (const p of purchases.filter((x) => x.state === 'pending')) {
      const sale = await findSale(tx, p.sale_id);
      // Through the one settle path, like a webhook: the sale is paid, then the module opens.
      await settleSalePaid(deps, tx, p.sale_id, {
        method: sale?.method === 'manual' ? 'manual' : 'transfer',
        provider: null,
      });
    }
  });
  return enrolment;
}
