import { type ActionName, type Booking, paymentBadge, priceConfirmationOf } from '@agendo/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { smallPdf, upload } from './modules/clinical/test/clinical-fixtures.ts';
import { seedDemo } from './seed/seed.ts';
import { signedInAs } from './test/seeded-demo.ts';
import { useTestApp } from './test/test-app.ts';

// Issue 12 "The spec's own payloads": every call of spec 000/001/002 §7 that has a handler is
// sent exactly as the spec lists its payload (numbers where the spec writes numbers, 'one'/'all'
// dates, '' for a new record, dataReceiver in the body, fields we do not read) on top of the demo
// marketplace, and must be understood. The friendlier forms of the web app keep working (their
// own tests); bad input of any type answers 400 with a code, never 500.

type Role = 'public' | 'pro' | 'client' | 'student' | 'admin';
type Refs = Awaited<ReturnType<typeof collectRefs>>;
interface Row {
  /** Which document lists the call (several list the same action with other fields). */
  spec: string;
  action: ActionName;
  role: Role;
  payload: (r: Refs) => Record<string, unknown>;
  /** 200, or the documented code the action must answer for this deliberately invalid value. */
  expect?: 200 | string;
}

const tokens = {} as Record<Exclude<Role, 'public'>, string>;
let refs: Refs;

const sessionOf = (email: string) => signedInAs(t, email);

async function allBookings(mode: 1 | 2, token: string): Promise<Booking[]> {
  const out: Booking[] = [];
  for (const filter of ['upcoming', 'past'] as const) {
    let next: number | null = 0;
    while (next !== null) {
      const res: { body: { bookings: Booking[]; next: number | null } } = await t.call(
        'find-bookings',
        { mode, filter, next },
        token,
      );
      out.push(...res.body.bookings);
      next = res.body.next;
    }
  }
  return out;
}

function pick<T>(list: T[], test: (item: T) => boolean, what: string): T {
  const found = list.find(test);
  if (!found) throw new Error(`the demo data has no ${what}`);
  return found;
}

