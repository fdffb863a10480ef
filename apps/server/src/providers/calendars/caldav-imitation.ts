import { escapeHtml } from '../../lib/html.ts';
import {
  type ImitationAnswer,
  type ImitationRequest,
  type ImitationStore,
  overlapping,
} from './imitation-kit.ts';

/** A CalDAV server (RFC 4791): REPORT of a time range, PUT and DELETE of one event, Basic auth. */
export function caldavImitation(
  store: ImitationStore,
  request: ImitationRequest,
  rest: string[],
): ImitationAnswer {
  const { calendarOf, load, save } = store;
  const [user, calendarName, file] = rest;
  const header = request.headers.authorization;
  const [name = '', password = ''] =
    typeof header === 'string' && header.startsWith('Basic ')
      ? Buffer.from(header.slice(6), 'base64').toString().split(':')
      : [];
  const s = load();
  // The first password used for a user becomes theirs (an imitated server without sign-up).
  s.caldavPasswords[user ?? ''] ??= password;
  if (
    !user ||
    name !== user ||
    password === '' ||
    s.caldavPasswords[user] !== password ||
    calendarName !== 'calendar'
  ) {
    return { status: 401, headers: { 'www-authenticate': 'Basic realm="imitacion"' }, body: '' };
  }
  const events = calendarOf(`caldav:${user}`);
  if (request.method === 'REPORT' && !file) {
    const text = String(request.body ?? '');
    const range = /time-range[^>]*start="(\d{8}T\d{6}Z)"[^>]*end="(\d{8}T\d{6}Z)"/.exec(text);
    const iso = (v: string) =>
      `${v.slice(0, 4)}-${v.slice(4, 6)}-${v.slice(6, 11)}:${v.slice(11, 13)}:${v.slice(13, 15)}Z`;
    const found = range ? overlapping(events, iso(range[1] ?? ''), iso(range[2] ?? '')) : events;
    const stamp = (i: string) =>
      new Date(i)
        .toISOString()
        .replace(/[-:]/g, '')
        .replace(/\.\d{3}/, '');
    const responses = found
      .map(
        (e) =>
          `<D:response><D:href>/imitation/caldav/${user}/calendar/${e.id}.ics</D:href><D:propstat><D:prop><C:calendar-data>BEGIN:VCALENDAR\r\nVERSION:2.0\r\nBEGIN:VEVENT\r\nUID:${e.id}\r\nDTSTART:${stamp(e.startsAt)}\r\nDTEND:${stamp(e.endsAt)}\r\nSUMMARY:${escapeHtml(e.summary)}\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n</C:calendar-data></D:prop><D:status>HTTP/1.1 200 OK</D:status></D:propstat></D:response>`,
      )
      .join('');
    return {
      status: 207,
      headers: { 'content-type': 'application/xml; charset=utf-8' },
      body: `<?xml version="1.0" encoding="utf-8"?><D:multistatus xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav">${responses}</D:multistatus>`,
    };
  }
  const id = file?.replace(/\.ics$/, '');
  if (request.method === 'PUT' && id) {
    const text = String(request.body ?? '').replace(/\r?\n[ \t]/g, '');
    const value = (name: string) =>
      new RegExp(`^${name}(?:;[^:]*)?:(.*)$`, 'm').exec(text)?.[1]?.trim() ?? '';
    const instant = (v: string) =>
      /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.test(v)
        ? `${v.slice(0, 4)}-${v.slice(4, 6)}-${v.slice(6, 8)}T${v.slice(9, 11)}:${v.slice(11, 13)}:${v.slice(13, 15)}Z`
        : '';
    const startsAt = instant(value('DTSTART')) && new Date(instant(value('DTSTART'))).toISOString();
    const endsAt = instant(value('DTEND')) && new Date(instant(value('DTEND'))).toISOString();
    if (!text.includes('BEGIN:VEVENT') || !startsAt || !endsAt)
      return { status: 415, body: 'not an iCalendar event' };
    const existing = events.findIndex((e) => e.id === id);
    if (existing >= 0) events.splice(existing, 1);
    events.push({ id, summary: value('SUMMARY'), startsAt, endsAt, source: 'agendo', meetLink: null });
    save();
    return { status: existing >= 0 ? 204 : 201, body: '' };
  }
  if (request.method === 'DELETE' && id) {
    const index = events.findIndex((e) => e.id === id);
    if (index < 0) return { status: 404, body: '' };
    events.splice(index, 1);
    save();
    return { status: 204, body: '' };
  }
  return { status: 405, body: '' };
}
