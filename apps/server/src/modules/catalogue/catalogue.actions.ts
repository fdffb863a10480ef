import {
  countryIdForBrowserCountry,
  currencyForCountryId,
  hasInPerson,
  hasOnline,
  isPromoActive,
  localDateOf,
  modalityName,
  otherTherapyId,
  type ParsedInputOf,
} from '@agendo/contract';
import { inTransaction } from '../../db/database.ts';
import type { NewPublication } from '../../db/tables/catalogue.ts';
import { asFlag } from '../../lib/flags.ts';
import { newRef } from '../../lib/random.ts';
import { handle, type RpcContext, type SignedInContext } from '../../rpc.ts';
import { ActionError } from '../../rpc-errors.ts';
import { type Account, accountById } from '../accounts/accounts.service.ts';
import {
  countFutureBookings,
  deleteImage,
  findOwnedImage,
  findOwnedPublication,
  insertPublication,
  listImages,
  listLivePublicationsOfUser,
  replaceSymptoms,
  setImagePosition,
  updatePublication,
} from './catalogue.repository.ts';
import {
  coverImages,
  findPublicationByRef,
  fromMinor,
  fromMinorOrNull,
  publicationView,
  therapyOf,
  toMinor,
} from './catalogue.service.ts';

type SaveInput = ParsedInputOf<'save-publish'>;

async function signedInAccount(ctx: SignedInContext): Promise<Account> {
  const account = await accountById(ctx.deps.db, ctx.user.id);
  if (!account) throw new ActionError('E401');
  return account;
}

/** An amount in minor units, or the code when the currency does not allow its decimals. */
function minor(
  amount: number | null | undefined,
  currency: string,
  code: string,
  field: string,
): number | null {
  if (amount === null || amount === undefined) return null;
  const value = toMinor(amount, currency);
  if (value === null) throw new ActionError(code, field);
  return value;
}

/**
 * The checks the contract cannot make (they need today's date in the professional's zone, the
 * currency's decimals, the reference data), then the row. Fields of a modality the service
 * does not have are cleared so they never reach a client.
 */
