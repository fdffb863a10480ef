import type { Outbound } from '../../lib/outbound.ts';
import { type OAuthTokens, ProviderFault, providerCall } from './calendar-port.ts';

/** Where one provider's OAuth 2.0 authorisation code flow lives, and how it wants the client to authenticate. */
export interface OAuthEndpoints {
  provider: string;
  authorizeUrl: string;
  tokenUrl: string;
  clientId: string;
  clientSecret: string;
  scopes: readonly string[];
  /** RFC 6749 §2.3.1: Zoom wants HTTP Basic; Google and Microsoft take the pair in the body. */
  clientAuth: 'basic' | 'body';
  /** Extra query parameters of the authorisation request (Google: offline access). */
  extra?: Record<string, string>;
  /**
   * RFC 7009 token revocation (Google, Zoom). Microsoft's identity platform has none for one
   * app's grant (revokeSignInSessions would sign the person out of every app): null there.
   */
  revokeUrl: string | null;
  /** The outbound client the token and revocation requests go through. */
  http: Outbound;
}

/** The consent page's address: the provider sends the browser back to `redirectUri` with a code. */
export function authorizationUrl(endpoints: OAuthEndpoints, state: string, redirectUri: string): string {
  const url = new URL(endpoints.authorizeUrl);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('client_id', endpoints.clientId);
  url.searchParams.set('redirect_uri', redirectUri);
  url.searchParams.set('scope', endpoints.scopes.join(' '));
  url.searchParams.set('state', state);
  for (const [name, value] of Object.entries(endpoints.extra ?? {})) url.searchParams.set(name, value);
  return url.toString();
}

/** How the client authenticates to the token and revocation endpoints (RFC 6749 §2.3.1). */
function clientAuthentication(endpoints: OAuthEndpoints, body: URLSearchParams): Record<string, string> {
  const headers: Record<string, string> = {
    'content-type': 'application/x-www-form-urlencoded',
    accept: 'application/json',
  };
  if (endpoints.clientAuth === 'basic') {
    headers.authorization = `Basic ${Buffer.from(`${endpoints.clientId}:${endpoints.clientSecret}`).toString('base64')}`;
  } else {
    body.set('client_id', endpoints.clientId);
    body.set('client_secret', endpoints.clientSecret);
  }
  return headers;
}

async function tokenRequest(
  endpoints: OAuthEndpoints,
  params: Record<string, string>,
  now: Date,
  previousRefresh: string | null,
): Promise<OAuthTokens> {
  const body = new URLSearchParams(params);
  const headers = clientAuthentication(endpoints, body);
  const answer = await providerCall(endpoints.http, endpoints.provider, endpoints.tokenUrl, {
    method: 'POST',
    headers,
    body: body.toString(),
  });
  const json = answer.json as {
    access_token?: unknown;
    refresh_token?: unknown;
    expires_in?: unknown;
  } | null;
  if (!json || typeof json.access_token !== 'string') {
    throw new ProviderFault(endpoints.provider, answer.status, 'the token endpoint answered no access_token');
  }
  const seconds = typeof json.expires_in === 'number' ? json.expires_in : Number(json.expires_in ?? 3600);
  return {
    accessToken: json.access_token,
    // A refresh answer may leave the refresh token out (Google does): the previous one stays good.
    refreshToken: typeof json.refresh_token === 'string' ? json.refresh_token : previousRefresh,
    expiresAt: new Date(now.getTime() + (Number.isFinite(seconds) ? seconds : 3600) * 1000).toISOString(),
  };
}

/** RFC 6749 §4.1.3: the code the consent page handed back, for tokens. */
export function exchangeCode(
  endpoints: OAuthEndpoints,
  code: string,
  redirectUri: string,
  now: Date,
): Promise<OAuthTokens> {
  return tokenRequest(
    endpoints,
    { grant_type: 'authorization_code', code, redirect_uri: redirectUri },
    now,
    null,
  );
}

/** RFC 6749 §6: a new access token from the refresh token. */
export function refreshTokens(
  endpoints: OAuthEndpoints,
  refreshToken: string,
  now: Date,
): Promise<OAuthTokens> {
  return tokenRequest(
    endpoints,
    { grant_type: 'refresh_token', refresh_token: refreshToken },
    now,
    refreshToken,
  );
}

/**
 * RFC 7009: tells the provider to invalidate a token (a refresh token takes its grant's access
 * tokens with it). Answers false where the provider offers no revocation; a refusal or an
 * unreachable provider throws ProviderFault.
 */
export async function revokeToken(
  endpoints: OAuthEndpoints,
  token: string,
  hint: 'refresh_token' | 'access_token',
) {
  if (!endpoints.revokeUrl) return false;
  const body = new URLSearchParams({ token, token_type_hint: hint });
  const headers = clientAuthentication(endpoints, body);
  await providerCall(endpoints.http, endpoints.provider, endpoints.revokeUrl, {
    method: 'POST',
    headers,
    body: body.toString(),
  });
  return true;
}
