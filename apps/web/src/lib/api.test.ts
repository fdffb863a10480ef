import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('@mantine/notifications', () => ({ notifications: { show: vi.fn() } }));

const { notifications } = await import('@mantine/notifications');
const { ApiError, call, setUnauthorizedHandler } = await import('./api.ts');

function answer(status: number, body: unknown) {
  return Promise.resolve(
    new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }),
  );
}

describe('api client', () => {
  const fetchMock = vi.fn<typeof fetch>();

  beforeEach(() => {
    vi.stubGlobal('fetch', fetchMock);
    window.history.replaceState(null, '', '/cl/es/login');
  });
  afterEach(() => {
    fetchMock.mockReset();
    vi.mocked(notifications.show).mockReset();
    vi.unstubAllGlobals();
  });

  it('posts the action with the route country, language, host and bearer token', async () => {
    localStorage.setItem('token', 'tok-1');
    fetchMock.mockReturnValue(answer(200, { status: '200', token: 'tok-2', userType: 2 }));
    await expect(
      call('login', { userMail: 'ana@example.com', userPassword: 'secreto123' }),
    ).resolves.toMatchObject({
      token: 'tok-2',
    });
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/index.php');
    expect(new Headers(init?.headers).get('Authorization')).toBe('Bearer tok-1');
    expect(JSON.parse(String(init?.body))).toEqual({
      action: 'login',
      browserCountry: 'cl',
      userLang: 'es',
      urlcode: window.location.host,
      userMail: 'ana@example.com',
      userPassword: 'secreto123',
    });
  });

  it('sends the corporate token instead of the personal one', async () => {
    localStorage.setItem('token', 'mine');
    localStorage.setItem('corporativeIn', 'corp');
    fetchMock.mockReturnValue(answer(200, { status: '200' }));
    await call('logout', {});
    expect(new Headers(fetchMock.mock.calls[0]?.[1]?.headers).get('Authorization')).toBe('Bearer corp');
  });

  it('turns a 400 into an ApiError with code, message and field', async () => {
    fetchMock.mockReturnValue(
      answer(400, {
        status: '400',
        code: 'E6',
        message: 'El email o la contraseña no son correctos.',
        field: 'userPassword',
      }),
    );
    const error = await call('login', { userMail: 'a@b.co', userPassword: 'x' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      code: 'E6',
      message: 'El email o la contraseña no son correctos.',
      field: 'userPassword',
      httpStatus: 400,
    });
    expect(notifications.show).not.toHaveBeenCalled();
  });

  it('shows the red network toast and throws when fetch rejects', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const error = await call('find-user-data', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as InstanceType<typeof ApiError>).isNetwork).toBe(true);
    expect(notifications.show).toHaveBeenCalledWith(
      expect.objectContaining({ color: 'red', message: 'Revise su conexión de internet.' }),
    );
  });

  it('clears the session and reports a 401', async () => {
    localStorage.setItem('token', 'old');
    localStorage.setItem('corporatePermitions', '{}');
    const onUnauthorized = vi.fn();
    setUnauthorizedHandler(onUnauthorized);
    fetchMock.mockReturnValue(answer(401, { status: '401', code: 'E401', message: 'Tu sesión expiró.' }));
    await expect(call('find-user-info', {})).rejects.toMatchObject({ code: 'E401', httpStatus: 401 });
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('corporatePermitions')).toBeNull();
    expect(onUnauthorized).toHaveBeenCalledOnce();
    setUnauthorizedHandler(undefined);
  });

  it('falls back to the catalogue text when an error answer has no body', async () => {
    fetchMock.mockReturnValue(Promise.resolve(new Response('<html>', { status: 429 })));
    await expect(call('login', { userMail: 'a@b.co', userPassword: 'x' })).rejects.toMatchObject({
      code: 'E429',
      message: 'Demasiados intentos. Espera unos minutos y vuelve a intentarlo.',
    });
  });
});