async function toRow(input: SaveInput, account: Account, ctx: RpcContext) {
  const currency = currencyForCountryId(account.country_id);
  const priced = !input.free && !input.noPrice && !input.hidePrice;
  const promo = priced && input.promo;
  const first = priced && input.praConsulta;

  if (promo && input.promoFinishDate) {
    // spec 000 §4: the promo applies up to its finish day included, in the professional's calendar.
    const today = localDateOf(ctx.deps.now(), account.time_zone);
    if (input.promoFinishDate < today) throw new ActionError('E41', 'promoFinishDate');
  }
  const price = minor(input.realPriceLocal, currency, 'E31', 'realPriceLocal') ?? 0;
  const priceUsd = minor(input.realPriceInter, 'USD', 'E33', 'realPriceInter') ?? 0;
  const promoPrice = promo ? minor(input.promoPriceLocal, currency, 'E34', 'promoPriceLocal') : null;
  const promoPriceUsd = promo ? minor(input.promoPriceInter, 'USD', 'E36', 'promoPriceInter') : null;
  const firstPrice = first ? minor(input.firstPriceLocal, currency, 'E42', 'firstPriceLocal') : null;
  const firstPriceUsd = first ? minor(input.firstPriceInter, 'USD', 'E43', 'firstPriceInter') : null;

  const inPerson = hasInPerson(input.modalityId);
  const online = hasOnline(input.modalityId);
  const stateId = inPerson ? (input.stateId ?? null) : null;
  const cityId = inPerson && stateId !== null ? (input.cityId ?? null) : null;
  if (stateId !== null) {
    const states = await ctx.deps.reference.listStates(account.country_id);
    if (!states.some((s) => s.id === stateId)) throw new ActionError('E23', 'stateId');
  }
  if (cityId !== null && stateId !== null) {
    const cities = await ctx.deps.reference.listCities(stateId);
    if (!cities.some((c) => c.id === cityId)) throw new ActionError('E24', 'cityId');
  }

  return {
    title: input.title,
    therapy_id: input.therapyId,
    therapy_other: input.therapyId === otherTherapyId ? input.therapyOther : null,
    description: input.description,
    modality_id: input.modalityId,
    address: inPerson ? input.address : null,
    // The professional's country: currency and search («country» filter) both follow it.
    country_id: account.country_id,
    state_id: stateId,
    city_id: cityId,
    duration_min: input.duration,
    currency,
    price,
    price_usd: priceUsd,
    promo: promo ? 1 : 0,
    promo_price: promoPrice,
    promo_price_usd: promoPriceUsd,
    promo_start: promo ? (input.promoStartDate ?? null) : null,
    promo_finish: promo ? (input.promoFinishDate ?? null) : null,
    first_consult: first ? 1 : 0,
    first_price: firstPrice,
    first_price_usd: firstPriceUsd,
    hide_price: input.hidePrice ? 1 : 0,
    no_price: input.noPrice ? 1 : 0,
    free: input.free ? 1 : 0,
    pay_cash: !input.free && input.payCash ? 1 : 0,
    pay_card: !input.free && input.payCard ? 1 : 0,
    pay_cash_limit: !input.free && input.payCash && input.payCashLimit ? 1 : 0,
    pay_after: !input.free && input.payAfter ? 1 : 0,
    qty_sessions: input.qtySessions,
    max_res: input.maxRes,
    type_turn: input.typeTurn,
    group_capacity: input.groupCapacity,
    notice_min: input.noticeMin,
    lang_es: input.langEs ? 1 : 0,
    lang_en: input.langEn ? 1 : 0,
    lang_po: input.langPo ? 1 : 0,
    lang_fr: input.langFr ? 1 : 0,
    lang_it: input.langIt ? 1 : 0,
    lang_al: input.langAl ? 1 : 0,
    video: input.video,
    platform_video_call: online ? (input.platformVideoCall ?? null) : null,
    link_video_call: online ? input.linkVideoCall : null,
    pass_video_call: online ? input.passVideoCall : null,
    room_id_link: online ? input.roomIdLink : null,
  } satisfies Omit<NewPublication, 'ref' | 'user_id' | 'paused' | 'deleted_at' | 'created_at' | 'updated_at'>;
}

/** The viewer's country: their account's, else the route's browserCountry (spec 002 §9 mapping). */
async function viewerCountry(ctx: RpcContext): Promise<number | null> {
  if (ctx.user) {
    const account = await accountById(ctx.deps.db, ctx.user.id);
    if (account) return account.country_id;
  }
  return ctx.browserCountry ? countryIdForBrowserCountry(ctx.browserCountry) : null;
}

