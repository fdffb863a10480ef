import type { Generated } from 'kysely';

/** Tables of the availability slice (and the bookings table the bookings slice extends). */
export interface AvailabilityTables {
  turn_rules: TurnRulesTable;
  dated_turns: DatedTurnsTable;
  blocked_days: BlockedDaysTable;
  bookings: BookingsTable;
}

/** One weekly range of a weekly-calendar publication, wall-clock times of the professional's zone. */
export interface TurnRulesTable {
  id: Generated<number>;
  publication_id: number;
  /** ISO weekday: 1 Monday … 7 Sunday. */
  weekday: number;
  /** 'HH:mm'. */
  start_time: string;
  /** 'HH:mm', or '24:00' for the following midnight. */
  end_time: string;
  created_at: string;
}

/** One dated turn of a dated-list publication: a day and hour of the professional's zone. */
export interface DatedTurnsTable {
  id: Generated<number>;
  ref: string;
  publication_id: number;
  /** 'YYYY-MM-DD'. */
  date: string;
  /** 'HH:mm'. */
  start_time: string;
  created_at: string;
}

/** A whole day or an inclusive range of days of the professional's calendar, for all publications. */
export interface BlockedDaysTable {
  id: Generated<number>;
  ref: string;
  user_id: number;
  /** 'YYYY-MM-DD', inclusive. */
  from_date: string;
  /** 'YYYY-MM-DD', inclusive. */
  to_date: string;
  reason: string | null;
  created_at: string;
}

export type BookingState = 'held' | 'pending' | 'confirmed' | 'done' | 'cancelled';

/**
 * A booked (or held) interval of a professional's time. Created here so availability can
 * subtract it; the bookings slice adds its own columns in a later migration.
 */
export interface BookingsTable {
  id: Generated<number>;
  ref: string;
  publication_id: number;
  professional_id: number;
  client_id: number | null;
  contact_id: number | null;
  /** UTC ISO-8601. */
  starts_at: string;
  ends_at: string;
  state: BookingState;
  /** A 'held' booking counts only while this instant is in the future. */
  hold_expires_at: string | null;
  seats: Generated<number>;
  created_at: string;
  updated_at: string;
}
