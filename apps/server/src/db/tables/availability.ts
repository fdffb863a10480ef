import type { Generated } from 'kysely';
import type { BookingsTable } from './bookings.ts';

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
