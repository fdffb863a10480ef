import { countryIds, currencyForCountryId, minorUnitsOf } from '@agendo/contract';
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

type Rule = { weekday: number; start: string; end: string };
type Lang = 'es' | 'en' | 'po' | 'fr' | 'it' | 'al';

export interface DemoPublication {
  title: string;
  therapyId: number;
  symptoms: number[];
  description: string;
  modalityId: 1 | 2 | 3;
  /** In-person place; state and city are looked up by name in the reference data. */
  place?: { address: string; state: string; city?: string };
  duration: number;
  /** Local price in major units and the USD price international buyers see. */
  price: number;
  usd: number;
  /** A promo from today to today + 20 days (professional's calendar). */
  promo?: { price: number; usd: number };
  qtySessions?: number;
  groupCapacity?: number;
  /** Dated turns (type 2) at these weekdays and hours for the next 60 days, instead of weekly rules. */
  dated?: { weekday: number; start: string }[];
  rules?: Rule[];
  langs: Lang[];
  paused?: boolean;
  payCash?: boolean;
  /** spec 000 §4 manual price confirmation: the professional sets the price after the booking. */
  hidePrice?: boolean;
  /** The video platform of an online one (videoCallPlatformIds); the own room when absent. */
  platform?: 2 | 3;
}

interface DemoProfessional {
  email: string;
  firstName: string;
  lastName: string;
  countryId: number;
  timeZone: string;
  phone: string;
  /** 1 Hombre, 2 Mujer, 3 Transgenero. */
  gender: number;
  publications: DemoPublication[];
}

const weekdays = (days: number[], start: string, end: string): Rule[] =>
  days.map((weekday) => ({ weekday, start, end }));
const monToFri = [1, 2, 3, 4, 5];

const about = (text: string) =>
  `${text} Primera entrevista para conocer tu situación y acordar objetivos; luego sesiones de seguimiento.`;

/** The demo professional of seed.ts (Argentina): one publication of each kind. */
const demoProfessionalPublications: DemoPublication[] = [
  {
    title: 'Sesión de psicología online',
    therapyId: 1,
    symptoms: [1, 2, 7],
    description: about(
      'Psicoterapia para adultos con ansiedad, estrés o ataques de pánico, por videollamada.',
    ),
    modalityId: 1,
    duration: 50,
    price: 25000,
    usd: 30,
    rules: [...weekdays(monToFri, '09:00', '13:00'), ...weekdays(monToFri, '15:00', '19:00')],
    langs: ['es', 'en'],
  },
  {
    title: 'Kinesiología y rehabilitación en consultorio',
    therapyId: 10,
    symptoms: [5, 20, 21],
    description: about('Rehabilitación de lesiones deportivas y dolor articular con ejercicios guiados.'),
    modalityId: 2,
    place: { address: 'Av. Santa Fe 2450, consultorio 3', state: 'Ciudad Autónoma de Buenos Aires' },
    duration: 45,
    price: 18000,
    usd: 22,
    rules: weekdays([1, 3, 5], '08:00', '12:00'),
    langs: ['es'],
    payCash: true,
  },
  {
    title: 'Terapia de pareja online o presencial',
    therapyId: 4,
    symptoms: [9, 10],
    description: about('Un espacio para mejorar la comunicación y atravesar crisis de pareja.'),
    modalityId: 3,
    place: { address: 'Av. Santa Fe 2450, consultorio 3', state: 'Ciudad Autónoma de Buenos Aires' },
    duration: 60,
    price: 35000,
    usd: 40,
    rules: weekdays([2, 4], '17:00', '21:00'),
    langs: ['es'],
    payCash: true,
  },
  {
    title: 'Mindfulness para el estrés: promo de lanzamiento',
    therapyId: 17,
    symptoms: [2, 25, 4],
    description: about('Prácticas de atención plena para bajar el estrés laboral y dormir mejor.'),
    modalityId: 1,
    duration: 40,
    price: 16000,
    usd: 20,
    promo: { price: 12000, usd: 15 },
    rules: [...weekdays(monToFri, '08:00', '09:00'), ...weekdays([6], '10:00', '13:00')],
    langs: ['es'],
  },
  {
    title: 'Taller grupal de meditación',
    therapyId: 17,
    symptoms: [1, 2],
    description: about('Meditación guiada en grupo reducido de hasta 8 personas, por videollamada.'),
    modalityId: 1,
    duration: 90,
    price: 9000,
    usd: 12,
    groupCapacity: 8,
    dated: [
      { weekday: 3, start: '19:00' },
      { weekday: 6, start: '11:00' },
    ],
    langs: ['es'],
  },
  {
    title: 'Reiki a distancia',
    therapyId: 18,
    symptoms: [2, 23],
    description: about('Sesiones de reiki a distancia para acompañar procesos de cansancio y estrés.'),
    modalityId: 1,
    duration: 45,
    price: 15000,
    usd: 18,
    rules: weekdays([2, 4], '10:00', '12:00'),
    langs: ['es'],
    paused: true,
  },
  {
    title: 'Programa de nutrición en 4 sesiones',
    therapyId: 9,
    symptoms: [13, 24],
    description: about('Plan de alimentación personalizado con cuatro encuentros de seguimiento.'),
    modalityId: 1,
    duration: 45,
    price: 60000,
    usd: 70,
    qtySessions: 4,
    rules: weekdays([1, 3], '14:00', '18:00'),
    langs: ['es', 'po'],
  },
  {
    title: 'Evaluación psicopedagógica (valor a convenir)',
    therapyId: 1,
    symptoms: [7],
    description: about(
      'Evaluación inicial por videollamada; el valor depende de las pruebas necesarias y se confirma después de reservar.',
    ),
    modalityId: 1,
    duration: 60,
    price: 0,
    usd: 0,
    hidePrice: true,
    // Issue 18: Zoom, so the demo shows a meeting link once Zoom is connected; until then the
    // own room stands in (spec 000 §4), as for every other online service.
    platform: 3,
    rules: weekdays([2, 4], '16:00', '19:00'),
    langs: ['es'],
  },
];