export const catalogueHandlers = [
  handle('save-publish', 'professional', async (input, ctx) => {
    const account = await signedInAccount(ctx);
    const existing = input.ref ? await findOwnedPublication(ctx.deps.db, input.ref, account.id) : undefined;
    if (input.ref && !existing) throw new ActionError('E7');
    const row = await toRow(input, account, ctx);
    const now = ctx.deps.now().toISOString();
    const symptoms = [...new Set(input.symptoms)];
    return inTransaction(ctx.deps.db, async (tx) => {
      if (!existing) await ctx.deps.plans.checkFreePostLimit(ctx.deps, tx, account.id);
      if (existing) {
        await updatePublication(tx, existing.id, { ...row, updated_at: now });
        await replaceSymptoms(tx, existing.id, symptoms);
        return { ref: existing.ref };
      }
      const ref = newRef();
      const id = await insertPublication(tx, {
        ...row,
        ref,
        user_id: account.id,
        paused: 0,
        deleted_at: null,
        created_at: now,
        updated_at: now,
      });
      await replaceSymptoms(tx, id, symptoms);
      return { ref };
    });
  }),

  handle('get-publish', 'public', async (input, ctx) => {
    const row = await findPublicationByRef(ctx.deps.db, input.ref);
    if (!row) throw new ActionError('E7');
    const viewer = { userId: ctx.user?.id ?? null, countryId: await viewerCountry(ctx) };
    return { publication: await publicationView(ctx.deps.db, row, viewer, ctx.deps.now()) };
  }),

  handle('find-my-publications', 'professional', async (_input, ctx) => {
    const rows = await listLivePublicationsOfUser(ctx.deps.db, ctx.user.id, { includePaused: true });
    const account = await signedInAccount(ctx);
    const covers = await coverImages(
      ctx.deps.db,
      rows.map((r) => r.id),
    );
    const now = ctx.deps.now();
    return {
      publications: rows.map((row) => ({
        ref: row.ref,
        title: row.title,
        therapy: therapyOf(row),
        modalityId:
          row.modality_id === 2 ? (2 as const) : row.modality_id === 3 ? (3 as const) : (1 as const),
        modality: modalityName(row.modality_id),
        duration: row.duration_min,
        typeTurn: row.type_turn === 2 ? (2 as const) : (1 as const),
        qtySessions: row.qty_sessions,
        groupCapacity: row.group_capacity,
        profCurrency: row.currency,
        realPriceLocal: fromMinor(row.price, row.currency),
        realPriceInter: fromMinor(row.price_usd, 'USD'),
        promoActive: isPromoActive(
          {
            promo: asFlag(row.promo),
            promoStartDate: row.promo_start,
            promoFinishDate: row.promo_finish,
            profTimeZone: account.time_zone,
          },
          now,
        ),
        promoPriceLocal: fromMinorOrNull(row.promo_price, row.currency),
        free: asFlag(row.free),
        noPrice: asFlag(row.no_price),
        hidePrice: asFlag(row.hide_price),
        paused: asFlag(row.paused),
        image: covers.get(row.id) ?? null,
        updatedAt: row.updated_at,
      })),
    };
  }),

  handle('pause-publish', 'professional', async (input, ctx) => {
    const row = await findOwnedPublication(ctx.deps.db, input.ref, ctx.user.id);
    if (!row) throw new ActionError('E7');
    const paused = input.paused ? 1 : 0;
    await inTransaction(ctx.deps.db, async (tx) => {
      if (paused === 0 && row.paused === 1)
        await ctx.deps.plans.checkFreePostLimit(ctx.deps, tx, ctx.user.id);
      // The professional's own choice: the post is no longer the plan's to resume.
      await updatePublication(tx, row.id, {
        paused,
        plan_paused: 0,
        updated_at: ctx.deps.now().toISOString(),
      });
    });
    return { paused: asFlag(paused) };
  }),

  handle('delete-publish', 'professional', async (input, ctx) => {
    const row = await findOwnedPublication(ctx.deps.db, input.ref, ctx.user.id);
    if (!row) throw new ActionError('E7');
    const nowIso = ctx.deps.now().toISOString();
    await inTransaction(ctx.deps.db, async (tx) => {
      if ((await countFutureBookings(tx, row.id, nowIso)) > 0) throw new ActionError('E8');
      await updatePublication(tx, row.id, { deleted_at: nowIso, paused: 1, updated_at: nowIso });
    });
    return {};
  }),

  handle('delete-publication-image', 'professional', async (input, ctx) => {
    const image = await findOwnedImage(ctx.deps.db, input.ref, ctx.user.id);
    if (!image) throw new ActionError('E7');
    await inTransaction(ctx.deps.db, async (tx) => {
      await deleteImage(tx, image.id);
      const rest = await listImages(tx, [image.publication_id]);
      for (const [position, other] of rest.entries()) {
        if (other.position !== position) await setImagePosition(tx, other.id, position);
      }
    });
    await ctx.deps.storage.remove(image.path);
    return {};
  }),

  handle('sort-publication-images', 'professional', async (input, ctx) => {
    const row = await findOwnedPublication(ctx.deps.db, input.ref, ctx.user.id);
    if (!row) throw new ActionError('E7');
    const images = await listImages(ctx.deps.db, [row.id]);
    const byRef = new Map(images.map((image) => [image.ref, image]));
    const order = [...new Set(input.images)];
    if (order.length !== images.length || order.some((ref) => !byRef.has(ref)))
      throw new ActionError('E1', 'images');
    await inTransaction(ctx.deps.db, async (tx) => {
      for (const [position, ref] of order.entries()) {
        const image = byRef.get(ref);
        if (image && image.position !== position) await setImagePosition(tx, image.id, position);
      }
    });
    return {};
  }),
];