async function collectRefs() {
  const pro = await sessionOf('profesional@agendo.test');
  const client = await sessionOf('consultante@agendo.test');
  const student = await sessionOf('alumna@agendo.test');
  const admin = await sessionOf('admin@agendo.test');
  Object.assign(tokens, { pro: pro.token, client: client.token, student: student.token, admin: admin.token });

  const publication = await t.deps.db
    .selectFrom('publications')
    .select('ref')
    .where('user_id', '=', pro.id)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  const proBookings = await allBookings(1, pro.token);
  const clientBookings = await allBookings(2, client.token);
  const live = (b: Booking) => b.state === 'pending' || b.state === 'confirmed';
  const upcoming = proBookings.filter((b) => live(b) && b.now === 0 && b.groupId === null);
  const priceBooking = pick(upcoming, (b) => b.hidePrice === 0 && b.recurrent === 0, 'priced appointment');
  const started = pick(proBookings, (b) => live(b) && b.now === 1, 'appointment happening now');
  const unpaid = pick(proBookings, (b) => live(b) && paymentBadge(b) === 'unpaid', 'unpaid appointment');
  const series = pick(upcoming, (b) => b.recurrent === 1, 'recurring appointment');
  const toPrice = pick(
    proBookings,
    (b) => priceConfirmationOf(b) === 'waiting-professional',
    'appointment waiting for its price',
  );
  const toConfirm = pick(
    clientBookings,
    (b) => priceConfirmationOf(b) === 'waiting-client',
    'appointment waiting for the client',
  );

  const contacts = (await t.call('find-contacts', { mode: 1 }, pro.token)).body.contacts as {
    idSeller: string;
  }[];
  const consId = pick(contacts, () => true, 'contact').idSeller;
  const states = (await t.call('find-states', { userCountry: 5 })).body.states as { id: number }[];
  const state = pick(states, () => true, 'Argentine province').id;
  const spare = await t.call(
    'add-contact',
    {
      userState: state,
      userFirstName: 'Rocío',
      userLastName: 'Benítez',
      userPhone: '+5491144440000',
      userMail: 'rocio.benitez@example.com',
      userCountry: 5,
    },
    pro.token,
  );
  if (spare.statusCode !== 200) throw new Error(`add-contact: ${JSON.stringify(spare.body)}`);
  const uploaded = await upload(t, pro.token, consId, [
    { name: 'estudio.pdf', bytes: await smallPdf(), type: 'application/pdf' },
  ]);
  const file = uploaded.body[0] as { id: string; type: string; baselink: string; link: string };

  const workshop = await t.deps.db
    .selectFrom('workshops')
    .select(['id', 'ref'])
    .where('user_id', '=', pro.id)
    .executeTakeFirstOrThrow();
  const modules = await t.deps.db
    .selectFrom('workshop_modules')
    .select(['id', 'ref'])
    .where('workshop_id', '=', workshop.id)
    .orderBy('position')
    .execute();
  const lessons = await t.deps.db
    .selectFrom('workshop_lessons')
    .select(['ref', 'module_id', 'live_start', 'position'])
    .where(
      'module_id',
      'in',
      modules.map((m) => m.id),
    )
    .orderBy('position')
    .execute();
  const quiz = await t.deps.db
    .selectFrom('quizzes')
    .select('ref')
    .where('user_id', '=', pro.id)
    .executeTakeFirstOrThrow();
  const enrolments = (await t.call('find-bookings-workshops', { mode: 2 }, client.token)).body.enrolments as {
    ref: string;
    courseRef: string;
  }[];
  const enrolment = pick(enrolments, (e) => e.courseRef === workshop.ref, 'enrolment of the demo client');
  const freeModule = modules[0];
  const paidModule = modules[1];
  if (!freeModule || !paidModule) throw new Error('the demo course has two modules');
  const firstLesson = pick(lessons, (l) => l.module_id === freeModule.id, 'lesson of the free module');
  const liveLesson = pick(lessons, (l) => l.live_start !== null, 'live lesson');

  const asked = await t.call(
    'save-question',
    { ref: publication.ref, question: '¿Atiende también los sábados por la mañana?' },
    client.token,
  );

  return {
    pro,
    client,
    publication: publication.ref,
    priceBooking,
    started,
    unpaid,
    series,
    toPrice,
    toConfirm,
    consId,
    spareContact: spare.body.ref as string,
    state,
    file,
    workshop: workshop.ref,
    freeModule: freeModule.ref,
    paidModule: paidModule.ref,
    firstLesson: firstLesson.ref,
    liveLesson: liveLesson.ref,
    quiz: quiz.ref,
    enrolment: enrolment.ref,
    question: asked.body.questionRef as string,
  };
}

const t = useTestApp({ seedDemo: true });
beforeAll(async () => {
  await seedDemo(t.deps);
  refs = await collectRefs();
}, 180_000);

const spec000 = 'spec 000 §7';
const spec001 = 'spec 001 §7';
const spec002 = 'spec 002 §7';
const tz = 'America/Argentina/Buenos_Aires';

/** spec 001 §7: every clinical save carries timezone, dataReceiver, consId, profName and ref. */
function clinicalSave(r: Refs, extra: Record<string, unknown>) {
  return {
    timezone: tz,
    dataReceiver: r.pro.ref,
    consId: r.consId,
    profName: 'Lucía Fernández',
    ref: '',
    ...extra,
  };
}
/** …and every find carries timezone, dataReceiver, consId and next. */
function clinicalFind(r: Refs, extra: Record<string, unknown> = {}) {
  return { timezone: tz, dataReceiver: r.pro.ref, consId: r.consId, next: 0, ...extra };
}
const fileOf = (r: Refs) => [
  { id: r.file.id, type: r.file.type, baselink: r.file.baselink, link: r.file.link },
];

