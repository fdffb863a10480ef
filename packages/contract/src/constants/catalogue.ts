/** Constants of the professional's catalogue (publications). spec 000 §3, §4, §9. */

// issue 13: the modality and language names live in modules of their own, so a public page that
// shows them does not bundle the therapy and symptom lists with them.
export * from './languages.ts';
export * from './modalities.ts';

/**
 * spec 000 §9: maxRes codes map to days: 1=30, 2=60, 3=90, 4=120, 5=150, 6=180, 7=365,
 * 8=730, 9=7, 10=14. It is how far ahead a client may book.
 */
export const maxResDays: Readonly<Record<number, number>> = {
  1: 30,
  2: 60,
  3: 90,
  4: 120,
  5: 150,
  6: 180,
  7: 365,
  8: 730,
  9: 7,
  10: 14,
};
export const maxResCodes = [9, 10, 1, 2, 3, 4, 5, 6, 7, 8] as const;
/** Days a client may book ahead for a maxRes code; unknown codes get the shortest common window (30). */
export function daysForMaxRes(code: number): number {
  return maxResDays[code] ?? 30;
}
export const defaultMaxRes = 2;

/** How the professional offers times (typeTurn). */
export const typeTurns = [
  { id: 1, name: 'Calendario semanal', en: 'Weekly calendar' },
  { id: 2, name: 'Fechas específicas', en: 'Specific dates' },
] as const;
export const typeTurnIds = { weekly: 1, dated: 2 } as const;

/**
 * spec 000 §3: the video-call platform is the product's own platform, a meeting service, a
 * conferencing service, a messaging app, or Otra. spec 000 §4: it falls back to the own
 * platform when the external service is not connected.
 */
export const videoCallPlatforms = [
  { id: 1, name: 'Sala de videollamada de Agendo', en: 'Agendo video room', needsLink: false },
  { id: 2, name: 'Google Meet', en: 'Google Meet', needsLink: false },
  { id: 3, name: 'Zoom', en: 'Zoom', needsLink: false },
  { id: 4, name: 'WhatsApp', en: 'WhatsApp', needsLink: false },
  // A platform we know nothing about only works with the link the professional gives.
  { id: 5, name: 'Otra', en: 'Other', needsLink: true },
] as const;
export const videoCallPlatformIds = { own: 1, meet: 2, zoom: 3, messaging: 4, other: 5 } as const;

export function videoCallPlatformName(id: number | null, lang: 'es' | 'en' = 'es'): string {
  const found = videoCallPlatforms.find((p) => p.id === id);
  if (!found) return '';
  return lang === 'es' ? found.name : found.en;
}

/** Therapies and health services a publication is filed under (search «terapias»). */
export const therapies = [
  { id: 1, name: 'Psicología' },
  { id: 2, name: 'Psicoanálisis' },
  { id: 3, name: 'Terapia cognitivo-conductual' },
  { id: 4, name: 'Terapia de pareja' },
  { id: 5, name: 'Terapia familiar' },
  { id: 6, name: 'Psiquiatría' },
  { id: 7, name: 'Psicopedagogía' },
  { id: 8, name: 'Fonoaudiología' },
  { id: 9, name: 'Nutrición' },
  { id: 10, name: 'Kinesiología' },
  { id: 11, name: 'Fisioterapia' },
  { id: 12, name: 'Osteopatía' },
  { id: 13, name: 'Terapia ocupacional' },
  { id: 14, name: 'Acupuntura' },
  { id: 15, name: 'Medicina general' },
  { id: 16, name: 'Yoga' },
  { id: 17, name: 'Meditación y mindfulness' },
  { id: 18, name: 'Reiki' },
  { id: 19, name: 'Coaching' },
  { id: 20, name: 'Constelaciones familiares' },
  { id: 21, name: 'Masajes terapéuticos' },
  { id: 22, name: 'Reflexología' },
  { id: 23, name: 'Flores de Bach' },
  { id: 24, name: 'Homeopatía' },
  { id: 25, name: 'Musicoterapia' },
  { id: 26, name: 'Arteterapia' },
  { id: 27, name: 'Sexología' },
  { id: 28, name: 'Entrenamiento personal' },
  { id: 99, name: 'Otra' },
] as const;
/** "Otra": the professional names the therapy in therapyOther. */
export const otherTherapyId = 99;

export function therapyName(id: number): string {
  return therapies.find((t) => t.id === id)?.name ?? '';
}
export function isTherapyId(id: number): boolean {
  return therapies.some((t) => t.id === id);
}

/** Symptoms and reasons for consulting a publication can list (search «sintomas»). */
export const symptoms = [
  { id: 1, name: 'Ansiedad' },
  { id: 2, name: 'Estrés' },
  { id: 3, name: 'Depresión' },
  { id: 4, name: 'Insomnio' },
  { id: 5, name: 'Dolor de espalda' },
  { id: 6, name: 'Dolor de cabeza' },
  { id: 7, name: 'Ataques de pánico' },
  { id: 8, name: 'Duelo' },
  { id: 9, name: 'Problemas de pareja' },
  { id: 10, name: 'Conflictos familiares' },
  { id: 11, name: 'Baja autoestima' },
  { id: 12, name: 'Trastornos alimentarios' },
  { id: 13, name: 'Sobrepeso' },
  { id: 14, name: 'Adicciones' },
  { id: 15, name: 'Fobias' },
  { id: 16, name: 'Trastorno obsesivo-compulsivo' },
  { id: 17, name: 'Déficit de atención' },
  { id: 18, name: 'Dificultades de aprendizaje' },
  { id: 19, name: 'Trastornos del habla' },
  { id: 20, name: 'Lesiones deportivas' },
  { id: 21, name: 'Dolor articular' },
  { id: 22, name: 'Contracturas musculares' },
  { id: 23, name: 'Fatiga crónica' },
  { id: 24, name: 'Problemas digestivos' },
  { id: 25, name: 'Estrés laboral' },
  { id: 26, name: 'Orientación vocacional' },
  { id: 27, name: 'Embarazo y posparto' },
] as const;
export const maxSymptomsPerPublication = 10;

export function symptomName(id: number): string {
  return symptoms.find((s) => s.id === id)?.name ?? '';
}
export function isSymptomId(id: number): boolean {
  return symptoms.some((s) => s.id === id);
}

/** Bounds the editor and the server share. */
export const publicationLimits = {
  titleMin: 3,
  titleMax: 120,
  descriptionMin: 20,
  descriptionMax: 5000,
  therapyOtherMax: 80,
  addressMax: 200,
  durationMin: 15,
  durationMax: 600,
  durationStep: 5,
  qtySessionsMax: 50,
  groupCapacityMax: 100,
  /** Minimum advance notice (minutes) a booking needs; up to 30 days. */
  noticeMinMax: 43_200,
  defaultNoticeMin: 60,
  /** The largest price we accept in any currency (major units). */
  priceMax: 100_000_000,
  maxImages: 6,
  maxImageBytes: 5_000_000,
  imageMimeTypes: ['image/jpeg', 'image/png', 'image/webp'],
} as const;
