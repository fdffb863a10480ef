import { countryIds } from '@agendo/contract';

type Rule = { weekday: number; start: string; end: string };
type Lang = 'es' | 'en' | 'po' | 'fr' | 'it' | 'al';

/** A consulting room; state and city are looked up by name in the reference data. */
export interface DemoOffice {
  address: string;
  state: string;
  city?: string;
}

export interface DemoPublication {
  title: string;
  therapyId: number;
  symptoms: number[];
  description: string;
  /** 2 in person and 3 either way take place at the professional's office, where cash is accepted too. */
  modalityId: 1 | 2 | 3;
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
  /** spec 000 §4 manual price confirmation: the professional sets the price after the booking. */
  hidePrice?: boolean;
  /** The video platform of an online one (videoCallPlatformIds); the own room when absent. */
  platform?: 2 | 3;
}

export interface DemoProfessional {
  email: string;
  firstName: string;
  lastName: string;
  countryId: number;
  timeZone: string;
  phone: string;
  /** 1 Hombre, 2 Mujer, 3 Transgenero. */
  gender: number;
  office?: DemoOffice;
  publications: DemoPublication[];
}

const fold = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/** A demo professional's account: the e-mail is the name's (maría.lópez → maria.lopez@agendo.test). */
function who(name: string, gender: 1 | 2 | 3, countryId: number, timeZone: string, phone: string) {
  const [firstName = '', lastName = ''] = name.split(' ');
  const email = `${fold(firstName)}.${fold(lastName)}@agendo.test`;
  return { email, firstName, lastName, countryId, timeZone, phone, gender };
}

export const weekdays = (days: number[], start: string, end: string): Rule[] =>
  days.map((weekday) => ({ weekday, start, end }));
const monToFri = [1, 2, 3, 4, 5];

const about = (text: string) =>
  `${text} Primera entrevista para conocer tu situación y acordar objetivos; luego sesiones de seguimiento.`;

export const demoProfessionalOffice: DemoOffice = {
  address: 'Av. Santa Fe 2450, consultorio 3',
  state: 'Ciudad Autónoma de Buenos Aires',
};

/** The demo professional of seed.ts (Argentina): one publication of each kind. */
export const demoProfessionalPublications: DemoPublication[] = [
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
    duration: 45,
    price: 18000,
    usd: 22,
    rules: weekdays([1, 3, 5], '08:00', '12:00'),
    langs: ['es'],
  },
  {
    title: 'Terapia de pareja online o presencial',
    therapyId: 4,
    symptoms: [9, 10],
    description: about('Un espacio para mejorar la comunicación y atravesar crisis de pareja.'),
    modalityId: 3,
    duration: 60,
    price: 35000,
    usd: 40,
    rules: weekdays([2, 4], '17:00', '21:00'),
    langs: ['es'],
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
export const otherProfessionals: DemoProfessional[] = [
  {
    ...who('Diego Ramírez', 1, countryIds.MX, 'America/Mexico_City', '+525555550101'),
    office: { address: 'Av. Álvaro Obregón 120, Roma Norte', state: 'Ciudad de México' },
    publications: [
      {
        title: 'Yoga terapéutico para la espalda',
        therapyId: 16,
        symptoms: [5, 22, 2],
        description: about(
          'Secuencias de yoga adaptadas para aliviar el dolor de espalda y las contracturas.',
        ),
        modalityId: 3,
        duration: 60,
        price: 550,
        usd: 30,
        rules: weekdays([1, 3, 5], '07:00', '11:00'),
        langs: ['es', 'en'],
      },
    ],
  },
  {
    ...who('Camila Soto', 2, countryIds.CL, 'America/Santiago', '+56955550101'),
    office: {
      address: 'Av. Providencia 1650, oficina 402',
      state: 'Región Metropolitana de Santiago',
      city: 'Santiago',
    },
    publications: [
      {
        title: 'Fonoaudiología infantil',
        therapyId: 8,
        symptoms: [19, 18],
        description: about('Evaluación y tratamiento de dificultades del habla y el lenguaje en niños.'),
        modalityId: 2,
        duration: 45,
        price: 35000,
        usd: 37,
        rules: weekdays(monToFri, '15:00', '19:00'),
        langs: ['es'],
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
    ...who('Andrés Gómez', 1, countryIds.CO, 'America/Bogota', '+573005550101'),
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
    ...who('María López', 2, countryIds.ES, 'Europe/Madrid', '+34655550101'),
    office: { address: 'Calle de Alcalá 85', state: 'Madrid', city: 'Madrid' },
    publications: [
      {
        title: 'Osteopatía en Madrid',
        therapyId: 12,
        symptoms: [5, 6, 22],
        description: about('Tratamiento osteopático para dolor de espalda, cabeza y contracturas.'),
        modalityId: 2,
        duration: 50,
        price: 55,
        usd: 64,
        rules: weekdays([1, 2, 3, 4], '09:00', '14:00'),
        langs: ['es', 'fr'],
      },
      {
        title: 'Acupuntura para el insomnio',
        therapyId: 14,
        symptoms: [4, 1],
        description: about('Sesiones de acupuntura para recuperar el descanso.'),
        modalityId: 2,
        duration: 40,
        price: 45,
        usd: 52,
        rules: weekdays([5], '09:00', '14:00'),
        langs: ['es', 'it'],
      },
    ],
  },
  {
    ...who('Valentina Torres', 2, countryIds.US, 'America/New_York', '+12125550101'),
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
    ...who('Sofía Pereira', 2, countryIds.UY, 'America/Montevideo', '+59895550101'),
    office: { address: 'Bv. Artigas 1100', state: 'Montevideo', city: 'Montevideo' },
    publications: [
      {
        title: 'Terapia familiar',
        therapyId: 5,
        symptoms: [10, 8],
        description: about('Sesiones para familias que atraviesan conflictos, duelos o cambios.'),
        modalityId: 3,
        duration: 60,
        price: 1800,
        usd: 45,
        rules: weekdays([1, 3], '16:00', '20:00'),
        langs: ['es', 'po'],
      },
    ],
  },
  {
    ...who('Alex Quispe', 3, countryIds.PE, 'America/Lima', '+51955550101'),
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
    ...who('Lucas Oliveira', 1, countryIds.BR, 'America/Sao_Paulo', '+5511955550101'),
    office: { address: 'Rua Augusta 1500', state: 'São Paulo', city: 'São Paulo' },
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
        duration: 60,
        price: 220,
        usd: 41,
        rules: weekdays([6], '09:00', '15:00'),
        langs: ['po'],
      },
    ],
  },
];
