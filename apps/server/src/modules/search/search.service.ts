import {
  canonicalRate,
  convertMinorUnits,
  countryIdForBrowserCountry,
  formatMoney,
  languageKeys,
  type OutputOf,
  otherTherapyId,
  type ParsedInputOf,
  priceFor,
  searchPageSize,
  symptoms,
  therapies,
  therapyName,
  toMajorUnits,
  toMinorUnits,
} from '@agendo/contract';
import { DateTime } from 'luxon';
import { readWriteMark } from '../../db/write-mark.ts';
import type { AppDeps } from '../../deps.ts';
import { AnswerCache } from '../../lib/answer-cache.ts';
import {
  createTableRateSource,
  loadRateTable,
  type RateTable,
} from '../../providers/exchange-rates/exchange-rates.ts';
import { ActionError } from '../../rpc-errors.ts';
import { coverImages, pricingOf } from '../catalogue/catalogue.service.ts';
import { nextFreeSlots } from './next-slot.ts';
import {
  findSearchCandidates,
  findViewerCountry,
  type LanguageColumn,
  listExchangeRates,
  type SearchCandidate,
  type SearchFilters,
  upsertExchangeRate,
} from './search.repository.ts';

/** The rates in force, read through the 'table' source (providers/exchange-rates). */
export function currentRates(deps: Pick<AppDeps, 'db'>): Promise<RateTable> {
  const source = createTableRateSource(async () =>
    (await listExchangeRates(deps.db)).map((row) => ({
      currency: row.currency,
      unitsPerUsd: row.units_per_usd,
    })),
  );
  return loadRateTable(source);
}

/**
 * An amount (minor units) from one currency into another at today's table; undefined when a
 * rate is missing. Other slices (publication prices in USD) use this too.
 */
export function convertWith(rates: RateTable, minor: number, from: string, to: string): number | undefined {
  const fromRate = rates.get(from);
  const toRate = rates.get(to);
  if (fromRate === undefined || toRate === undefined) return undefined;
  return convertMinorUnits(
    minor,
    { currency: from, unitsPerUsd: fromRate },
    { currency: to, unitsPerUsd: toRate },
  );
}

type ConvertInput = ParsedInputOf<'convert-price'>;

/** spec 000 §7 convert-price: profCurrency → userCurrency, formatted for the viewer's country. */
export async function convertPrice(deps: AppDeps, input: ConvertInput) {
  const { userCountryId, userCurrency, profCurrency, price } = input;
  let minor = toMinorUnits(price, input.onlyFormat ? userCurrency : profCurrency);
  if (!input.onlyFormat) {
    const converted = convertWith(await currentRates(deps), minor, profCurrency, userCurrency);
    if (converted === undefined) throw new ActionError('E5');
    minor = converted;
  }
  const amount = toMajorUnits(minor, userCurrency);
  return { price: formatMoney(amount, userCurrency, userCountryId), amount, currency: userCurrency };
}

export async function listRates(deps: AppDeps) {
  const rows = await listExchangeRates(deps.db);
  return rows.map((row) => ({
    currency: row.currency,
    unitsPerUsd: row.units_per_usd,
    updatedAt: row.updated_at,
    updatedBy: row.first_name ? `${row.first_name} ${row.last_name ?? ''}`.trim() : null,
  }));
}

export async function saveRate(deps: AppDeps, adminId: number, currency: string, unitsPerUsd: string) {
  // spec 002 §9: USD is the base every other rate is quoted against.
  if (currency === 'USD') throw new ActionError('E6');
  await upsertExchangeRate(deps.db, {
    currency,
    unitsPerUsd: canonicalRate(unitsPerUsd),
    at: deps.now().toISOString(),
    by: adminId,
  });
  const saved = (await listRates(deps)).find((rate) => rate.currency === currency);
  if (!saved) throw new Error(`rate ${currency} not saved`);
  return saved;
}

type SearchInput = ParsedInputOf<'search-publications'>;
type SearchResult = OutputOf<'search-publications'>['publications'][number];

export interface Viewer {
  /** The viewer's country id, which decides local or USD prices (spec 000 §9). */
  countryId: number;
  timeZone: string;
}