const rows: Row[] = [
  // ——— spec 000 §7 ———
  { spec: spec000, action: 'find-quiz-data', role: 'pro', payload: (r) => ({ ref: r.quiz }) },
  {
    spec: spec000,
    action: 'find-all-quiz-question-data',
    role: 'pro',
    payload: (r) => ({ quizRef: r.quiz }),
  },
  { spec: spec000, action: 'find-user-data', role: 'client', payload: (r) => ({ ref: r.pro.ref }) },
  {
    spec: spec000,
    action: 'report-question',
    role: 'pro',
    payload: (r) => ({ ref: r.question, answer: 'q' }),
  },
  {
    spec: spec000,
    action: 'find-questions',
    role: 'public',
    payload: (r) => ({ dataReceiver: r.publication, ref: r.publication, mode: 3, next: 0, filter: 0 }),
  },
  {
    spec: spec000,
    action: 'find-turns',
    role: 'public',
    payload: (r) => ({ ref: r.publication, from: '2026-11-23', move: 1, userTime: tz }),
  },
  {
    spec: spec000,
    action: 'check-first-buy',
    role: 'client',
    payload: (r) => ({ dataReceiver: r.client.ref, publishId: r.publication }),
  },
  { spec: spec000, action: 'geo-country-location', role: 'public', payload: () => ({ ip: '200.45.1.1' }) },
  {
    spec: spec000,
    action: 'convert-price',
    role: 'public',
    payload: () => ({ userCountryId: 5, userCurrency: 'ARS', profCurrency: 'USD', onlyFormat: 0, price: 20 }),
  },
  {
    spec: spec000,
    action: 'convert-price',
    role: 'public',
    payload: () => ({
      userCountryId: '5',
      userCurrency: 'ARS',
      profCurrency: 'USD',
      onlyFormat: '0',
      price: '20',
    }),
  },
  {
    spec: spec000,
    action: 'get-publish',
    role: 'client',
    payload: (r) => ({ dataReceiver: r.pro.ref, ref: r.publication, mode: 'noencrypt' }),
  },
  {
    spec: spec000,
    action: 'find-user-info',
    role: 'client',
    payload: (r) => ({ dataReceiver: r.client.ref }),
  },
  { spec: spec000, action: 'find-currency', role: 'public', payload: () => ({ userCountry: 5 }) },
  { spec: spec000, action: 'find-currency', role: 'public', payload: () => ({ userCountry: '5' }) },
  {
    spec: spec000,
    action: 'call-turnbox',
    role: 'admin',
    payload: (r) => ({ ref: r.started.id, name: 'Martín Gómez', box: '3' }),
  },
  {
    spec: spec000,
    action: 'update-booking-price',
    role: 'pro',
    payload: (r) => ({
      ref: r.priceBooking.id,
      oldPrice: r.priceBooking.price,
      newPrice: 1500,
      sendAdvice: 1,
      allbooking: 1,
      noPrice: 0,
    }),
  },
  {
    spec: spec000,
    action: 'update-booking-price',
    role: 'pro',
    payload: (r) => ({
      ref: r.priceBooking.id,
      oldPrice: '1500',
      newPrice: '1600.50',
      sendAdvice: '0',
      allbooking: '1',
      noPrice: '0',
    }),
  },
  {
    spec: spec000,
    action: 'update-booking-price',
    role: 'pro',
    payload: (r) => ({ ref: r.priceBooking.id, oldPrice: 1600, newPrice: '', sendAdvice: 0, allbooking: 1 }),
    expect: 'E20',
  },
  {
    spec: spec000,
    action: 'update-booking-price',
    role: 'pro',
    payload: (r) => ({
      ref: r.priceBooking.id,
      oldPrice: 1600,
      newPrice: '-5',
      sendAdvice: 0,
      allbooking: 1,
    }),
    expect: 'E21',
  },
  { spec: spec000, action: 'mark-ready', role: 'pro', payload: (r) => ({ timezone: tz, ref: r.started.id }) },
  {
    spec: spec000,
    action: 'find-bookings',
    role: 'pro',
    payload: () => ({ mode: 1, next: 0, filter: 1, date: 'all', timezone: tz, ref: '' }),
  },
  {
    spec: spec000,
    action: 'find-bookings',
    role: 'pro',
    payload: (r) => ({ mode: 1, next: 0, filter: 0, date: 'one', timezone: tz, ref: r.priceBooking.id }),
  },
  {
    spec: spec000,
    action: 'find-bookings',
    role: 'pro',
    payload: () => ({ mode: '1', next: '0', filter: '2', date: 'all', timezone: tz }),
  },
  {
    spec: spec000,
    action: 'find-next-sessions',
    role: 'pro',
    payload: (r) => ({ ref: r.priceBooking.id, timezone: tz }),
  },
  { spec: spec000, action: 'generete-booking-qr', role: 'pro', payload: (r) => ({ ref: r.priceBooking.id }) },
  { spec: spec000, action: 'mark-pay-booking', role: 'pro', payload: (r) => ({ ref: r.unpaid.id }) },
  {
    spec: spec000,
    action: 'delete-recurrent',
    role: 'pro',
    payload: (r) => ({ timezone: tz, fromDate: r.series.dateNoFormat.slice(0, 10), ref: r.series.id }),
  },
  {
    spec: spec000,
    action: 'confirm-booking-price',
    role: 'pro',
    payload: (r) => ({
      ref: r.toPrice.id,
      newPrice: '8000',
      payCash: '1',
      payCard: '0',
    }),
  },
  {
    spec: spec000,
    action: 'confirm-price',
    role: 'client',
    payload: (r) => ({ confirmPrice: '1', mode: 1, ref: r.toConfirm.id }),
  },
  { spec: spec000, action: 'find-bookings-workshops', role: 'client', payload: () => ({ mode: 2 }) },
  { spec: spec000, action: 'find-bookings-workshops', role: 'pro', payload: () => ({ mode: '1', ref: '' }) },
  {
    spec: spec000,
    action: 'save-certificate-student',
    role: 'client',
    payload: (r) => ({ bookingId: r.enrolment }),
    // The demo client has not finished the course: the action's own answer, not a shape error.
    expect: 'E53',
  },
  {
    spec: spec000,
    action: 'list-user-modules-workshop',
    role: 'client',
    payload: (r) => ({ ref: r.workshop, bookingId: r.enrolment }),
  },
  {
    spec: spec000,
    action: 'list-user-modules-workshop',
    role: 'pro',
    payload: (r) => ({ ref: r.workshop, bookingId: '' }),
  },

  // ——— spec 001 §7 ———
  { spec: spec001, action: 'find-contacts', role: 'pro', payload: () => ({ mode: 1 }) },
  { spec: spec001, action: 'find-contacts', role: 'pro', payload: () => ({ mode: '1', ref: '' }) },
  { spec: spec001, action: 'find-contacts', role: 'pro', payload: (r) => ({ mode: 1, ref: r.consId }) },
  { spec: spec001, action: 'find-user-info-contact', role: 'pro', payload: (r) => ({ ref: r.consId }) },
  {
    spec: spec001,
    action: 'add-contact',
    role: 'pro',
    payload: (r) => ({
      userFirstName: 'Paula',
      userLastName: 'Ibarra',
      userPhone: '+5491155553333',
      userMail: 'paula.ibarra@example.com',
      timezone: tz,
      userCountry: '5',
      userState: String(r.state),
      userIdentify: '',
    }),
  },
  {
    spec: spec001,
    action: 'add-contact',
    role: 'pro',
    payload: (r) => ({
      userFirstName: '',
      userLastName: 'Ibarra',
      userPhone: '+5491155553334',
      userMail: 'paula.ibarra2@example.com',
      timezone: tz,
      userCountry: 5,
      userState: r.state,
      userIdentify: '',
    }),
    expect: 'E10',
  },
  {
    spec: spec001,
    action: 'update-contact',
    role: 'pro',
    payload: (r) => ({
      ref: r.spareContact,
      userFirstName: 'Rocío',
      userLastName: 'Benítez',
      userPhone: '+5491144440000',
      userMail: 'rocio.benitez@example.com',
      timezone: tz,
      userCountry: '5',
      userState: String(r.state),
      userCity: '',
      userIdentify: '30111222',
      userStreet: 'Av. Corrientes 1234',
      userFloor: '3',
      userDepto: 'B',
      userPObox: '1043',
      userGender: '2',
      userBirthYear: '1990',
      userBirthMonth: '6',
      userBirthDay: '15',
      obraSocial: 'OSDE',
      numObraSocial: '123456',
    }),
  },
  { spec: spec001, action: 'find-notes', role: 'pro', payload: (r) => ({ ref: r.consId }) },
  {
    spec: spec001,
    action: 'update-notes',
    role: 'pro',
    payload: (r) => ({ ref: r.consId, note: 'Prefiere turnos por la tarde.' }),
  },
  { spec: spec001, action: 'find-user-data', role: 'pro', payload: (r) => ({ dataReceiver: r.pro.ref }) },
  { spec: spec001, action: 'find-countries', role: 'public', payload: () => ({}) },
  { spec: spec001, action: 'find-states', role: 'public', payload: () => ({ userCountry: 5 }) },
  { spec: spec001, action: 'find-states', role: 'public', payload: () => ({ userCountry: '5' }) },
  { spec: spec001, action: 'find-cities', role: 'public', payload: (r) => ({ userState: r.state }) },
  { spec: spec001, action: 'find-cities', role: 'public', payload: (r) => ({ userState: String(r.state) }) },
  { spec: spec001, action: 'print-records', role: 'pro', payload: (r) => ({ ref: r.consId }) },
  { spec: spec001, action: 'download-excel-contacts', role: 'pro', payload: () => ({}) },
  {
    spec: spec001,
    action: 'find-psico-notes',
    role: 'pro',
    payload: (r) => ({ dataReceiver: r.pro.ref, consId: r.consId, next: 0 }),
  },
  {
    spec: spec001,
    action: 'find-psico-notes',
    role: 'pro',
    payload: (r) => ({ dataReceiver: r.pro.ref, consId: r.consId, next: '10' }),
  },
  {
    spec: spec001,
    action: 'save-psico-notes',
    role: 'pro',
    payload: (r) => ({
      timezone: tz,
      dataReceiver: r.pro.ref,
      consId: r.consId,
      ref: '',
      note: 'Primera sesión.',
    }),
  },
  {
    spec: spec001,
    action: 'save-psico-notes',
    role: 'pro',
    // The empty ref means "new": the note's own validation answers, not E1.
    payload: (r) => ({ timezone: tz, dataReceiver: r.pro.ref, consId: r.consId, ref: '', note: '' }),
    expect: 'E2',
  },
  {
    spec: spec001,
    action: 'find-personal-background',
    role: 'pro',
    payload: (r) => clinicalFind(r, { type: 1 }),
  },
  {
    spec: spec001,
    action: 'save-personal-background',
    role: 'pro',
    payload: (r) =>
      clinicalSave(r, { backgroundType: '2', description: 'Madre con hipertensión.', cie10Code: 'I10' }),
  },
  {
    spec: spec001,
    action: 'save-personal-background',
    role: 'pro',
    payload: (r) => clinicalSave(r, { backgroundType: '', description: 'Sin tipo', cie10Code: '' }),
    expect: 'E2',
  },
  {
    spec: spec001,
    action: 'delete-personal-background',
    role: 'pro',
    payload: () => ({ ref: 'FROM:find-personal-background' }),
  },
  {
    spec: spec001,
    action: 'find-chief-complaint',
    role: 'pro',
    payload: (r) => clinicalFind(r, { type: 1 }),
  },
  {
    spec: spec001,
    action: 'save-chief-complaint',
    role: 'pro',
    payload: (r) => clinicalSave(r, { description: 'Ansiedad ante exámenes.' }),
  },
  {
    spec: spec001,
    action: 'delete-chief-complaint',
    role: 'pro',
    payload: () => ({ ref: 'FROM:find-chief-complaint' }),
  },
  { spec: spec001, action: 'find-medical-sessions', role: 'pro', payload: (r) => clinicalFind(r) },
  {
    spec: spec001,
    action: 'save-medical-sessions',
    role: 'pro',
    payload: (r) =>
      clinicalSave(r, {
        description: 'Evolución favorable.',
        cie10Code: [{ cie10Code: 'F41.1', cie10Description: 'Trastorno de ansiedad generalizada' }],
      }),
  },
  {
    spec: spec001,
    action: 'delete-medical-sessions',
    role: 'pro',
    payload: () => ({ ref: 'FROM:find-medical-sessions' }),
  },
  { spec: spec001, action: 'find-medical-studies', role: 'pro', payload: (r) => clinicalFind(r) },
  {
    spec: spec001,
    action: 'save-medical-studies',
    role: 'pro',
    payload: (r) =>
      clinicalSave(r, {
        studyType: 'Hemograma',
        studyDate: '2026-11-20',
        description: 'Valores normales.',
        files: fileOf(r),
      }),
  },
  {
    spec: spec001,
    action: 'delete-medical-studies',
    role: 'pro',
    payload: () => ({ ref: 'FROM:find-medical-studies' }),
  },
  { spec: spec001, action: 'find-medical-treatments', role: 'pro', payload: (r) => clinicalFind(r) },
  {
    spec: spec001,
    action: 'save-medical-treatments',
    role: 'pro',
    payload: (r) =>
      clinicalSave(r, {
        treatmentName: 'Sertralina',
        treatmentDose: '50 mg por día',
        startDate: '2026-11-01',
        endDate: '2027-02-01',
        status: '1',
        description: 'Control mensual.',
        cie10Code: [{ cie10Code: 'F41.1', cie10Description: 'Trastorno de ansiedad generalizada' }],
        files: fileOf(r),
      }),
  },
  {
    spec: spec001,
    action: 'delete-medical-treatments',
    role: 'pro',
    payload: () => ({ ref: 'FROM:find-medical-treatments' }),
  },
  { spec: spec001, action: 'find-medical-consent', role: 'pro', payload: (r) => clinicalFind(r) },
  {
    spec: spec001,
    action: 'save-medical-consent',
    role: 'pro',
    payload: (r) =>
      clinicalSave(r, {
        studyType: 'Consentimiento informado',
        studyDate: '2026-11-20',
        signedBy: '1',
        files: fileOf(r),
      }),
  },
  {
    spec: spec001,
    action: 'delete-medical-consent',
    role: 'pro',
    payload: () => ({ ref: 'FROM:find-medical-consent' }),
  },
  {
    spec: spec001,
    action: 'find-medical-allergies',
    role: 'pro',
    payload: (r) => clinicalFind(r, { type: 1 }),
  },
  {
    spec: spec001,
    action: 'save-medical-allergies',
    role: 'pro',
    payload: (r) =>
      clinicalSave(r, {
        allergyName: 'Penicilina',
        reaction: 'Urticaria',
        severity: '3',
        description: 'Evitar betalactámicos.',
        cie10Code: 'Z88.0',
      }),
  },
  {
    spec: spec001,
    action: 'delete-medical-allergies',
    role: 'pro',
    payload: () => ({ ref: 'FROM:find-medical-allergies' }),
  },
  { spec: spec001, action: 'find-medical-vaccines', role: 'pro', payload: (r) => clinicalFind(r) },
  {
    spec: spec001,
    action: 'save-medical-vaccines',
    role: 'pro',
    payload: (r) =>
      clinicalSave(r, {
        vaccineDate: '2026-10-01',
        vaccineName: 'Antigripal',
        description: 'Dosis anual.',
        files: fileOf(r),
      }),
  },
  {
    spec: spec001,
    action: 'delete-medical-vaccines',
    role: 'pro',
    payload: () => ({ ref: 'FROM:find-medical-vaccines' }),
  },
  { spec: spec001, action: 'find-code-cie', role: 'pro', payload: () => ({ search: ' ansiedad ' }) },
  {
    spec: spec001,
    action: 'find-lesson-data-workshop',
    role: 'client',
    payload: (r) => ({
      couserRef: r.workshop,
      moduleId: r.freeModule,
      lessonId: r.firstLesson,
      bookingId: r.enrolment,
    }),
  },
  { spec: spec001, action: 'delete-contact', role: 'pro', payload: (r) => ({ ref: r.spareContact }) },

  // ——— spec 002 §7 ———
  {
    spec: spec002,
    action: 'find-lesson-data-workshop',
    role: 'pro',
    payload: (r) => ({
      dataReceiver: r.pro.ref,
      couserRef: r.workshop,
      moduleId: r.freeModule,
      lessonId: r.firstLesson,
      bookingId: '',
    }),
  },
  {
    spec: spec002,
    action: 'find-live-date',
    role: 'pro',
    payload: (r) => ({ dataReceiver: r.pro.ref, mode: 1, timezone: tz, lessonId: r.liveLesson }),
  },
  {
    spec: spec002,
    action: 'find-live-date',
    role: 'client',
    payload: (r) => ({ dataReceiver: r.client.ref, mode: '2', timezone: tz, lessonId: r.liveLesson }),
  },
  {
    spec: spec002,
    action: 'find-quiz-data',
    role: 'pro',
    payload: (r) => ({ dataReceiver: r.pro.ref, ref: r.quiz }),
  },
  {
    spec: spec002,
    action: 'find-all-quiz-question-data',
    role: 'pro',
    payload: (r) => ({ dataReceiver: r.pro.ref, quizRef: r.quiz }),
  },
  {
    spec: spec002,
    action: 'get-publish',
    role: 'client',
    payload: (r) => ({ dataReceiver: r.pro.ref, localCurrency: 'ARS', ref: r.publication }),
  },
  { spec: spec002, action: 'find-currency', role: 'public', payload: () => ({ userCountry: 5 }) },
  {
    spec: spec002,
    action: 'convert-price',
    role: 'public',
    payload: () => ({
      userCountryId: 5,
      userCurrency: 'ARS',
      profCurrency: 'ARS',
      onlyFormat: true,
      price: 15000,
    }),
  },
  {
    spec: spec002,
    action: 'save-temp-sales-modules',
    role: 'client',
    payload: (r) => ({
      customerId: r.client.ref,
      profetionalId: r.pro.ref,
      publishId: r.workshop,
      therapyId: '',
      hourUser: '',
      hourProf: '',
      date: '',
      duration: '',
      modality: '',
      currency: 'ARS',
      pasarela: '',
      transferCash: 1,
      totalAmmountOld: 15000,
      totalAmmount: 15000,
      paid: 0,
      coupon: '',
      discount: 0,
      payCash: 1,
      payCashLimit: 0,
      publishTitle: 'Respiración consciente para la ansiedad - Módulo: Práctica guiada',
      recurrent: 0,
      publishType: 2,
      qtySessions: '',
      limitTime: 0,
      limitTimeDays: '',
      hidePrice: 0,
      noPrice: 0,
      giftId: '',
      moduleId: r.paidModule,
      bookId: '',
      productType: 2,
      admin: 0,
    }),
  },
  {
    spec: spec002,
    action: 'save-sales-modules',
    role: 'client',
    payload: () => ({ tempBook: 'FROM:save-temp-sales-modules', paid: 0, payId: 'cash', giftId: '' }),
  },
  {
    spec: spec002,
    action: 'find-bookings',
    role: 'client',
    payload: (r) => ({
      dataReceiver: r.client.ref,
      mode: 2,
      next: 0,
      filter: 1,
      date: 'one',
      timezone: tz,
      ref: r.toConfirm.id,
    }),
  },
  {
    spec: spec002,
    action: 'find-user-data',
    role: 'client',
    payload: (r) => ({ dataReceiver: r.client.ref }),
  },
  { spec: spec002, action: 'find-countries', role: 'public', payload: () => ({}) },
  {
    spec: spec002,
    action: 'update-afip-data',
    role: 'pro',
    payload: () => ({
      razonSocial: 'Lucía Fernández',
      domicilioFiscal: 'Av. Corrientes 1234, CABA',
      condicionIva: 6,
      docTipo: 80,
      cuit: '27284561231',
      puntoVenta: 1,
      fechaInicio: '2019-03-01',
      userMode: 1,
      refContact: '',
    }),
  },
  {
    spec: spec002,
    action: 'get-afip-data',
    role: 'pro',
    payload: () => ({ userMode: 1, refContact: '' }),
  },
];

