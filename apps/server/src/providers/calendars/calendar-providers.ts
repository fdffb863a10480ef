import path from 'node:path';
import type { AppConfig } from '../../config.ts';
import type { ExternalProvider } from '../../db/tables/external-calendars.ts';
import type { Outbound } from '../../lib/outbound.ts';
import { type CalDavAccount, caldavCalendar } from './caldav-calendar.ts';
import { type CalendarImitation, createCalendarImitation, imitationClient } from './calendar-imitation.ts';
import type { CalendarPort, VideoPort } from './calendar-port.ts';
import { googleCalendar } from './google-calendar.ts';
import type { OAuthEndpoints } from './oauth-client.ts';
import { outlookCalendar } from './outlook-calendar.ts';
import { zoomMeetings } from './zoom-meetings.ts';

export type OAuthProvider = 'google' | 'outlook' | 'zoom';
export type CalendarProvider = 'google' | 'outlook' | 'caldav';

/** The live hosts of each provider (their documentation's addresses). */
const live = {
  google: {
    authorizeUrl: 'https://accounts.google.com/o/oauth2/v2/auth',
    tokenUrl: 'https://oauth2.googleapis.com/token',
    revokeUrl: 'https://oauth2.googleapis.com/revoke',
    apiBase: 'https://www.googleapis.com',
  },
  outlook: (tenant: string) => ({
    authorizeUrl: `https://login.microsoftonline.com/${tenant}/oauth2/v2.0/authorize`,
    tokenUrl: `https://login.microsoftonline.com/${tenant}/oauth2/v2.0/token`,
    revokeUrl: null,
    apiBase: 'https://graph.microsoft.com',
  }),
  zoom: {
    authorizeUrl: 'https://zoom.us/oauth/authorize',
    tokenUrl: 'https://zoom.us/oauth/token',
    revokeUrl: 'https://zoom.us/oauth/revoke',
    apiBase: 'https://api.zoom.us',
  },
};

const scopes: Record<OAuthProvider, readonly string[]> = {
  // freeBusy needs calendar.freebusy; writing our appointments needs calendar.events.
  google: [
    'https://www.googleapis.com/auth/calendar.freebusy',
    'https://www.googleapis.com/auth/calendar.events',
    'email',
  ],
  outlook: ['offline_access', 'User.Read', 'Calendars.ReadWrite'],
  zoom: ['meeting:write', 'user:read'],
};

interface ProviderSetup {
  oauth: OAuthEndpoints;
  apiBase: string;
}

/**
 * Which providers the app can link and where each one lives: the real provider when its OAuth
 * client is configured, else (outside production) the imitation served by this server under
 * /imitation/. The same adapters speak to either; only the addresses differ.
 */
export interface CalendarProviders {
  imitation: CalendarImitation | null;
  /** The OAuth setup of a provider the app can link now, or null. */
  setup(provider: OAuthProvider): ProviderSetup | null;
  calendarProviders(): CalendarProvider[];
  videoProviders(): 'zoom'[];
  calendar(
    provider: ExternalProvider,
    credentials: { accessToken?: string; caldav?: CalDavAccount },
  ): CalendarPort & { account(): Promise<string> };
  video(accessToken: string): VideoPort & { account(): Promise<string> };
  /** Where the imitation's CalDAV server keeps `user`'s calendar (the demo's hint), or null. */
  caldavImitationUrl(user: string): string | null;
  /** The imitation's page of one account's calendar, or null against real providers. */
  imitationPage(provider: ExternalProvider, account: string): string | null;
}

/** The imitation never runs in production, even from a config built in code. */
export const calendarImitationRuns = (config: AppConfig) =>
  config.calendars.imitation && config.env !== 'production';

export function createCalendarProviders(
  config: AppConfig,
  now: () => Date,
  http: Outbound,
): CalendarProviders {
  const imitation = calendarImitationRuns(config)
    ? createCalendarImitation({ now, stateDir: path.join(config.dataDir, 'calendar-imitation') })
    : null;
  // Read at call time: tests start the server on a port they learn after building it.
  const imitationBase = () => `${config.publicUrl}/imitation`;

  function setup(provider: OAuthProvider): ProviderSetup | null {
    const keys =
      provider === 'google'
        ? config.calendars.google
        : provider === 'outlook'
          ? config.calendars.microsoft
          : config.calendars.zoom;
    if (keys) {
      const hosts =
        provider === 'outlook'
          ? live.outlook(config.calendars.microsoft?.tenant ?? 'common')
          : live[provider];
      return {
        apiBase: hosts.apiBase,
        oauth: {
          provider,
          authorizeUrl: hosts.authorizeUrl,
          tokenUrl: hosts.tokenUrl,
          revokeUrl: hosts.revokeUrl,
          clientId: keys.clientId,
          clientSecret: keys.clientSecret,
          scopes: scopes[provider],
          clientAuth: provider === 'zoom' ? 'basic' : 'body',
          http,
          // Google hands a refresh token only with offline access, and again only on prompt=consent.
          ...(provider === 'google' ? { extra: { access_type: 'offline', prompt: 'consent' } } : {}),
        },
      };
    }
    if (!imitation) return null;
    const base = imitationBase();
    return {
      apiBase: `${base}/${provider === 'outlook' ? 'graph' : provider}`,
      oauth: {
        provider,
        authorizeUrl: `${base}/oauth/${provider}/authorize`,
        tokenUrl: `${base}/oauth/${provider}/token`,
        // Like the real ones: Google and Zoom revoke a grant, Microsoft has no such endpoint.
        revokeUrl: provider === 'outlook' ? null : `${base}/oauth/${provider}/revoke`,
        ...imitationClient,
        scopes: scopes[provider],
        clientAuth: provider === 'zoom' ? 'basic' : 'body',
        http,
        ...(provider === 'google' ? { extra: { access_type: 'offline', prompt: 'consent' } } : {}),
      },
    };
  }

  return {
    imitation,
    setup,
    calendarProviders: () => [
      ...(setup('google') ? (['google'] as const) : []),
      ...(setup('outlook') ? (['outlook'] as const) : []),
      'caldav',
    ],
    videoProviders: () => (setup('zoom') ? ['zoom'] : []),
    calendar(provider, credentials) {
      if (provider === 'caldav') {
        if (!credentials.caldav) throw new Error('CalDAV needs its account');
        return caldavCalendar(http, credentials.caldav);
      }
      const found = provider === 'google' || provider === 'outlook' ? setup(provider) : null;
      if (!found || !credentials.accessToken) throw new Error(`${provider} is not available`);
      return provider === 'google'
        ? googleCalendar(http, found.apiBase, credentials.accessToken)
        : outlookCalendar(http, found.apiBase, credentials.accessToken);
    },
    video(accessToken) {
      const found = setup('zoom');
      if (!found) throw new Error('zoom is not available');
      return zoomMeetings(http, found.apiBase, accessToken);
    },
    caldavImitationUrl: (user) =>
      imitation ? `${imitationBase()}/caldav/${encodeURIComponent(user)}/calendar/` : null,
    imitationPage(provider, account) {
      if (!imitation || provider === 'zoom') return null;
      const own =
        provider === 'google'
          ? !config.calendars.google
          : provider === 'outlook'
            ? !config.calendars.microsoft
            : true;
      if (!own) return null;
      const who = provider === 'caldav' ? (account.split(' ')[0] ?? account) : account;
      return `${imitationBase()}/calendar?provider=${provider}&account=${encodeURIComponent(who)}`;
    },
  };
}
