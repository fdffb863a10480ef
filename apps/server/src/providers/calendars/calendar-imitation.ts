import { escapeHtml } from '../../lib/html.ts';
import { caldavImitation } from './caldav-imitation.ts';
import {
  createImitationStore,
  field,
  type ImitatedEvent,
  type ImitatedMeeting,
  type ImitatedProvider,
  type ImitationAnswer,
  type ImitationRequest,
  imitatedOAuthProviders,
  json,
  names,
  overlapping,
  page,
  random,
} from './imitation-kit.ts';
import { zoomImitation } from './zoom-imitation.ts';

/**
 * The offline imitation of Google Calendar (with Meet), Microsoft Graph, Zoom and a CalDAV
 * server (issue 18, ADR 018), served by our own server under /imitation/ outside production.
 * It answers the requests the real adapters make (same paths below its base, same bodies), runs
 * an OAuth consent page that sends the browser back with a code, and keeps each account's
 * calendar, to which the demo and the tests add busy events through its own page.
 */

export type {
  ImitatedEvent,
  ImitatedMeeting,
  ImitatedProvider,
  ImitationAnswer,
  ImitationRequest,
} from './imitation-kit.ts';

/** Client credentials the imitation accepts (config uses them when a provider has no keys). */
export const imitationClient = { clientId: 'agendo-imitacion', clientSecret: 'agendo-imitacion-secreto' };
export const accessTokenSeconds = 3600;

export interface CalendarImitation {
  handle(request: ImitationRequest): ImitationAnswer;
  /** The events of one imitated calendar (tests and the demo page). */
  events(provider: ImitatedProvider | 'caldav', account: string): ImitatedEvent[];
  meetings(account: string): ImitatedMeeting[];
  addBusy(
    provider: ImitatedProvider | 'caldav',
    account: string,
    event: { summary: string; startsAt: string; endsAt: string },
  ): ImitatedEvent;
  /** How many consents of `account` still hold a refresh token (revocation ends one). */
  liveGrants(provider: ImitatedProvider, account: string): number;
}

