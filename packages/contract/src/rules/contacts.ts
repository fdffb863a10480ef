import { contactAdultAge, disposableEmailDomains } from '../constants/contacts.ts';
import { countryIds } from '../constants/countries.ts';

export interface CalendarDate {
  year: number;
  month: number;
  day: number;
}

/**
 * spec 001 §5 and §8: E16 birth date required, E17 not a real date, E18 not possible (before
 * 1900 or after today), E19 'El consultante debe ser mayor de edad.'. `today` is the calendar
 * date where the check runs (the server's clock).
 */
export function birthDateProblem(
  birth: Partial<CalendarDate>,
  today: CalendarDate,
): 'E16' | 'E17' | 'E18' | 'E19' | null {
  const { year, month, day } = birth;
  if (year === undefined || month === undefined || day === undefined) return 'E16';
  if (![year, month, day].every(Number.isInteger)) return 'E17';
  if (month < 1 || month > 12 || day < 1 || day > 31) return 'E17';
  const probe = new Date(Date.UTC(2000, month - 1, day));
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (probe.getUTCMonth() !== month - 1 || day > daysInMonth) return 'E17';
  const asNumber = (d: CalendarDate) => d.year * 10_000 + d.month * 100 + d.day;
  const birthNumber = asNumber({ year, month, day });
  if (year < 1900 || birthNumber > asNumber(today)) return 'E18';
  const adultFrom = asNumber({ ...today, year: today.year - contactAdultAge });
  if (birthNumber > adultFrom) return 'E19';
  return null;
}

/** spec 001 §2.2: insurance fields exist only when both the professional's and the contact's country is 5. */
export function insuranceApplies(
  professionalCountry: number | null | undefined,
  contactCountry: number | null | undefined,
) {
  return professionalCountry === countryIds.AR && contactCountry === countryIds.AR;
}

/** spec 001 §8 E4: an address on a disposable-mail domain (or a subdomain of one). */
export function isDisposableEmail(email: string): boolean {
  const domain = email.trim().toLowerCase().split('@').pop() ?? '';
  return disposableEmailDomains.some((d) => domain === d || domain.endsWith(`.${d}`));
}
