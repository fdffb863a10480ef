import type { OutputOf, Turn } from '@agendo/contract';
import { vi } from 'vitest';

/** A turn at `date` `hour` in Buenos Aires, seen from Madrid (4 hours later). */
export function turnFixture(date: string, hour: string): Turn {
  const [h, m] = hour.split(':').map(Number) as [number, number];
  const startsAt = new Date(`${date}T${hour}:00-03:00`).toISOString();
  const clientHour = `${String((h + 4) % 24).padStart(2, '0')}:${String(m).padStart(2, '0')}`;
  return {
    date,
    hStart: hour,
    timezone: 'America/Argentina/Buenos_Aires',
    startDateFormat: `${date} ${hour}:00`,
    day: Number(date.slice(8)),
    month: 'noviembre',
    Name: 'lunes',
    dateClient: date,
    hStartClient: clientHour,
    timezoneClient: 'Europe/Madrid',
    startDateFormatClient: `${date} ${clientHour}:00`,
    dayClient: Number(date.slice(8)),
    monthClient: 'noviembre',
    NameClient: 'lunes',
    startsAt,
    endsAt: new Date(Date.parse(startsAt) + 3_600_000).toISOString(),
    seatsLeft: 1,
    session: 1,
  };
}

/** A find-turns answer for the 5 days from `from`, one turn at 10:00 each day. */
export function turnsWindowFixture(
  from: string,
  flags: { hasPrevious: boolean; hasNext: boolean },
): OutputOf<'find-turns'> {
  const dates = [0, 1, 2, 3, 4].map((i) => {
    const d = new Date(`${from}T12:00:00Z`);
    d.setUTCDate(d.getUTCDate() + i);
    return d.toISOString().slice(0, 10);
  });
  const days = dates.map((date) => ({
    date,
    day: Number(date.slice(8)),
    month: 'noviembre',
    Name: 'lunes',
    turns: [turnFixture(date, '10:00')],
  }));
  return {
    status: '200',
    ref: 'pubRef0001',
    typeTurn: 1,
    timezone: 'America/Argentina/Buenos_Aires',
    userTime: 'Europe/Madrid',
    duration: 60,
    qtySessions: 1,
    onlyFirstSession: false,
    groupCapacity: 1,
    unavailable: null,
    from: dates[0] ?? from,
    to: dates[4] ?? from,
    hasPrevious: flags.hasPrevious,
    hasNext: flags.hasNext,
    maxDate: '2027-01-21',
    days,
    turns: days.flatMap((d) => d.turns),
  };
}

/**
 * The visitor's browser is in Madrid, the professional in Buenos Aires (the fixtures above): only
 * the zone changes, as luxon reads the locale too. Undone by vi.restoreAllMocks().
 */
export function viewFromMadrid() {
  const real = Intl.DateTimeFormat.prototype.resolvedOptions;
  vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockImplementation(function (
    this: Intl.DateTimeFormat,
  ) {
    return { ...real.call(this), timeZone: 'Europe/Madrid' };
  });
}

/** find-questions with no question yet, for a visitor (not the owner). */
export const noQuestionsFixture: OutputOf<'find-questions'> = {
  status: '200',
  questions: [],
  next: null,
  total: 0,
  isOwner: false,
};

type ProfessionalProfile = OutputOf<'find-professional-profile'>;

/** A service card of a professional's page (override title and what a test looks at). */
export function profileCardFixture(
  over: Partial<ProfessionalProfile['publications'][number]> = {},
): ProfessionalProfile['publications'][number] {
  return {
    ref: 'pubRef0001',
    title: 'Terapia individual',
    therapy: 'Psicología',
    img: null,
    modalityId: 1,
    duration: 50,
    userPrice: 15,
    userOldPrice: null,
    userCurrency: 'USD',
    hidePrice: false,
    noPrice: false,
    free: false,
    qtySessions: 1,
    ...over,
  };
}

/** A professional's public page with nothing optional filled in (a viewer in country 42). */
export function profileFixture(over: Partial<ProfessionalProfile> = {}): ProfessionalProfile {
  return {
    status: '200',
    profRef: 'profRef0001',
    profName: 'Lucía',
    profLastName: 'Fernández',
    profImg: null,
    profCountry: 5,
    businessName: null,
    userBio: null,
    nickname: null,
    logoSquare: null,
    logoRectangle: null,
    socialNetworks: {},
    certificate: null,
    ratingAverage: null,
    ratingCount: 0,
    questions: [],
    userCountry: 42,
    publications: [profileCardFixture()],
    ...over,
  };
}