const languageColumns: Record<(typeof languageKeys)[number], LanguageColumn> = {
  langEs: 'lang_es',
  langEn: 'lang_en',
  langPo: 'lang_po',
  langFr: 'lang_fr',
  langIt: 'lang_it',
  langAl: 'lang_al',
};

const fallbackZone = 'America/Argentina/Buenos_Aires';

/**
 * Who is looking: a signed-in viewer's own country and zone; otherwise the route's country
 * (spec 002 §9 browserCountry mapping) and the zone the app sends.
 */
export async function viewerOf(
  deps: AppDeps,
  userId: number | null,
  browserCountry: string | undefined,
  userTime: string | undefined,
): Promise<Viewer> {
  const own = userId !== null ? await findViewerCountry(deps.db, userId) : undefined;
  return {
    countryId: own?.country_id ?? countryIdForBrowserCountry(browserCountry),
    timeZone: userTime ?? own?.time_zone ?? fallbackZone,
  };
}

/** Lower case without accents, so 'psicologia' finds 'Psicología'. */
function fold(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

function filtersOf(input: SearchInput): SearchFilters {
  const text = input.text ? input.text.toLowerCase() : undefined;
  const folded = text ? fold(text) : '';
  const byType = input.type === 'sintomas' ? 'symptom' : 'therapy';
  return {
    ...(input.ref !== undefined && byType === 'therapy' ? { therapyId: input.ref } : {}),
    ...(input.ref !== undefined && byType === 'symptom' ? { symptomId: input.ref } : {}),
    ...(text ? { text } : {}),
    textTherapyIds: folded ? therapies.filter((t) => fold(t.name).includes(folded)).map((t) => t.id) : [],
    textSymptomIds: folded ? symptoms.filter((s) => fold(s.name).includes(folded)).map((s) => s.id) : [],
    ...(input.country !== undefined ? { country: input.country } : {}),
    ...(input.state !== undefined ? { state: input.state } : {}),
    ...(input.city !== undefined ? { city: input.city } : {}),
    languages: languageKeys.filter((key) => input[key] === true).map((key) => languageColumns[key]),
    ...(input.gender !== undefined ? { gender: input.gender } : {}),
    ...(input.modality !== undefined ? { modality: input.modality } : {}),
  };
}

function toResult(
  row: SearchCandidate,
  viewer: Viewer,
  now: Date,
  image: string | null,
  nextSlot: SearchResult['nextSlot'],
): SearchResult {
  const shown = priceFor(pricingOf(row, row.prof_time_zone), viewer.countryId, now, false);
  const hasPrice = shown.state === 'price' || shown.state === 'free';
  const oldAmount = shown.oldAmount ?? null;
  return {
    ref: row.ref,
    title: row.title,
    therapyId: row.therapy_id,
    therapy: row.therapy_id === otherTherapyId ? (row.therapy_other ?? '') : therapyName(row.therapy_id),
    profRef: row.prof_ref,
    profName: row.first_name,
    profLastName: row.last_name,
    profImg: row.img,
    profCountry: row.country_id,
    modalityId: row.modality_id,
    duration: row.duration_min,
    qtySessions: row.qty_sessions,
    currency: shown.currency,
    price: hasPrice ? shown.amount : null,
    priceText: hasPrice ? formatMoney(shown.amount, shown.currency, viewer.countryId) : null,
    oldPrice: oldAmount,
    oldPriceText: oldAmount !== null ? formatMoney(oldAmount, shown.currency, viewer.countryId) : null,
    promo: shown.applied === 'promo',
    free: shown.state === 'free',
    hidePrice: shown.state === 'hidden',
    noPrice: shown.state === 'noPrice',
    image,
    nextSlot,
  };
}

/** At most this many publications are checked for a slot today per request; the cursor resumes. */
const todayScanLimit = 240;
const todayBatch = 48;

/**
 * search-publications: SQL narrows and orders the publications; the next free slots are looked
 * up for the rows of the page together, in a fixed few queries. With `today`, rows are checked in order until a page of
 * publications with a free slot today (in the viewer's zone) is filled, and `next` points at
 * the first row not yet shown.
 */
async function computeSearch(deps: AppDeps, input: SearchInput, viewer: Viewer) {
  const filters = filtersOf(input);
  const offset = input.next ?? 0;
  const now = deps.now();
  const picked: { row: SearchCandidate; slot: SearchResult['nextSlot'] }[] = [];
  let next: number | null = null;
  // When the answer stops being true with no write: a shown slot enters its notice, or "today" ends.
  let untilMs = now.getTime() + searchCacheMs;
  const shown = (slot: { offeredUntilMs: number } & NonNullable<SearchResult['nextSlot']>) => {
    untilMs = Math.min(untilMs, slot.offeredUntilMs);
    return { start: slot.start, date: slot.date, hour: slot.hour, timeZone: slot.timeZone };
  };

  if (!input.today) {
    const rows = await findSearchCandidates(deps.db, filters, offset, searchPageSize + 1);
    const page = rows.slice(0, searchPageSize);
    const slots = await nextFreeSlots(
      deps,
      page.map((row) => row.id),
      viewer.timeZone,
    );
    for (const row of page) {
      const slot = slots.get(row.id);
      picked.push({ row, slot: slot ? shown(slot) : null });
    }
    next = rows.length > searchPageSize ? offset + searchPageSize : null;
  } else {
    const today = DateTime.fromJSDate(now).setZone(viewer.timeZone);
    const endOfToday = today.endOf('day').toUTC().toISO() ?? '';
    untilMs = Math.min(untilMs, Date.parse(endOfToday) + 1);
    const around = [today.minus({ days: 1 }), today, today.plus({ days: 1 })];
    filters.maybeToday = {
      weekdays: around.map((day) => day.weekday),
      dates: around.map((day) => day.toISODate() ?? ''),
    };
    let cursor = offset;
    scan: while (cursor - offset < todayScanLimit) {
      const rows = await findSearchCandidates(deps.db, filters, cursor, todayBatch);
      const slots = await nextFreeSlots(
        deps,
        rows.map((row) => row.id),
        viewer.timeZone,
      );
      for (const row of rows) {
        const slot = slots.get(row.id) ?? null;
        if (slot && slot.start <= endOfToday) {
          // One match past a full page proves there is more; it opens the next page.
          if (picked.length === searchPageSize) {
            next = cursor;
            break scan;
          }
          picked.push({ row, slot: shown(slot) });
        }
        cursor += 1;
      }
      if (rows.length < todayBatch) break;
    }
    if (next === null && cursor - offset >= todayScanLimit) next = cursor;
  }

  const images = await coverImages(
    deps.db,
    picked.map((p) => p.row.id),
  );
  return {
    answer: {
      publications: picked.map(({ row, slot }) =>
        toResult(row, viewer, now, images.get(row.id) ?? null, slot),
      ),
      next,
    },
    untilMs,
  };
}

/**
 * How long a search answer may be served again while nothing is written: it bounds what no
 * write announces (a hold running out frees its slot, a promotion's dates begin or end).
 */
export const searchCacheMs = 15_000;
type SearchAnswer = Awaited<ReturnType<typeof computeSearch>>['answer'];
const searchCaches = new WeakMap<AppDeps, AnswerCache<SearchAnswer>>();

/**
 * search-publications, answered again from memory while the database has seen no write since
 * (db/write-mark.ts: a booking, a hold, a rule or a publication edit on any instance changes
 * it) and until the earliest shown slot enters its notice, today ends (the "today" filter) or
 * `searchCacheMs` passes. The public catalogue is the same for every visitor of a country and
 * zone, so a burst of visitors costs one search, then one small query each. The answer
 * depends only on the input, the viewer and the clock, which is what the key and the expiry hold.
 */
export async function searchPublications(deps: AppDeps, input: SearchInput, viewer: Viewer) {
  let cache = searchCaches.get(deps);
  if (!cache) {
    cache = new AnswerCache<SearchAnswer>(200);
    searchCaches.set(deps, cache);
  }
  const key = JSON.stringify([viewer.countryId, viewer.timeZone, input]);
  const mark = await readWriteMark(deps.db, deps.dialect);
  const nowMs = deps.now().getTime();
  const cached = cache.get(key, mark, nowMs);
  if (cached) return cached;
  const { answer, untilMs } = await computeSearch(deps, input, viewer);
  cache.set(key, mark, nowMs, untilMs, answer);
  return answer;
}
