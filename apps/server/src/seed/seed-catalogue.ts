import { currencyForCountryId, minorUnitsOf } from '@agendo/contract';
import { DateTime } from 'luxon';
import type { NewPublication } from '../db/tables/catalogue.ts';
import type { AppDeps } from '../deps.ts';
import { loadSharp } from '../lib/heavy-libraries.ts';
import { newRef } from '../lib/random.ts';
import { findUserByEmail, insertUser, updateUser } from '../modules/accounts/accounts.repository.ts';
import {
  replaceBlockedDays,
  replaceDatedTurns,
  replaceRules,
} from '../modules/availability/availability.repository.ts';
import {
  insertImage,
  insertPublication,
  replaceSymptoms,
} from '../modules/catalogue/catalogue.repository.ts';
import { listPublicationsOfProfessional } from '../modules/catalogue/catalogue.service.ts';
import {
  type DemoOffice,
  type DemoPublication,
  demoProfessionalOffice,
  demoProfessionalPublications,
  otherProfessionals,
} from './seed-catalogue-data.ts';

const dayWindow = 60;

/** The professional a publication is seeded for; in-person ones take place at their office. */
interface DemoSeller {
  id: number;
  countryId: number;
  timeZone: string;
  office?: DemoOffice | undefined;
}

async function placeOf(deps: AppDeps, countryId: number, place: DemoOffice | undefined) {
  if (!place) return { address: null, stateId: null, cityId: null };
  const fold = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
  const states = await deps.reference.listStates(countryId);
  const state =
    states.find((s) => fold(s.name) === fold(place.state)) ??
    states.find((s) => fold(s.name).includes(fold(place.state)));
  const cities = state ? await deps.reference.listCities(state.id) : [];
  const city = cities.find((c) => fold(c.name) === fold(place.city ?? '')) ?? cities[0];
  return { address: place.address, stateId: state?.id ?? null, cityId: state ? (city?.id ?? null) : null };
}

const minor = (amount: number, currency: string) => Math.round(amount * minorUnitsOf(currency));

async function seedPublication(
  deps: AppDeps,
  pro: DemoSeller,
  pub: DemoPublication,
  existingTitles: Set<string>,
) {
  if (existingTitles.has(pub.title)) return;
  const now = deps.now();
  const at = now.toISOString();
  const today = DateTime.fromJSDate(now).setZone(pro.timeZone).startOf('day');
  const currency = currencyForCountryId(pro.countryId);
  const inPerson = pub.modalityId !== 1;
  const place = await placeOf(deps, pro.countryId, inPerson ? pro.office : undefined);
  const langs = new Set(pub.langs);
  const flag = (on: boolean | undefined) => (on ? 1 : 0);

  const row: NewPublication = {
    ref: newRef(),
    user_id: pro.id,
    title: pub.title,
    therapy_id: pub.therapyId,
    therapy_other: null,
    description: pub.description,
    modality_id: pub.modalityId,
    address: place.address,
    country_id: pro.countryId,
    state_id: place.stateId,
    city_id: place.cityId,
    duration_min: pub.duration,
    currency,
    price: minor(pub.price, currency),
    price_usd: minor(pub.usd, 'USD'),
    promo: flag(pub.promo !== undefined),
    promo_price: pub.promo ? minor(pub.promo.price, currency) : null,
    promo_price_usd: pub.promo ? minor(pub.promo.usd, 'USD') : null,
    // spec 000 §4: the promo applies between its dates, both days of the professional's calendar.
    promo_start: pub.promo ? today.toISODate() : null,
    promo_finish: pub.promo ? today.plus({ days: 20 }).toISODate() : null,
    first_consult: 0,
    first_price: null,
    first_price_usd: null,
    hide_price: flag(pub.hidePrice),
    no_price: 0,
    free: 0,
    pay_cash: flag(inPerson),
    pay_card: 1,
    pay_cash_limit: 0,
    pay_after: 0,
    qty_sessions: pub.qtySessions ?? 1,
    max_res: 2,
    type_turn: pub.dated ? 2 : 1,
    group_capacity: pub.groupCapacity ?? 1,
    notice_min: 60,
    lang_es: flag(langs.has('es')),
    lang_en: flag(langs.has('en')),
    lang_po: flag(langs.has('po')),
    lang_fr: flag(langs.has('fr')),
    lang_it: flag(langs.has('it')),
    lang_al: flag(langs.has('al')),
    video: null,
    platform_video_call: pub.modalityId === 2 ? null : (pub.platform ?? 1),
    link_video_call: null,
    pass_video_call: null,
    room_id_link: null,
    paused: flag(pub.paused),
    deleted_at: null,
    created_at: at,
    updated_at: at,
  };
  const id = await insertPublication(deps.db, row);
  await replaceSymptoms(deps.db, id, pub.symptoms);
  const imageRef = newRef();
  await insertImage(deps.db, {
    ref: imageRef,
    publication_id: id,
    path: await deps.storage.put(
      'publications',
      `${row.ref}-${imageRef}.webp`,
      await coverArt(pub.therapyId),
    ),
    position: 0,
    created_at: at,
  });
  if (pub.rules) await replaceRules(deps.db, id, pub.rules, at);
  if (pub.dated) {
    const turns: { ref: string; date: string; start: string }[] = [];
    for (let d = 1; d <= dayWindow; d++) {
      const day = today.plus({ days: d });
      for (const slot of pub.dated) {
        if (day.weekday === slot.weekday)
          turns.push({ ref: newRef(), date: day.toISODate() ?? '', start: slot.start });
      }
    }
    await replaceDatedTurns(deps.db, id, today.toISODate() ?? '', turns, at);
  }
}

