import type { Generated, Insertable, Selectable, Updateable } from 'kysely';

/**
 * A professional's publication (spec 000 §3 "Publication"). Money in minor units of
 * `currency` (the professional's) and of USD for the *_usd columns (international buyers,
 * spec 000 §9); dates YYYY-MM-DD; instants ISO-8601 UTC; flags 0/1.
 */
export interface PublicationsTable {
  id: Generated<number>;
  ref: string;
  /** The professional (users.id). */
  user_id: number;
  title: string;
  therapy_id: number;
  therapy_other: string | null;
  description: string;
  /** 1 online, 2 in person, 3 both. */
  modality_id: number;
  address: string | null;
  /** The professional's country when saved (search filters on it); state and city of the in-person place. */
  country_id: number;
  state_id: number | null;
  city_id: number | null;
  duration_min: number;
  currency: string;
  price: number;
  price_usd: number;
  promo: number;
  promo_price: number | null;
  promo_price_usd: number | null;
  promo_start: string | null;
  promo_finish: string | null;
  first_consult: number;
  first_price: number | null;
  first_price_usd: number | null;
  hide_price: number;
  no_price: number;
  free: number;
  pay_cash: number;
  pay_card: number;
  pay_cash_limit: number;
  pay_after: number;
  qty_sessions: number;
  max_res: number;
  type_turn: number;
  /** Seats per turn; 1 = individual. */
  group_capacity: number;
  /** Minimum advance notice of a booking, in minutes. */
  notice_min: number;
  lang_es: number;
  lang_en: number;
  lang_po: number;
  lang_fr: number;
  lang_it: number;
  lang_al: number;
  video: string | null;
  platform_video_call: number | null;
  link_video_call: string | null;
  pass_video_call: string | null;
  room_id_link: string | null;
  paused: number;
  /** 1 when the free plan paused it (migration 0026); an upgrade resumes only these. */
  plan_paused: Generated<number>;
  deleted_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface PublicationSymptomsTable {
  publication_id: number;
  symptom_id: number;
}

export interface PublicationImagesTable {
  id: Generated<number>;
  ref: string;
  publication_id: number;
  /** Public path served by the storage provider (/files/publications/…). */
  path: string;
  /** 0 is the cover. */
  position: number;
  created_at: string;
}

/** Tables of the catalogue slice. */
export interface CatalogueTables {
  publications: PublicationsTable;
  publication_symptoms: PublicationSymptomsTable;
  publication_images: PublicationImagesTable;
}

export type PublicationRow = Selectable<PublicationsTable>;
export type NewPublication = Insertable<PublicationsTable>;
export type PublicationChanges = Updateable<PublicationsTable>;
