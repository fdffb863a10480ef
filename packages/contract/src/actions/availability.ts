import { z } from 'zod';
import { action, ok } from '../action.ts';
import { findTurnsErrors } from '../constants/availability.ts';
import {
  BlockedDay,
  DatedTurn,
  IsoDate,
  TimeOfDay,
  Turn,
  TurnDay,
  WeeklyRange,
  weeklyRangeIssues,
} from '../shapes/availability.ts';
import { numeric, Ref, TimeZone } from './fields.ts';

const publicationNotFound = { E7: findTurnsErrors.E7 };

/**
 * spec 000 §2.7, §7, §8: the free turns of a publication.
 *
 * - `from` is a calendar date of the PROFESSIONAL's time zone (turns are generated per day of the
 *   professional's calendar). Omitted: today there. The answer echoes the window actually used in
 *   `from`, and the picker sends it back with `move` 1 / -1 for the next / previous 5-day window
 *   (`move` 0 or omitted: the window starting at `from`).
 * - Paging before today answers E3 'Fechas no disponibles.'; paging past now + maxRes answers
 *   E4 'Próximas fechas no disponibles.' (the picker shows them as info toasts and keeps its
 *   window). `hasPrevious` / `hasNext` let it disable the buttons before that happens.
 * - `unavailable: 'Sin horarios disponibles'` (spec 000 §4) when the professional is blocked or has
 *   no card and a plan below 4, or the publication is paused: no turns then.
 * - typeTurn 1 (weekly calendar): `days` holds the 5 days of the window, each with its turns.
 *   typeTurn 2 (dated list): `days` is empty and `turns` is the whole sorted list of future dated
 *   turns within maxRes; `from`, `to` and the paging flags describe that whole range.
 *   Each turn travels once: in `days` for typeTurn 1 (`turns` is then empty), in `turns` for 2.
 * - qtySessions above 1: the turns are for the FIRST session only (`onlyFirstSession: true`;
 *   spec 000 §4: later sessions are chosen after the first is held).
 * - `userTime` is the viewer's IANA zone: every turn also carries its date and hour there
 *   (`dateClient`, `hStartClient`…) and the instant `startsAt` (UTC ISO) that booking takes.
 */
export const findTurns = action('find-turns', {
  input: z.object({
    ref: Ref,
    from: IsoDate.optional(),
    move: numeric(z.union([z.literal(0), z.literal(1), z.literal(-1)], { error: 'E1' })).optional(),
    userTime: TimeZone.optional(),
  }),
  output: ok({
    ref: z.string(),
    typeTurn: z.union([z.literal(1), z.literal(2)]),
    /** The professional's IANA zone. */
    timezone: z.string(),
    /** The viewer's IANA zone the `…Client` fields are in. */
    userTime: z.string(),
    duration: z.number().int(),
    qtySessions: z.number().int(),
    onlyFirstSession: z.boolean(),
    /** 1 = individual; above 1, each turn says how many seats are left. */
    groupCapacity: z.number().int(),
    unavailable: z.literal('Sin horarios disponibles').nullable(),
    /** First and last day (inclusive) of the answer, in the professional's zone. */
    from: z.string(),
    to: z.string(),
    hasPrevious: z.boolean(),
    hasNext: z.boolean(),
    /** Last day that can hold a turn (now + maxRes days), professional's zone. */
    maxDate: z.string(),
    days: z.array(TurnDay),
    turns: z.array(Turn),
  }),
  errors: findTurnsErrors,
});

const rangeErrors = {
  E2: { es: 'El día seleccionado no es válido.', en: 'The chosen day is not valid.', field: 'rules' },
  E3: { es: 'La hora ingresada no es válida.', en: 'The time entered is not valid.', field: 'rules' },
  E4: {
    es: 'La hora de fin debe ser posterior a la hora de inicio.',
    en: 'The end time must be after the start time.',
    field: 'rules',
  },
  E5: {
    es: 'Los horarios de un mismo día no pueden superponerse.',
    en: 'The time ranges of a day cannot overlap.',
    field: 'rules',
  },
  E6: {
    es: 'Cada horario debe durar al menos lo que dura la sesión.',
    en: 'Each range must last at least one session.',
    field: 'rules',
  },
};

/** What both turn editors (weekly rules, dated turns) show above their list. */
const turnsEditorHeader = {
  ref: z.string(),
  title: z.string(),
  timezone: z.string(),
  duration: z.number().int(),
  typeTurn: z.number().int(),
};

/** Weekly rules of a weekly-calendar publication, in the professional's time zone. */
export const findTurnsRecurrent = action('find-turns-recurrent', {
  input: z.object({ ref: Ref }),
  output: ok({
    ...turnsEditorHeader,
    rules: z.array(WeeklyRange),
  }),
  errors: publicationNotFound,
});

