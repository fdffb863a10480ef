import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { bookingIcs, type IcsBooking } from './booking-ics.ts';

// Long Spanish names and a title with every character TEXT must escape (RFC 5545 §3.3.11).
const title = 'Psicoterapia cognitivo-conductual: ansiedad, pánico; fobias \\ y más\nSegunda línea';
const booking: IcsBooking = {
  ref: 'cita-abc123',
  title,
  startsAt: '2026-11-23T13:00:00.000Z',
  endsAt: '2026-11-23T14:00:00.000Z',
  state: 'confirmed',
  modalityChosen: 2,
  address: 'Av. Córdoba 1234, 5º piso; timbre "B"',
  proFirstName: 'María José Concepción',
  proLastName: 'Núñez Peñalosa de Güemes',
  proEmail: 'maria.nunez@example.com',
  proCountryId: 5,
  proLang: 'es',
  rescheduleCount: 2,
  clientFirstName: 'Íñigo Ángel',
  clientLastName: 'Ñúñez Échevarría Ibáñez',
  clientEmail: 'inigo@example.com',
  clientCountryId: 42,
  clientLang: 'es',
  contactFirstName: null,
  contactLastName: null,
  contactEmail: null,
  contactCountryId: null,
  contactDeletedAt: null,
};
const now = new Date('2026-11-22T12:00:00Z');
const ics = (b: IcsBooking, method?: 'REQUEST' | 'CANCEL', side: 'client' | 'professional' = 'client') =>
  bookingIcs([b], { publicUrl: 'https://agendo.test', side, now, ...(method ? { method } : {}) });

const unfold = (text: string) => text.replace(/\r\n[ \t]/g, '');

function eventOf(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  const event = calendar.getFirstSubcomponent('vevent');
  if (!event) throw new Error('no VEVENT');
  return { calendar, event };
}