/** More professionals in several countries, so search has results everywhere. */
const otherProfessionals: DemoProfessional[] = [
  {
    email: 'diego.ramirez@agendo.test',
    firstName: 'Diego',
    lastName: 'Ramírez',
    countryId: countryIds.MX,
    timeZone: 'America/Mexico_City',
    phone: '+525555550101',
    gender: 1,
    publications: [
      {
        title: 'Yoga terapéutico para la espalda',
        therapyId: 16,
        symptoms: [5, 22, 2],
        description: about(
          'Secuencias de yoga adaptadas para aliviar el dolor de espalda y las contracturas.',
        ),
        modalityId: 3,
        place: { address: 'Av. Álvaro Obregón 120, Roma Norte', state: 'Ciudad de México' },
        duration: 60,
        price: 550,
        usd: 30,
        rules: weekdays([1, 3, 5], '07:00', '11:00'),
        langs: ['es', 'en'],
        payCash: true,
      },
    ],
  },
  {
    email: 'camila.soto@agendo.test',
    firstName: 'Camila',
    lastName: 'Soto',
    countryId: countryIds.CL,
    timeZone: 'America/Santiago',
    phone: '+56955550101',
    gender: 2,
    publications: [
      {
        title: 'Fonoaudiología infantil',
        therapyId: 8,
        symptoms: [19, 18],
        description: about('Evaluación y tratamiento de dificultades del habla y el lenguaje en niños.'),
        modalityId: 2,
        place: {
          address: 'Av. Providencia 1650, oficina 402',
          state: 'Región Metropolitana de Santiago',
          city: 'Santiago',
        },
        duration: 45,
        price: 35000,
        usd: 37,
        rules: weekdays(monToFri, '15:00', '19:00'),
        langs: ['es'],
        payCash: true,
      },
      {
        title: 'Psicopedagogía online',
        therapyId: 7,
        symptoms: [17, 18, 26],
        description: about('Acompañamiento en dificultades de aprendizaje y orientación vocacional.'),
        modalityId: 1,
        duration: 50,
        price: 30000,
        usd: 32,
        rules: weekdays([2, 4], '10:00', '13:00'),
        langs: ['es'],
      },
    ],
  },
  {
    email: 'andres.gomez@agendo.test',
    firstName: 'Andrés',
    lastName: 'Gómez',
    countryId: countryIds.CO,
    timeZone: 'America/Bogota',
    phone: '+573005550101',
    gender: 1,
    publications: [
      {
        title: 'Consulta de nutrición deportiva',
        therapyId: 9,
        symptoms: [13, 24],
        description: about('Planes de alimentación para rendir mejor y cuidar tu peso.'),
        modalityId: 1,
        duration: 45,
        price: 120000,
        usd: 31,
        rules: weekdays(monToFri, '07:00', '12:00'),
        langs: ['es', 'en'],
      },
    ],
  },
  {
    email: 'maria.lopez@agendo.test',
    firstName: 'María',
    lastName: 'López',
    countryId: countryIds.ES,
    timeZone: 'Europe/Madrid',
    phone: '+34655550101',
    gender: 2,
    publications: [
      {
        title: 'Osteopatía en Madrid',
        therapyId: 12,
        symptoms: [5, 6, 22],
        description: about('Tratamiento osteopático para dolor de espalda, cabeza y contracturas.'),
        modalityId: 2,
        place: { address: 'Calle de Alcalá 85', state: 'Madrid', city: 'Madrid' },
        duration: 50,
        price: 55,
        usd: 64,
        rules: weekdays([1, 2, 3, 4], '09:00', '14:00'),
        langs: ['es', 'fr'],
        payCash: true,
      },
      {
        title: 'Acupuntura para el insomnio',
        therapyId: 14,
        symptoms: [4, 1],
        description: about('Sesiones de acupuntura para recuperar el descanso.'),
        modalityId: 2,
        place: { address: 'Calle de Alcalá 85', state: 'Madrid', city: 'Madrid' },
        duration: 40,
        price: 45,
        usd: 52,
        rules: weekdays([5], '09:00', '14:00'),
        langs: ['es', 'it'],
        payCash: true,
      },
    ],
  },
  {
    email: 'valentina.torres@agendo.test',
    firstName: 'Valentina',
    lastName: 'Torres',
    countryId: countryIds.US,
    timeZone: 'America/New_York',
    phone: '+12125550101',
    gender: 2,
    publications: [
      {
        title: 'Coaching de carrera bilingüe',
        therapyId: 19,
        symptoms: [25, 26, 11],
        description: about('Coaching para cambios de carrera, entrevistas y liderazgo, en español o inglés.'),
        modalityId: 1,
        duration: 60,
        price: 80,
        usd: 80,
        rules: weekdays(monToFri, '18:00', '21:00'),
        langs: ['es', 'en'],
      },
    ],
  },
  {
    email: 'sofia.pereira@agendo.test',
    firstName: 'Sofía',
    lastName: 'Pereira',
    countryId: countryIds.UY,
    timeZone: 'America/Montevideo',
    phone: '+59895550101',
    gender: 2,
    publications: [
      {
        title: 'Terapia familiar',
        therapyId: 5,
        symptoms: [10, 8],
        description: about('Sesiones para familias que atraviesan conflictos, duelos o cambios.'),
        modalityId: 3,
        place: { address: 'Bv. Artigas 1100', state: 'Montevideo', city: 'Montevideo' },
        duration: 60,
        price: 1800,
        usd: 45,
        rules: weekdays([1, 3], '16:00', '20:00'),
        langs: ['es', 'po'],
        payCash: true,
      },
    ],
  },
  {
    email: 'alex.quispe@agendo.test',
    firstName: 'Alex',
    lastName: 'Quispe',
    countryId: countryIds.PE,
    timeZone: 'America/Lima',
    phone: '+51955550101',
    gender: 3,
    publications: [
      {
        title: 'Arteterapia online',
        therapyId: 26,
        symptoms: [1, 11, 8],
        description: about(
          'Expresión a través del arte para trabajar la ansiedad, la autoestima y el duelo.',
        ),
        modalityId: 1,
        duration: 60,
        price: 110,
        usd: 32,
        rules: weekdays([2, 4, 6], '10:00', '14:00'),
        langs: ['es', 'en'],
      },
    ],
  },
  {
    email: 'lucas.oliveira@agendo.test',
    firstName: 'Lucas',
    lastName: 'Oliveira',
    countryId: countryIds.BR,
    timeZone: 'America/Sao_Paulo',
    phone: '+5511955550101',
    gender: 1,
    publications: [
      {
        title: 'Musicoterapia online',
        therapyId: 25,
        symptoms: [2, 1],
        description: about('La música como herramienta para reducir el estrés y la ansiedad.'),
        modalityId: 1,
        duration: 50,
        price: 180,
        usd: 34,
        rules: weekdays(monToFri, '09:00', '12:00'),
        langs: ['po', 'es'],
      },
      {
        title: 'Masajes terapéuticos en São Paulo',
        therapyId: 21,
        symptoms: [22, 5],
        description: about('Masaje descontracturante y terapéutico en consultorio.'),
        modalityId: 2,
        place: { address: 'Rua Augusta 1500', state: 'São Paulo', city: 'São Paulo' },
        duration: 60,
        price: 220,
        usd: 41,
        rules: weekdays([6], '09:00', '15:00'),
        langs: ['po'],
        payCash: true,
      },
    ],
  },
];

const dayWindow = 60;

async function placeOf(deps: AppDeps, countryId: number, place: DemoPublication['place']) {
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
  pro: { id: number; countryId: number; timeZone: string },
  pub: DemoPublication,
  existingTitles: Set<string>,
) {
  if (existingTitles.has(pub.title)) return;
  const now = deps.now();
  const at = now.toISOString();
  const today = DateTime.fromJSDate(now).setZone(pro.timeZone).startOf('day');
  const currency = currencyForCountryId(pro.countryId);
  const place = await placeOf(deps, pro.countryId, pub.place);
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
    pay_cash: flag(pub.payCash),
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
  pro: { id: number; countryId: number; timeZone: string },
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
    const pro = { id: demo.id, countryId: demo.country_id, timeZone: demo.time_zone };
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
      { id: user.id, countryId: user.country_id, timeZone: user.time_zone },
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