/**
 * Replaces the weekly rules of a publication. weekday is ISO (1 Monday … 7 Sunday); times are
 * 'HH:mm' wall-clock times of the professional's zone; `end` may be '24:00' (midnight).
 */
export const saveTurnsRecurrent = action('save-turns-recurrent', {
  input: z.object({
    ref: Ref,
    rules: z.array(WeeklyRange, { error: 'E1' }).max(70, 'E1').superRefine(weeklyRangeIssues),
  }),
  output: ok({ rules: z.array(WeeklyRange) }),
  errors: { ...publicationNotFound, ...rangeErrors },
});

/** Future dated turns of a dated-list publication, sorted. */
export const findDatedTurns = action('find-dated-turns', {
  input: z.object({ ref: Ref }),
  output: ok({
    ...turnsEditorHeader,
    turns: z.array(DatedTurn),
  }),
  errors: publicationNotFound,
});

/**
 * Replaces the future dated turns of a publication with `turns` (dates and hours of the
 * professional's zone). Past turns are kept as they were.
 */
export const saveTurns = action('save-turns', {
  input: z.object({
    ref: Ref,
    turns: z
      .array(z.object({ date: IsoDate, hStart: TimeOfDay }), { error: 'E1' })
      .max(500, 'E1')
      .superRefine((turns, ctx) => {
        const seen = new Set<string>();
        for (const [i, t] of turns.entries()) {
          const key = `${t.date} ${t.hStart}`;
          if (seen.has(key)) ctx.addIssue({ code: 'custom', message: 'E9', path: [i] });
          seen.add(key);
        }
      }),
  }),
  output: ok({ turns: z.array(DatedTurn) }),
  errors: {
    ...publicationNotFound,
    E2: { es: 'La fecha ingresada no es válida.', en: 'The date is not valid.', field: 'turns' },
    E3: { es: 'La hora ingresada no es válida.', en: 'The time entered is not valid.', field: 'turns' },
    E5: {
      es: 'Los horarios no pueden superponerse.',
      en: 'The turns cannot overlap.',
      field: 'turns',
    },
    E8: { es: 'No puedes agregar fechas pasadas.', en: 'Past dates cannot be added.', field: 'turns' },
    E9: { es: 'Ese horario ya está en la lista.', en: 'That turn is already listed.', field: 'turns' },
  },
});

/** The professional's own blocked days still in force (today or later), sorted. */
export const findBlockedDays = action('find-blocked-days', {
  input: z.object({}),
  output: ok({ timezone: z.string(), blocks: z.array(BlockedDay) }),
});

/**
 * Replaces the professional's blocked days that are still in force with `blocks` (whole days
 * or inclusive ranges of the professional's calendar; they apply to all publications).
 */
export const saveBlockedDays = action('save-blocked-days', {
  input: z.object({
    blocks: z
      .array(
        z.object({
          from: IsoDate,
          to: IsoDate,
          reason: z.string({ error: 'E6' }).trim().max(200, 'E6').optional(),
        }),
        { error: 'E1' },
      )
      .max(200, 'E1')
      .superRefine((blocks, ctx) => {
        for (const [i, b] of blocks.entries()) {
          if (b.to < b.from) ctx.addIssue({ code: 'custom', message: 'E4', path: [i] });
        }
        const sorted = blocks.filter((b) => b.to >= b.from).sort((a, b) => a.from.localeCompare(b.from));
        for (let i = 1; i < sorted.length; i++) {
          const prev = sorted[i - 1];
          const cur = sorted[i];
          if (prev && cur && cur.from <= prev.to) ctx.addIssue({ code: 'custom', message: 'E5', path: [i] });
        }
      }),
  }),
  output: ok({ blocks: z.array(BlockedDay) }),
  errors: {
    E2: { es: 'La fecha ingresada no es válida.', en: 'The date is not valid.', field: 'blocks' },
    E4: {
      es: 'La fecha de fin debe ser igual o posterior a la de inicio.',
      en: 'The end date must be on or after the start date.',
      field: 'blocks',
    },
    E5: {
      es: 'Los días bloqueados no pueden superponerse.',
      en: 'Blocked ranges cannot overlap.',
      field: 'blocks',
    },
    E6: {
      es: 'El motivo puede tener hasta 200 caracteres.',
      en: 'The reason can have up to 200 characters.',
      field: 'blocks',
    },
    E8: {
      es: 'No puedes bloquear fechas pasadas.',
      en: 'Past dates cannot be blocked.',
      field: 'blocks',
    },
  },
});