export function createCalendarImitation(options: { now: () => Date; stateDir?: string }): CalendarImitation {
  const store = createImitationStore(options);
  const { load, save, nowMs, calendarOf, bearerAccount } = store;

  function addBusy(
    provider: ImitatedProvider | 'caldav',
    account: string,
    event: { summary: string; startsAt: string; endsAt: string },
  ) {
    const created: ImitatedEvent = {
      id: random(9),
      summary: event.summary,
      startsAt: new Date(event.startsAt).toISOString(),
      endsAt: new Date(event.endsAt).toISOString(),
      source: 'manual',
      meetLink: null,
    };
    calendarOf(`${provider}:${account}`).push(created);
    save();
    return created;
  }

  /** Zoom authenticates the client with HTTP Basic; Google and Microsoft in the body. */
  function knownClient(request: ImitationRequest): boolean {
    const basic = request.headers.authorization;
    let clientId = field(request.body, 'client_id');
    let clientSecret = field(request.body, 'client_secret');
    if (typeof basic === 'string' && basic.startsWith('Basic ')) {
      [clientId = '', clientSecret = ''] = Buffer.from(basic.slice(6), 'base64').toString().split(':');
    }
    return clientId === imitationClient.clientId && clientSecret === imitationClient.clientSecret;
  }

  // OAuth 2.0: the consent page, its answer, the token endpoint (code and refresh grants) and
  // the revocation endpoint.
  function oauth(request: ImitationRequest, provider: ImitatedProvider, step: string): ImitationAnswer {
    const s = load();
    if (step === 'authorize' && request.method === 'GET') {
      const q = request.query;
      if (q.client_id !== imitationClient.clientId || !q.redirect_uri || q.response_type !== 'code') {
        return page(
          provider,
          'Solicitud inválida',
          '<div class="card"><p>La solicitud de autorización no es válida (client_id, redirect_uri o response_type).</p></div>',
        );
      }
      const hidden = ['redirect_uri', 'state', 'client_id']
        .map((n) => `<input type="hidden" name="${n}" value="${escapeHtml(q[n] ?? '')}">`)
        .join('');
      const account = q.login_hint || 'cuenta@imitacion.test';
      return page(
        provider,
        'Permitir acceso',
        `<div class="card"><h1 style="font-size:20px;margin-top:0">Agendo quiere acceder a tu cuenta de ${names[provider]}</h1>
<p class="muted">${provider === 'zoom' ? 'Podrá crear reuniones para tus turnos en línea.' : 'Podrá ver cuándo estás ocupado y agregar tus turnos a tu calendario.'}</p>
<form method="post">${hidden}<label for="account">Cuenta</label><input id="account" name="account" type="email" value="${escapeHtml(account)}" required>
<button type="submit" name="decision" value="allow">Permitir</button><button class="secondary" type="submit" name="decision" value="deny">Cancelar</button></form></div>`,
      );
    }
    if (step === 'authorize' && request.method === 'POST') {
      const redirectUri = field(request.body, 'redirect_uri');
      let target: URL;
      try {
        target = new URL(redirectUri);
      } catch {
        return page(
          provider,
          'Solicitud inválida',
          '<div class="card"><p>redirect_uri no es válida.</p></div>',
        );
      }
      target.searchParams.set('state', field(request.body, 'state'));
      if (field(request.body, 'decision') !== 'allow') {
        target.searchParams.set('error', 'access_denied');
      } else {
        const code = random();
        s.codes[code] = {
          provider,
          account: field(request.body, 'account').trim().toLowerCase() || 'cuenta@imitacion.test',
          redirectUri,
          expiresAt: nowMs() + 10 * 60_000,
        };
        save();
        target.searchParams.set('code', code);
      }
      return { status: 302, headers: { location: target.toString() }, body: '' };
    }
    if ((step === 'token' || step === 'revoke') && request.method === 'POST' && !knownClient(request)) {
      return json(401, { error: 'invalid_client' });
    }
    if (step === 'revoke' && request.method === 'POST' && provider !== 'outlook') {
      // RFC 7009 as Google and Zoom answer it: a refresh token ends its whole grant.
      const token = s.tokens[field(request.body, 'token')];
      if (!token || token.provider !== provider) return json(400, { error: 'invalid_token' });
      for (const [value, other] of Object.entries(s.tokens)) {
        const sameGrant =
          token.kind === 'refresh' && token.grant !== undefined && other.grant === token.grant;
        if (other === token || sameGrant) delete s.tokens[value];
      }
      save();
      return json(200, {});
    }
    if (step === 'token' && request.method === 'POST') {
      const grant = field(request.body, 'grant_type');
      let account: string;
      let grantId: string;
      if (grant === 'authorization_code') {
        const code = s.codes[field(request.body, 'code')];
        delete s.codes[field(request.body, 'code')];
        if (
          !code ||
          code.provider !== provider ||
          code.expiresAt <= nowMs() ||
          code.redirectUri !== field(request.body, 'redirect_uri')
        ) {
          save();
          return json(400, { error: 'invalid_grant' });
        }
        account = code.account;
        grantId = random(12);
      } else if (grant === 'refresh_token') {
        const refresh = s.tokens[field(request.body, 'refresh_token')];
        if (refresh?.kind !== 'refresh' || refresh.provider !== provider)
          return json(400, { error: 'invalid_grant' });
        account = refresh.account;
        grantId = refresh.grant ?? field(request.body, 'refresh_token');
      } else {
        return json(400, { error: 'unsupported_grant_type' });
      }
      const accessToken = random(24);
      s.tokens[accessToken] = {
        provider,
        account,
        kind: 'access',
        expiresAt: nowMs() + accessTokenSeconds * 1000,
        grant: grantId,
      };
      const answer: Record<string, unknown> = {
        access_token: accessToken,
        token_type: 'Bearer',
        expires_in: accessTokenSeconds,
      };
      if (grant === 'authorization_code') {
        const refreshToken = random(24);
        s.tokens[refreshToken] = {
          provider,
          account,
          kind: 'refresh',
          expiresAt: Number.MAX_SAFE_INTEGER,
          grant: grantId,
        };
        answer.refresh_token = refreshToken;
      }
      save();
      return json(200, answer);
    }
    return json(404, { error: 'not_found' });
  }

  function google(request: ImitationRequest, rest: string[]): ImitationAnswer {
    const account = bearerAccount(request, 'google');
    if (!account) return json(401, { error: { code: 401, message: 'Invalid Credentials' } });
    const events = calendarOf(`google:${account}`);
    const [, , what, calendarId, sub, eventId] = rest; // calendar v3 <what> ...
    if (what === 'freeBusy' && request.method === 'POST') {
      const body = request.body as { timeMin?: string; timeMax?: string; items?: Array<{ id?: string }> };
      const busy = overlapping(events, body.timeMin ?? '', body.timeMax ?? '').map((e) => ({
        start: e.startsAt,
        end: e.endsAt,
      }));
      return json(200, { kind: 'calendar#freeBusy', calendars: { primary: { busy } } });
    }
    if (what !== 'calendars' || calendarId !== 'primary')
      return json(404, { error: { code: 404, message: 'Not Found' } });
    if (sub === undefined && request.method === 'GET') return json(200, { id: account, summary: account });
    if (sub === 'events' && eventId === undefined && request.method === 'GET') {
      const { timeMin, timeMax } = request.query;
      const found = timeMin && timeMax ? overlapping(events, timeMin, timeMax) : events;
      return json(200, {
        items: found.map((e) => ({
          id: e.id,
          status: 'confirmed',
          summary: e.summary,
          start: { dateTime: e.startsAt },
          end: { dateTime: e.endsAt },
          ...(e.meetLink ? { hangoutLink: e.meetLink } : {}),
        })),
      });
    }
    if (sub === 'events' && eventId === undefined && request.method === 'POST') {
      const body = request.body as {
        summary?: string;
        start?: { dateTime?: string };
        end?: { dateTime?: string };
        conferenceData?: { createRequest?: unknown };
      };
      if (!body?.start?.dateTime || !body.end?.dateTime)
        return json(400, { error: { code: 400, message: 'Missing start or end' } });
      const meet =
        body.conferenceData?.createRequest !== undefined && request.query.conferenceDataVersion === '1';
      const created: ImitatedEvent = {
        id: random(9)
          .toLowerCase()
          .replace(/[^a-z0-9]/g, 'a'),
        summary: body.summary ?? '',
        startsAt: new Date(body.start.dateTime).toISOString(),
        endsAt: new Date(body.end.dateTime).toISOString(),
        source: 'agendo',
        meetLink: meet
          ? `https://meet.google.com/${random(3).toLowerCase().slice(0, 3)}-${random(3).toLowerCase().slice(0, 4)}-${random(3).toLowerCase().slice(0, 3)}`
          : null,
      };
      events.push(created);
      save();
      return json(200, {
        id: created.id,
        status: 'confirmed',
        ...(created.meetLink
          ? {
              hangoutLink: created.meetLink,
              conferenceData: { entryPoints: [{ entryPointType: 'video', uri: created.meetLink }] },
            }
          : {}),
      });
    }
    if (sub === 'events' && eventId && request.method === 'DELETE') {
      const index = events.findIndex((e) => e.id === eventId);
      if (index < 0) return json(410, { error: { code: 410, message: 'Resource has been deleted' } });
      events.splice(index, 1);
      save();
      return { status: 204, body: '' };
    }
    return json(404, { error: { code: 404, message: 'Not Found' } });
  }

  function graph(request: ImitationRequest, rest: string[]): ImitationAnswer {
    const account = bearerAccount(request, 'outlook');
    if (!account)
      return json(401, {
        error: {
          code: 'InvalidAuthenticationToken',
          message: 'Access token has expired or is not yet valid.',
        },
      });
    const events = calendarOf(`outlook:${account}`);
    const [, what, eventId] = rest.slice(1); // v1.0 me <what> <id>
    const noZ = (iso: string) => iso.replace(/Z$/, '0000');
    if (what === undefined && request.method === 'GET')
      return json(200, { mail: account, userPrincipalName: account });
    if (what === 'calendarView' && request.method === 'GET') {
      const found = overlapping(events, request.query.startDateTime ?? '', request.query.endDateTime ?? '');
      return json(200, {
        value: found.map((e) => ({
          id: e.id,
          subject: e.summary,
          showAs: 'busy',
          isCancelled: false,
          start: { dateTime: noZ(e.startsAt), timeZone: 'UTC' },
          end: { dateTime: noZ(e.endsAt), timeZone: 'UTC' },
        })),
      });
    }
    if (what === 'events' && eventId === undefined && request.method === 'POST') {
      const body = request.body as {
        subject?: string;
        start?: { dateTime?: string; timeZone?: string };
        end?: { dateTime?: string };
      };
      if (!body?.start?.dateTime || !body.end?.dateTime)
        return json(400, { error: { code: 'ErrorInvalidRequest', message: 'start and end are required' } });
      const utc = (t: string) => new Date(/Z$/.test(t) ? t : `${t}Z`).toISOString();
      const created: ImitatedEvent = {
        id: `AAMk${random(12)}`,
        summary: body.subject ?? '',
        startsAt: utc(body.start.dateTime),
        endsAt: utc(body.end.dateTime),
        source: 'agendo',
        meetLink: null,
      };
      events.push(created);
      save();
      return json(201, { id: created.id, subject: created.summary });
    }
    if (what === 'events' && eventId && request.method === 'DELETE') {
      const index = events.findIndex((e) => e.id === eventId);
      if (index < 0)
        return json(404, {
          error: { code: 'ErrorItemNotFound', message: 'The specified object was not found in the store.' },
        });
      events.splice(index, 1);
      save();
      return { status: 204, body: '' };
    }
    return json(404, { error: { code: 'ResourceNotFound', message: 'Not found' } });
  }

  // The imitated calendar's own page: its events, and a form to add a busy one (demo, e2e).
  function calendarPage(request: ImitationRequest): ImitationAnswer {
    const provider = (request.query.provider ?? 'google') as ImitatedProvider | 'caldav';
    if (!['google', 'outlook', 'caldav'].includes(provider)) return json(404, { error: 'not_found' });
    const account =
      (request.method === 'POST' ? field(request.body, 'account') : request.query.account) ?? '';
    if (request.method === 'POST') {
      const start = `${field(request.body, 'date')}T${field(request.body, 'time')}`;
      const zone = field(request.body, 'offset') || '+00:00';
      const startsMs = Date.parse(`${start}:00${zone}`);
      const minutes = Number(field(request.body, 'minutes') || '60');
      if (!account || Number.isNaN(startsMs) || !(minutes > 0))
        return page(
          provider,
          'Datos inválidos',
          '<div class="card"><p>Revisa la fecha, la hora y la duración.</p></div>',
        );
      addBusy(provider, account, {
        summary: field(request.body, 'summary') || 'Ocupado',
        startsAt: new Date(startsMs).toISOString(),
        endsAt: new Date(startsMs + minutes * 60_000).toISOString(),
      });
      const back = `/imitation/calendar?provider=${provider}&account=${encodeURIComponent(account)}`;
      return { status: 303, headers: { location: back }, body: '' };
    }
    const events = [...calendarOf(`${provider}:${account}`)].sort((a, b) =>
      a.startsAt.localeCompare(b.startsAt),
    );
    const list =
      events.length === 0
        ? '<p class="muted">Este calendario no tiene eventos.</p>'
        : `<ul>${events.map((e) => `<li data-source="${e.source}"><strong>${escapeHtml(e.summary)}</strong><br><span class="muted">${e.startsAt} → ${e.endsAt} (UTC)${e.source === 'agendo' ? ' · escrito por Agendo' : ''}</span></li>`).join('')}</ul>`;
    return page(
      provider,
      'Calendario',
      `<div class="card"><h1 style="font-size:20px;margin-top:0">Calendario de ${escapeHtml(account || '(sin cuenta)')}</h1>${list}</div>
<div class="card"><h2 style="font-size:18px;margin-top:0">Agregar un evento ocupado</h2><form method="post">
<input type="hidden" name="account" value="${escapeHtml(account)}">
<label for="summary">Título</label><input id="summary" name="summary" value="Ocupado">
<label for="date">Fecha</label><input id="date" name="date" type="date" required>
<label for="time">Hora</label><input id="time" name="time" type="time" required>
<label for="offset">Diferencia horaria</label><input id="offset" name="offset" value="-03:00">
<label for="minutes">Duración (minutos)</label><input id="minutes" name="minutes" type="number" min="1" value="60">
<button type="submit">Agregar evento</button></form></div>`,
    );
  }

  return {
    handle(request) {
      const parts = request.path.split('/').filter(Boolean);
      const [head, ...rest] = parts;
      if (head === 'oauth') {
        const [provider, step] = rest;
        if (!imitatedOAuthProviders.includes(provider as ImitatedProvider))
          return json(404, { error: 'not_found' });
        return oauth(request, provider as ImitatedProvider, step ?? '');
      }
      if (head === 'google') return google(request, rest);
      if (head === 'graph') return graph(request, rest);
      if (head === 'zoom') return zoomImitation(store, request, rest);
      if (head === 'caldav') return caldavImitation(store, request, rest);
      if (head === 'calendar') return calendarPage(request);
      return json(404, { error: 'not_found' });
    },
    events: (provider, account) => [...calendarOf(`${provider}:${account}`)],
    meetings: (account) => [...(load().meetings[account] ?? [])],
    addBusy,
    liveGrants: (provider, account) =>
      Object.values(load().tokens).filter(
        (t) => t.kind === 'refresh' && t.provider === provider && t.account === account,
      ).length,
  };
}
