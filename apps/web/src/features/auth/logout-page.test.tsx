import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getToken, setToken } from '../../lib/session.ts';
import { useUserData } from '../../lib/user-data.ts';
import { renderRoutes } from '../../test/render.tsx';
import { LogoutPage } from './logout-page.tsx';

/** The home page as the header sees it: asks for the user's data while someone is signed in. */
function Home() {
  const data = useUserData();
  return <p>{data.isFetching ? 'Cargando' : 'Inicio'}</p>;
}

interface Sent {
  action: string;
  authorization: string | null;
}

/** A server whose logout answer (with `status`) waits until the test releases it. */
function slowLogoutServer(status: number) {
  const sent: Sent[] = [];
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  const fetchMock = vi.fn(async (_url: RequestInfo | URL, init?: RequestInit) => {
    const body = JSON.parse(String(init?.body)) as { action: string };
    const headers = new Headers(init?.headers);
    sent.push({ action: body.action, authorization: headers.get('Authorization') });
    if (body.action !== 'logout') return new Response(JSON.stringify({ status: '200' }), { status: 200 });
    await released;
    const answer = status === 200 ? { status: '200' } : { status: String(status), code: `E${status}` };
    return new Response(JSON.stringify(answer), { status });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { sent, release };
}

describe('LogoutPage', () => {
  beforeEach(() => setToken('token-de-antes'));
  afterEach(() => vi.unstubAllGlobals());

  it('signs out here first, then tells the server with the token it had: nothing else asks with that token', async () => {
    const server = slowLogoutServer(200);
    renderRoutes({ logout: <LogoutPage />, '': <Home /> }, '/ar/es/logout');

    expect(await screen.findByText('Inicio')).toBeInTheDocument();
    expect(getToken()).toBeNull();
    server.release();
    await waitFor(() => expect(server.sent).toHaveLength(1));
    expect(server.sent).toEqual([{ action: 'logout', authorization: 'Bearer token-de-antes' }]);
  });

  it("leaves a session started meanwhile alone when the server refuses the old token's logout", async () => {
    const server = slowLogoutServer(401);
    renderRoutes({ logout: <LogoutPage />, '': <Home /> }, '/ar/es/logout');
    expect(await screen.findByText('Inicio')).toBeInTheDocument();

    setToken('token-nuevo');
    server.release();
    await waitFor(() => expect(server.sent.some((s) => s.action === 'logout')).toBe(true));
    // The refused logout settles without touching the new session.
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(getToken()).toBe('token-nuevo');
  });
});
