import { z } from 'zod';
import { action, ok } from '../action.ts';
import { CalendarProviderName } from '../constants/external-calendars.ts';

/**
 * Calendar and video linking (spec 000 §1, §2.2 change-calendar and connect-zoom, §7; issue 18,
 * ADR 018). Linking is the account holder's: a team member's session answers E20. A linked
 * calendar's busy times leave the booking picker and each new appointment is written to it; a
 * linked Zoom (or Google Calendar, for Meet) gives an online appointment its meeting link.
 */
const linkErrors = {
  E20: {
    es: 'Solo la persona titular de la cuenta puede vincular servicios externos.',
    en: 'Only the account holder can link outside services.',
  },
  E21: { es: 'Ese servicio no está disponible.', en: 'That service is not available.', field: 'provider' },
  E22: {
    es: 'No pudimos comunicarnos con el servicio. Intenta de nuevo en unos minutos.',
    en: 'We could not reach the service. Try again in a few minutes.',
  },
};

const caldavErrors = {
  ...linkErrors,
  E23: {
    es: 'Debes ingresar la dirección de tu calendario (https://…).',
    en: 'Enter your calendar address (https://…).',
    field: 'url',
  },
  E24: { es: 'Debes ingresar tu usuario.', en: 'Enter your user name.', field: 'username' },
  E25: { es: 'Debes ingresar tu contraseña.', en: 'Enter your password.', field: 'password' },
  E26: {
    es: 'El servidor rechazó el usuario o la contraseña, o la dirección no es un calendario.',
    en: 'The server refused the user name or password, or the address is not a calendar.',
    field: 'url',
  },
  /** Issue 28: the server would call the address, so one inside a private network is refused. */
  E27: {
    es: 'La dirección de tu calendario debe ser un servidor de internet (https://…); no se admiten direcciones locales ni de redes privadas.',
    en: 'Your calendar address must be a server on the internet (https://…); local and private network addresses are not allowed.',
    field: 'url',
  },
};

const Linked = {
  /** spec 000 §7: find-calendar and find-zoom-connect answer `connected`. */
  connected: z.union([z.literal(0), z.literal(1)]),
  provider: z.string().nullable(),
  /** The linked account as the professional knows it (its e-mail, or the CalDAV user and host). */
  account: z.string().nullable(),
  linkedAt: z.string().nullable(),
  /** Outside production only: the imitated calendar's own page (to add busy events in the demo). */
  imitationPage: z.string().nullable(),
};

/** find-calendar: whether an outside calendar is linked, and which ones can be. */
export const findCalendar = action('find-calendar', {
  input: z.object({}),
  output: ok({
    ...Linked,
    available: z.array(CalendarProviderName),
    /** Outside production: the address of the imitated CalDAV server for this account. */
    caldavHint: z.string().nullable(),
    /** Appointments whose writing to the calendar failed and is being retried. */
    pendingSync: z.number().int(),
  }),
  errors: linkErrors,
});

/** find-zoom-connect: whether Zoom is linked (Google Meet comes with a linked Google Calendar). */
export const findZoomConnect = action('find-zoom-connect', {
  input: z.object({}),
  output: ok({ ...Linked, available: z.boolean(), meetAvailable: z.boolean() }),
  errors: linkErrors,
});

/**
 * Starts an OAuth authorisation: the provider's consent page to send the browser to. The
 * provider sends it back to /calendar-link/callback/{provider}, which finishes the link.
 */
export const startCalendarLink = action('start-calendar-link', {
  input: z.object({ provider: z.enum(['google', 'outlook', 'zoom'], { error: 'E21' }) }),
  output: ok({ url: z.string() }),
  errors: linkErrors,
});

/** change-calendar with CalDAV: the calendar's address and the account's user and (app) password. */
export const saveCaldavCalendar = action('save-caldav-calendar', {
  input: z.object({
    url: z
      .string({ error: 'E23' })
      .trim()
      .max(500, 'E23')
      .refine((value) => {
        try {
          return ['https:', 'http:'].includes(new URL(value).protocol);
        } catch {
          return false;
        }
      }, 'E23'),
    username: z.string({ error: 'E24' }).trim().min(1, 'E24').max(200, 'E24'),
    password: z.string({ error: 'E25' }).min(1, 'E25').max(500, 'E25'),
  }),
  output: ok({ connected: z.literal(1), account: z.string() }),
  errors: caldavErrors,
});

/** Unlinks the calendar or Zoom; the appointments already written stay where they are. */
export const unlinkCalendar = action('unlink-calendar', {
  input: z.object({ kind: z.enum(['calendar', 'video'], { error: 'E21' }) }),
  output: ok({ connected: z.literal(0) }),
  errors: linkErrors,
});