describe('appointment .ics (RFC 5545, RFC 5546)', () => {
  it('folds every content line at 75 octets, never inside a character, and unfolding restores it', () => {
    for (const method of ['REQUEST', 'CANCEL'] as const) {
      const text = ics(booking, method);
      const lines = text.split('\r\n').filter((line) => line !== '');
      // CRLF line breaks only; a bare LF would start a line no parser reads.
      expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
      for (const line of lines) {
        expect(Buffer.byteLength(line, 'utf8'), line).toBeLessThanOrEqual(75);
        // A split multi-byte character leaves a lone surrogate or U+FFFD after a UTF-8 round trip.
        expect(Buffer.from(line, 'utf8').toString('utf8')).toBe(line);
      }
      expect(lines.some((line) => line.startsWith(' '))).toBe(true);
      const summary = unfold(text)
        .split('\r\n')
        .find((line) => line.startsWith('SUMMARY:'));
      expect(summary).toBe(
        'SUMMARY:Psicoterapia cognitivo-conductual: ansiedad\\, pánico\\; fobias \\\\ y más\\nSegunda línea · María José Concepción Núñez Peñalosa de Güemes',
      );
    }
  });

  it('is a valid calendar whose text values read back exactly', () => {
    const { event } = eventOf(ics(booking, 'REQUEST'));
    expect(event.getFirstPropertyValue('summary')).toBe(
      `${title} · María José Concepción Núñez Peñalosa de Güemes`,
    );
    expect(event.getFirstPropertyValue('location')).toBe('Av. Córdoba 1234, 5º piso; timbre "B"');
    expect(event.getFirstPropertyValue('uid')).toBe('cita-abc123@agendo');
    expect(String(event.getFirstPropertyValue('dtstart'))).toBe('2026-11-23T13:00:00Z');
    expect(String(event.getFirstPropertyValue('dtstamp'))).toBe('2026-11-22T12:00:00Z');
  });

  it('an invitation names the professional as ORGANIZER and the client as ATTENDEE', () => {
    const { calendar, event } = eventOf(ics(booking, 'REQUEST'));
    expect(calendar.getFirstPropertyValue('method')).toBe('REQUEST');
    expect(event.getFirstPropertyValue('status')).toBe('CONFIRMED');
    const organizer = event.getFirstProperty('organizer');
    expect(String(organizer?.getFirstValue()).toLowerCase()).toBe('mailto:maria.nunez@example.com');
    expect(organizer?.getParameter('cn')).toBe('María José Concepción Núñez Peñalosa de Güemes');
    const attendees = event.getAllProperties('attendee');
    expect(attendees).toHaveLength(1);
    const [attendee] = attendees;
    expect(String(attendee?.getFirstValue()).toLowerCase()).toBe('mailto:inigo@example.com');
    expect(attendee?.getParameter('cn')).toBe('Íñigo Ángel Ñúñez Échevarría Ibáñez');
    expect(attendee?.getParameter('role')).toBe('REQ-PARTICIPANT');
    expect(attendee?.getParameter('partstat')).toBe('ACCEPTED');
    expect(attendee?.getParameter('rsvp')).toBe('FALSE');
  });

  it('a cancellation keeps the UID, raises the SEQUENCE and names organizer and attendee too', () => {
    const request = eventOf(ics(booking, 'REQUEST'));
    const cancel = eventOf(ics({ ...booking, state: 'cancelled' }, 'CANCEL'));
    expect(cancel.calendar.getFirstPropertyValue('method')).toBe('CANCEL');
    expect(cancel.event.getFirstPropertyValue('status')).toBe('CANCELLED');
    expect(cancel.event.getFirstPropertyValue('uid')).toBe(request.event.getFirstPropertyValue('uid'));
    expect(Number(cancel.event.getFirstPropertyValue('sequence'))).toBeGreaterThan(
      Number(request.event.getFirstPropertyValue('sequence')),
    );
    expect(String(cancel.event.getFirstPropertyValue('organizer')).toLowerCase()).toBe(
      'mailto:maria.nunez@example.com',
    );
    expect(String(cancel.event.getFirstPropertyValue('attendee')).toLowerCase()).toBe(
      'mailto:inigo@example.com',
    );
  });

  it("invites a client without an account at their contact card's address", () => {
    const contactOnly: IcsBooking = {
      ...booking,
      clientFirstName: null,
      clientLastName: null,
      clientEmail: null,
      clientCountryId: null,
      clientLang: null,
      contactFirstName: 'Rocío',
      contactLastName: 'Ibáñez',
      contactEmail: 'rocio@example.com',
      contactCountryId: 81,
    };
    const { event } = eventOf(ics(contactOnly, 'REQUEST', 'professional'));
    expect(String(event.getFirstPropertyValue('attendee')).toLowerCase()).toBe('mailto:rocio@example.com');
    expect(event.getFirstProperty('attendee')?.getParameter('cn')).toBe('Rocío Ibáñez');
  });

  it("links each side's copy to its own route in the reader's country and language", () => {
    const client = eventOf(ics(booking, 'REQUEST', 'client')).event;
    expect(client.getFirstPropertyValue('url')).toBe('https://agendo.test/mx/es/my-bookings/cita-abc123');
    const pro = eventOf(ics({ ...booking, proLang: 'en' }, 'REQUEST', 'professional')).event;
    expect(pro.getFirstPropertyValue('url')).toBe('https://agendo.test/ar/en/bookings/cita-abc123');
  });

  it('the subscribed feed is a published calendar: no METHOD and no addresses', () => {
    const text = ics(booking);
    const { calendar, event } = eventOf(text);
    expect(calendar.getFirstPropertyValue('method')).toBeNull();
    expect(event.getFirstProperty('organizer')).toBeNull();
    expect(event.getFirstProperty('attendee')).toBeNull();
    expect(text).not.toContain('inigo@example.com');
  });
});