/** Answers of earlier rows that later rows use (the entry to delete, the temporary sale). */
const produced = new Map<string, string>();

function resolve(payload: Record<string, unknown>) {
  return Object.fromEntries(
    Object.entries(payload).map(([k, v]) => {
      if (typeof v !== 'string' || !v.startsWith('FROM:')) return [k, v];
      const value = produced.get(v.slice(5));
      if (!value) throw new Error(`no earlier answer of ${v.slice(5)}`);
      return [k, value];
    }),
  );
}

function remember(action: string, body: Record<string, unknown>) {
  const results = body.results as { id: string }[] | undefined;
  if (results?.[0]) produced.set(action, results[0].id);
  if (typeof body.bookRef === 'string') produced.set(action, body.bookRef);
}

describe('the calls of spec 000/001/002 §7 with the payloads the spec lists', () => {
  it.each(rows.map((row, i) => [`${row.spec} ${row.action} #${i}`, row] as const))(
    '%s',
    async (_name, row) => {
      const token = row.role === 'public' ? null : tokens[row.role];
      const res = await t.call(row.action, resolve(row.payload(refs)), token);
      const expected = row.expect ?? 200;
      if (expected === 200) {
        expect(res.body, JSON.stringify(res.body)).toMatchObject({ status: '200' });
        expect(res.statusCode).toBe(200);
        remember(row.action, res.body);
      } else {
        expect(res.statusCode).toBe(400);
        expect(res.body.code).toBe(expected);
      }
    },
  );
});

