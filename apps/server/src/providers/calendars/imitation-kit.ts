import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { escapeHtml } from '../../lib/html.ts';

/**
 * What the calendar, Zoom and CalDAV imitations share (calendar-imitation.ts): their types, the
 * kept state and its store, and the helpers of their answers.
 */

export type ImitatedProvider = 'google' | 'outlook' | 'zoom';
export const imitatedOAuthProviders: readonly ImitatedProvider[] = ['google', 'outlook', 'zoom'];

export interface ImitatedEvent {
  id: string;
  summary: string;
  startsAt: string;
  endsAt: string;
  /** 'agendo': written by the app through the API; 'manual': added on the imitation's page. */
  source: 'agendo' | 'manual';
  meetLink: string | null;
}

export interface ImitatedMeeting {
  id: string;
  topic: string;
  startsAt: string;
  minutes: number;
  joinUrl: string;
  password: string;
}

export interface State {
  /** Calendars by `${provider}:${account}` (CalDAV: `caldav:${user}`). */
  calendars: Record<string, ImitatedEvent[]>;
  meetings: Record<string, ImitatedMeeting[]>;
  codes: Record<
    string,
    { provider: ImitatedProvider; account: string; redirectUri: string; expiresAt: number }
  >;
  tokens: Record<
    string,
    {
      provider: ImitatedProvider;
      account: string;
      kind: 'access' | 'refresh';
      expiresAt: number;
      /** The consent that issued it: revoking the refresh token ends every token of its grant. */
      grant?: string;
    }
  >;
  caldavPasswords: Record<string, string>;
}

export interface ImitationRequest {
  method: string;
  /** The path below /imitation (starting with /). */
  path: string;
  query: Record<string, string>;
  headers: Record<string, string | string[] | undefined>;
  /** JSON object, form fields, or raw text (XML, iCalendar). */
  body: unknown;
}

export interface ImitationAnswer {
  status: number;
  headers?: Record<string, string>;
  body: unknown;
}

export const names: Record<ImitatedProvider, string> = {
  google: 'Google',
  outlook: 'Microsoft',
  zoom: 'Zoom',
};
const colours: Record<ImitatedProvider, string> = { google: '#1a73e8', outlook: '#0f6cbd', zoom: '#0b5cff' };

export function page(provider: ImitatedProvider | 'caldav', title: string, body: string): ImitationAnswer {
  const colour = provider === 'caldav' ? '#334155' : colours[provider];
  const brand = provider === 'caldav' ? 'CalDAV' : names[provider];
  return {
    status: 200,
    headers: { 'content-type': 'text/html; charset=utf-8' },
    body: `<!doctype html>
<html lang="es"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · ${brand} (prueba)</title>
<style>
*{box-sizing:border-box}body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f1f5f9;color:#0f172a}
header{background:${colour};color:#fff;padding:14px 20px;display:flex;justify-content:space-between;gap:8px;flex-wrap:wrap}
header span{font-size:12px;background:rgba(255,255,255,.2);padding:3px 8px;border-radius:999px}
main{max-width:520px;margin:20px auto;padding:0 16px}.card{background:#fff;border-radius:12px;padding:20px;box-shadow:0 1px 3px rgba(0,0,0,.12);margin-bottom:16px}
label{display:block;font-size:14px;font-weight:600;margin:12px 0 4px}input{width:100%;font-size:16px;padding:10px 12px;border:1px solid #94a3b8;border-radius:8px}
button{min-height:44px;width:100%;margin-top:14px;padding:10px;font-size:16px;font-weight:700;border:0;border-radius:8px;background:${colour};color:#fff;cursor:pointer}
button.secondary{background:#fff;color:#0f172a;border:1px solid #94a3b8}button:focus-visible{outline:3px solid #0f172a;outline-offset:2px}
ul{padding-left:18px}li{margin:6px 0}.muted{color:#475569;font-size:14px}
</style></head>
<body><header><strong>${brand}</strong><span>Imitación de prueba de Agendo</span></header><main>${body}</main></body></html>`,
  };
}

export const json = (status: number, body: unknown): ImitationAnswer => ({
  status,
  headers: { 'content-type': 'application/json; charset=utf-8' },
  body,
});

export function field(body: unknown, name: string): string {
  const value = body && typeof body === 'object' ? (body as Record<string, unknown>)[name] : undefined;
  return typeof value === 'string' ? value : '';
}

export const random = (bytes = 18) => randomBytes(bytes).toString('base64url');

export function overlapping(events: ImitatedEvent[], from: string, to: string) {
  const a = Date.parse(from);
  const b = Date.parse(to);
  return events.filter((e) => Date.parse(e.startsAt) < b && Date.parse(e.endsAt) > a);
}

/** The imitations' state, loaded once and kept in DATA_DIR, and what each provider asks of it. */
export interface ImitationStore {
  load(): State;
  save(): void;
  nowMs(): number;
  /** The events of one calendar (`${provider}:${account}`), created empty on first use. */
  calendarOf(key: string): ImitatedEvent[];
  /** The account behind a Bearer token of `provider`, or null (401). */
  bearerAccount(request: ImitationRequest, provider: ImitatedProvider): string | null;
}

export function createImitationStore(options: { now: () => Date; stateDir?: string }): ImitationStore {
  const stateFile = options.stateDir ? path.join(options.stateDir, 'calendar-imitation.json') : null;
  let state: State | null = null;
  const load = (): State => {
    if (state) return state;
    const empty: State = { calendars: {}, meetings: {}, codes: {}, tokens: {}, caldavPasswords: {} };
    try {
      state =
        stateFile && fs.existsSync(stateFile)
          ? { ...empty, ...(JSON.parse(fs.readFileSync(stateFile, 'utf8')) as State) }
          : empty;
    } catch {
      state = empty;
    }
    return state;
  };
  // Kept in DATA_DIR so the demo's calendar outlives a restart, like the AFIP imitation's.
  const save = () => {
    if (!stateFile || !state) return;
    fs.mkdirSync(path.dirname(stateFile), { recursive: true });
    fs.writeFileSync(stateFile, JSON.stringify(state));
  };
  const nowMs = () => options.now().getTime();

  const calendarOf = (key: string) => {
    const s = load();
    s.calendars[key] ??= [];
    return s.calendars[key];
  };

  /** The account behind a Bearer token of `provider`, or null (401). */
  function bearerAccount(request: ImitationRequest, provider: ImitatedProvider): string | null {
    const header = request.headers.authorization;
    const token = typeof header === 'string' && header.startsWith('Bearer ') ? header.slice(7) : '';
    const found = load().tokens[token];
    if (found?.kind !== 'access' || found.provider !== provider || found.expiresAt <= nowMs()) return null;
    return found.account;
  }

  return { load, save, nowMs, calendarOf, bearerAccount };
}
