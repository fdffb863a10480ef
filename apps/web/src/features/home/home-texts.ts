import { defineTexts } from '../../i18n/use-texts.ts';

// Apart from the shell's dictionary (i18n/es.ts), which every page's first load carries: only the
// page that shows these texts loads them (issue 13).
export const homeTexts = defineTexts(
  {
    'home.title': 'Encuentra a tu profesional y reserva en minutos',
    'home.subtitle':
      'Terapeutas, profesionales de la salud y creadores de cursos con agenda online, pagos seguros y clases en vivo.',
    'home.searchLabel': '¿Qué estás buscando?',
    'home.searchPlaceholder': 'Terapia, síntoma o profesional',
    'home.searchButton': 'Buscar',
    'home.pro': 'Soy profesional',
    'home.client': 'Busco un profesional',
    'home.account': 'Ir a mi cuenta',
    'home.featuresTitle': 'Todo en un solo lugar',
    'home.feature1Title': 'Reserva cuando quieras',
    'home.feature1Text': 'Elige el día y el horario que mejor te quedan, desde tu teléfono.',
    'home.feature2Title': 'Paga de forma segura',
    'home.feature2Text': 'Paga en tu moneda y recibe tu comprobante al instante.',
    'home.feature3Title': 'Aprende a tu ritmo',
    'home.feature3Text': 'Talleres y cursos en vivo o grabados de profesionales que ya conoces.',
    'home.proTitle': '¿Eres profesional?',
    'home.proText':
      'Publica tus servicios, organiza tu agenda y cobra en línea. Tus clientes reservan solos.',
    'home.proCta': 'Crear mi cuenta profesional',
  },
  {
    'home.title': 'Find your professional and book in minutes',
    'home.subtitle':
      'Therapists, health professionals and course creators with online booking, secure payments and live classes.',
    'home.searchLabel': 'What are you looking for?',
    'home.searchPlaceholder': 'Therapy, symptom or professional',
    'home.searchButton': 'Search',
    'home.pro': 'I am a professional',
    'home.client': 'I am looking for a professional',
    'home.account': 'Go to my account',
    'home.featuresTitle': 'Everything in one place',
    'home.feature1Title': 'Book whenever you want',
    'home.feature1Text': 'Pick the day and time that suit you, from your phone.',
    'home.feature2Title': 'Pay safely',
    'home.feature2Text': 'Pay in your currency and get your receipt right away.',
    'home.feature3Title': 'Learn at your pace',
    'home.feature3Text': 'Live or recorded workshops and courses from professionals you know.',
    'home.proTitle': 'Are you a professional?',
    'home.proText':
      'Publish your services, organise your calendar and get paid online. Clients book by themselves.',
    'home.proCta': 'Create my professional account',
  },
);