export async function seedProfessionalCatalogue(
  deps: AppDeps,
  pro: DemoSeller,
  publications: DemoPublication[],
) {
  const existing = await listPublicationsOfProfessional(deps.db, pro.id, { includePaused: true });
  const titles = new Set(existing.map((p) => p.title));
  for (const pub of publications) await seedPublication(deps, pro, pub, titles);
}

/**
 * The catalogue part of the demo marketplace (issue 3): the demo professional's publications
 * of every kind with 60 days of availability and one blocked day, and professionals in eight
 * more countries. Idempotent: users by e-mail, publications by (professional, title).
 */
export async function seedCatalogue(deps: AppDeps, demoEmail: string, passwordHash: string): Promise<void> {
  const demo = await findUserByEmail(deps.db, demoEmail);
  if (demo) {
    const pro = {
      id: demo.id,
      countryId: demo.country_id,
      timeZone: demo.time_zone,
      office: demoProfessionalOffice,
    };
    if (demo.gender === null) await updateUser(deps.db, demo.id, { gender: 2 });
    const hadCatalogue =
      (await listPublicationsOfProfessional(deps.db, demo.id, { includePaused: true })).length > 0;
    await seedProfessionalCatalogue(deps, pro, demoProfessionalPublications);
    if (!hadCatalogue) {
      // One blocked day a week from now, so the booking picker shows a gap.
      const blocked =
        DateTime.fromJSDate(deps.now()).setZone(demo.time_zone).plus({ days: 7 }).toISODate() ?? '';
      await replaceBlockedDays(
        deps.db,
        demo.id,
        blocked,
        [{ ref: newRef(), from: blocked, to: blocked, reason: 'Congreso' }],
        deps.now().toISOString(),
      );
    }
  }

  const at = deps.now().toISOString();
  for (const p of otherProfessionals) {
    let user = await findUserByEmail(deps.db, p.email);
    if (!user) {
      await insertUser(deps.db, {
        ref: newRef(),
        email: p.email,
        password_hash: passwordHash,
        first_name: p.firstName,
        last_name: p.lastName,
        user_type: 1,
        country_id: p.countryId,
        lang: 'es',
        time_zone: p.timeZone,
        phone: p.phone,
        img: null,
        email_verified_at: at,
        pending_email: null,
        new_user: 0,
        gender: p.gender,
        signup_ref: null,
        created_at: at,
        updated_at: at,
      });
      user = await findUserByEmail(deps.db, p.email);
    }
    if (!user) continue;
    await seedProfessionalCatalogue(
      deps,
      { id: user.id, countryId: user.country_id, timeZone: user.time_zone, office: p.office },
      p.publications,
    );
  }
}

/**
 * A cover for a demo service: soft shapes in a hue of its own per therapy, drawn at seed time
 * (no stock photos to license, nothing to download, no text that needs fonts).
 */
export async function coverArt(therapyId: number): Promise<Buffer> {
  const hue = (therapyId * 47) % 360;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="960" height="540">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="hsl(${hue},55%,88%)"/>
      <stop offset="1" stop-color="hsl(${(hue + 40) % 360},50%,70%)"/>
    </linearGradient></defs>
    <rect width="960" height="540" fill="url(#g)"/>
    <circle cx="760" cy="120" r="190" fill="hsl(${(hue + 20) % 360},60%,95%)" opacity="0.55"/>
    <circle cx="180" cy="470" r="240" fill="hsl(${(hue + 200) % 360},45%,60%)" opacity="0.25"/>
    <circle cx="520" cy="300" r="90" fill="#ffffff" opacity="0.35"/>
  </svg>`;
  const sharp = await loadSharp();
  return sharp(Buffer.from(svg)).webp({ quality: 80 }).toBuffer();
}