describe('what the spec-shaped payloads mean', () => {
  it("find-bookings with date 'one' answers only the appointment of ref; 'all' and a number filter list the tab", async () => {
    const one = await t.call(
      'find-bookings',
      { mode: 2, next: 0, filter: 0, date: 'one', timezone: tz, ref: refs.toConfirm.id },
      tokens.client,
    );
    expect(one.body.bookings.map((b: Booking) => b.id)).toEqual([refs.toConfirm.id]);
    // Another side's appointment stays invisible, as in every list.
    const foreign = await t.call(
      'find-bookings',
      { mode: 2, next: 0, filter: 0, date: 'one', timezone: tz, ref: refs.unpaid.id },
      tokens.student,
    );
    expect(foreign.body.bookings).toEqual([]);
    const cancelled = await t.call(
      'find-bookings',
      { mode: 1, next: 0, filter: 3, date: 'all', timezone: tz, ref: '' },
      tokens.pro,
    );
    expect(cancelled.body.bookings.length).toBeGreaterThan(0);
    expect(cancelled.body.bookings.every((b: Booking) => b.state === 'cancelled')).toBe(true);
    const named = await t.call('find-bookings', { mode: 1, filter: 'cancelled' }, tokens.pro);
    expect(named.body.bookings).toEqual(cancelled.body.bookings);
    const missing = await t.call('find-bookings', { mode: 1, date: 'one', ref: '' }, tokens.pro);
    expect(missing.body).toMatchObject({ status: '400', code: 'E1', field: 'ref' });
  });

  it("save-psico-notes with ref '' creates a note", async () => {
    const saved = await t.call(
      'save-psico-notes',
      {
        timezone: tz,
        dataReceiver: refs.pro.ref,
        consId: refs.consId,
        ref: '',
        note: 'Nota nueva desde el payload de la especificación.',
      },
      tokens.pro,
    );
    expect(saved.statusCode).toBe(200);
    const found = await t.call('find-psico-notes', { consId: refs.consId, next: '0' }, tokens.pro);
    expect(found.body.notes.map((n: { note: string }) => n.note)).toContain(
      'Nota nueva desde el payload de la especificación.',
    );
  });

  it('save-sales-modules refuses a provider as payId: a card sale is settled by its webhook', async () => {
    const tempBook = produced.get('save-temp-sales-modules');
    const res = await t.call(
      'save-sales-modules',
      { tempBook, paid: 1, payId: 'stripe', giftId: '' },
      tokens.client,
    );
    expect(res.statusCode).toBe(400);
    expect(res.body.code).toBe('E16');
  });
});

/** Wrong types for any field: none may reach a handler as a 500. */
const wrongValues: unknown[] = [null, [], { nested: 1 }, 'x'.repeat(20_000), -1, 1e308, true, '', '١٢'];

describe('bad input to the §7 calls answers 400 with a code, never 500', () => {
  const byAction = new Map<ActionName, Row>();
  for (const row of rows) if (!byAction.has(row.action)) byAction.set(row.action, row);
  it.each([...byAction.values()].map((row) => [row.action, row] as const))('%s', async (_name, row) => {
    const token = row.role === 'public' ? null : tokens[row.role];
    const base = resolve(row.payload(refs));
    const keys = [...Object.keys(base), 'ref', 'mode', 'next'];
    for (const key of new Set(keys)) {
      for (const value of wrongValues) {
        const res = await t.call(row.action, { ...base, [key]: value }, token);
        const what = `${row.action} ${key}=${JSON.stringify(value).slice(0, 40)} → ${res.statusCode} ${JSON.stringify(res.body).slice(0, 200)}`;
        expect(res.statusCode, what).toBeLessThan(500);
        if (res.statusCode !== 200) expect(res.body.code, what).toMatch(/^E\d+[a-z]?$/);
      }
    }
  });
});
