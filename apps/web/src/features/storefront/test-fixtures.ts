import type { OutputOf, Publication, Turn } from '@agendo/contract';

/** A publication as get-publish answers it, for component tests. */
export function publicationFixture(overrides: Partial<Publication> = {}): Publication {
  return {
    ref: 'pubRef0001',
    admin: false,
    title: 'Sesión de psicología online',
    therapyId: 1,
    therapy: 'Psicología',
    therapyOther: null,
    description: 'Un espacio de escucha para trabajar la ansiedad.',
    symptoms: [{ id: 1, name: 'Ansiedad' }],
    modalityId: 1,
    modality: 'Online',
    address: null,
    countryId: 5,
    stateId: null,
    cityId: null,
    duration: 60,
    maxRes: 2,
    days: 60,
    typeTurn: 1,
    qtySessions: 1,
    groupCapacity: 1,
    noticeMin: 60,
    profCurrency: 'ARS',
    realPriceLocal: 20000,
    realPriceInter: 25,
    promo: 0,
    promoPriceLocal: null,
    promoPriceInter: null,
    promoStartDate: null,
    promoFinishDate: null,
    promoActive: false,
    promoEndsAt: null,
    praConsulta: 0,
    firstPriceLocal: null,
    firstPriceInter: null,
    hidePrice: 0,
    noPrice: 0,
    free: 0,
    payCash: 0,
    payCard: 1,
    payCashLimit: 0,
    payAfter: 0,
    langEs: 1,
    langEn: 0,
    langPo: 0,
    langFr: 0,
    langIt: 0,
    langAl: 0,
    imagesBig: [],
    video: null,
    platformVideoCall: 1,
    platformVideoCallName: 'Sala de videollamada de Agendo',
    isAgendo: 1,
    linkVideoCall: null,
    passVideoCall: null,
    roomIdLink: null,
    paused: 0,
    profRef: 'profRef0001',
    profName: 'Lucía',
    profLastName: 'Fernández',
    profImg: null,
    profCountry: 5,
    profTimeZone: 'America/Argentina/Buenos_Aires',
    userCountry: 5,
    userCurrency: 'ARS',
    userPrice: 20000,
    userOldPrice: null,
    international: false,
    priceState: 'price',
    fistPrice: null,
    promoPrice: null,
    createdAt: '2026-11-01T12:00:00.000Z',
    updatedAt: '2026-11-01T12:00:00.000Z',
    ...overrides,
  };
}

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
