import { describe, expect, it } from 'vitest';
import { makeUser } from '../../test/booking-fixtures.ts';
import { useTestApp } from '../../test/test-app.ts';
import { createCorporateSession } from '../auth/auth.service.ts';

const t = useTestApp();

async function profileOf(token: string) {
  return (await t.call('find-user-profile', {}, token)).body;
}

describe('find-user-profile', () => {
  it('answers an empty profile before the first edit', async () => {
    const { token } = await t.registerUser(1);
    expect(await profileOf(token)).toEqual({
      status: '200',
      userBio: null,
      businessName: null,
      nickname: null,
      socialNetworks: {
        instagram: null,
        facebook: null,
        linkedin: null,
        x: null,
        youtube: null,
        tiktok: null,
        website: null,
      },
      address: null,
      logoSquare: null,
      logoRectangle: null,
      sign: null,
      certificate: null,
    });
  });

  it('needs a session', async () => {
    const res = await t.call('find-user-profile', {}, null);
    expect(res.statusCode).toBe(401);
  });
});

describe('change-user-bio', () => {
  it('keeps safe formatting and drops scripts, handlers, styles and unsafe links (sanitised on the server)', async () => {
    const { token } = await t.registerUser(1);
    const res = await t.call(
      'change-user-bio',
      {
        userBio:
          '<p onclick="steal()">Soy <strong>psicóloga</strong> <em>clínica</em> <u>UBA</u>.</p>' +
          '<script>alert(1)</script><img src=x onerror="alert(2)">' +
          '<ul><li style="color:red">Adultos</li></ul>' +
          '<a href="javascript:alert(3)">malo</a> <a href="https://ejemplo.com" target="_top">bueno</a>' +
          '<iframe src="https://evil.test"></iframe><h1>Título</h1>',
      },
      token,
    );
    expect(res.statusCode).toBe(200);
    const bio = res.body.userBio as string;
    expect(bio).toContain('<p>Soy <strong>psicóloga</strong> <em>clínica</em> <u>UBA</u>.</p>');
    expect(bio).toContain('<ul><li>Adultos</li></ul>');
    expect(bio).toContain(
      '<a href="https://ejemplo.com" target="_blank" rel="noopener noreferrer nofollow">bueno</a>',
    );
    expect(bio).toContain('Título');
    for (const unsafe of [
      'script',
      'onclick',
      'onerror',
      'img',
      'style',
      'javascript:',
      'iframe',
      '<h1',
      '_top',
    ]) {
      expect(bio).not.toContain(unsafe);
    }
    expect((await profileOf(token)).userBio).toBe(bio);
  });

  it('clears the bio with an empty document', async () => {
    const { token } = await t.registerUser(1);
    await t.call('change-user-bio', { userBio: '<p>Hola</p>' }, token);
    const res = await t.call('change-user-bio', { userBio: '<p></p>' }, token);
    expect(res.body).toEqual({ status: '200', userBio: null });
    expect((await profileOf(token)).userBio).toBeNull();
  });

  it('refuses a bio over 5000 characters and keeps the previous one', async () => {
    const { token } = await t.registerUser(1);
    await t.call('change-user-bio', { userBio: '<p>Hola</p>' }, token);
    const res = await t.call('change-user-bio', { userBio: `<p>${'a'.repeat(5000)}</p>` }, token);
    expect(res.statusCode).toBe(400);
    expect(res.body).toMatchObject({
      code: 'E80',
      message: 'La biografía no puede superar los 5000 caracteres.',
      field: 'userBio',
    });
    expect((await profileOf(token)).userBio).toBe('<p>Hola</p>');
  });

  it('is for professionals only', async () => {
    const { token } = await t.registerUser(2);
    const res = await t.call('change-user-bio', { userBio: '<p>Hola</p>' }, token);
    expect(res.statusCode).toBe(403);
    expect((await profileOf(token)).userBio).toBeNull();
  });
});

describe('change-business-name', () => {
  it('saves the name trimmed', async () => {
    const { token } = await t.registerUser(1);
    const res = await t.call(
      'change-business-name',
      { businessName: '  Consultorio Núñez & Asoc.  ' },
      token,
    );
    expect(res.body).toEqual({ status: '200' });
    expect((await profileOf(token)).businessName).toBe('Consultorio Núñez & Asoc.');
  });

  it.each([
    ['empty', '   ', 'E81', 'Debes ingresar el nombre de tu negocio.'],
    ['too long', 'a'.repeat(251), 'E82', 'El nombre del negocio no puede superar los 250 caracteres.'],
    ['markup', '<b>Hola</b>', 'E83', 'El nombre del negocio no puede contener los signos < y >.'],
  ])('refuses a name that is %s', async (_case, businessName, code, message) => {
    const { token } = await t.registerUser(1);
    const res = await t.call('change-business-name', { businessName }, token);
    expect(res.statusCode).toBe(400);
    expect(res.body).toMatchObject({ code, message, field: 'businessName' });
    expect((await profileOf(token)).businessName).toBeNull();
  });
});

describe('change-nickname', () => {
  it('saves a nickname and lets its owner save it again in another case', async () => {
    const { token } = await t.registerUser(1);
    const nick = `Ana.Psico-${Date.now() % 100000}`;
    expect((await t.call('change-nickname', { nickname: nick }, token)).body).toEqual({
      status: '200',
      nickname: nick,
    });
    const again = await t.call('change-nickname', { nickname: nick.toUpperCase() }, token);
    expect(again.body).toEqual({ status: '200', nickname: nick.toUpperCase() });
    expect((await profileOf(token)).nickname).toBe(nick.toUpperCase());
  });

  it('refuses a nickname another professional holds, whatever the case', async () => {
    const first = await t.registerUser(1);
    const second = await t.registerUser(1);
    await t.call('change-nickname', { nickname: 'lic_gomez' }, first.token);
    for (const nickname of ['lic_gomez', 'LIC_Gomez']) {
      const res = await t.call('change-nickname', { nickname }, second.token);
      expect(res.statusCode).toBe(400);
      expect(res.body).toMatchObject({
        code: 'E87',
        message: 'Ese nombre de usuario ya está en uso. Elige otro.',
        field: 'nickname',
      });
    }
    expect((await profileOf(second.token)).nickname).toBeNull();
    expect((await profileOf(first.token)).nickname).toBe('lic_gomez');
  });

  it('frees the old nickname when its owner changes it', async () => {
    const first = await t.registerUser(1);
    const second = await t.registerUser(1);
    await t.call('change-nickname', { nickname: 'consultorio-sur' }, first.token);
    await t.call('change-nickname', { nickname: 'consultorio-norte' }, first.token);
    const res = await t.call('change-nickname', { nickname: 'consultorio-sur' }, second.token);
    expect(res.body).toEqual({ status: '200', nickname: 'consultorio-sur' });
  });

  it.each([
    ['', 'E84'],
    ['ab', 'E85'],
    ['a'.repeat(31), 'E85'],
    ['ana psico', 'E86'],
    ['josé', 'E86'],
    ['.ana', 'E86'],
    ['ana-', 'E86'],
    ['ana/go', 'E86'],
  ])('refuses %j with %s', async (nickname, code) => {
    const { token } = await t.registerUser(1);
    const res = await t.call('change-nickname', { nickname }, token);
    expect(res.statusCode).toBe(400);
    expect(res.body).toMatchObject({ code, field: 'nickname' });
  });
});

describe('change-social-networks', () => {
  it('stores handles and links of each network as canonical https links', async () => {
    const { token } = await t.registerUser(1);
    const res = await t.call(
      'change-social-networks',
      {
        instagram: '@ana.psico',
        facebook: 'https://m.facebook.com/consultorio.ana/',
        linkedin: 'ana-perez-123',
        x: 'https://twitter.com/ana_psico',
        youtube: '@AnaPsico',
        tiktok: 'tiktok.com/@ana.psico',
        website: 'www.anapsico.com.ar/turnos',
      },
      token,
    );
    const expected = {
      instagram: 'https://www.instagram.com/ana.psico',
      facebook: 'https://www.facebook.com/consultorio.ana',
      linkedin: 'https://www.linkedin.com/in/ana-perez-123',
      x: 'https://twitter.com/ana_psico',
      youtube: 'https://www.youtube.com/@AnaPsico',
      tiktok: 'https://tiktok.com/@ana.psico',
      website: 'https://www.anapsico.com.ar/turnos',
    };
    expect(res.body).toEqual({ status: '200', socialNetworks: expected });
    expect((await profileOf(token)).socialNetworks).toEqual(expected);
  });

  it('clears a network sent empty', async () => {
    const { token } = await t.registerUser(1);
    await t.call('change-social-networks', { instagram: 'ana.psico' }, token);
    await t.call('change-social-networks', { instagram: '' }, token);
    expect((await profileOf(token)).socialNetworks.instagram).toBeNull();
  });

  it.each([
    ['instagram', 'https://evil.test/ana', 'E90', 'El usuario o enlace de Instagram no es válido.'],
    [
      'instagram',
      'https://instagram.com.evil.test/ana',
      'E90',
      'El usuario o enlace de Instagram no es válido.',
    ],
    ['facebook', 'ana', 'E91', 'El usuario o enlace de Facebook no es válido.'],
    ['linkedin', 'javascript:alert(1)', 'E92', 'El usuario o enlace de LinkedIn no es válido.'],
    ['x', 'un_usuario_demasiado_largo', 'E93', 'El usuario o enlace de X (Twitter) no es válido.'],
    ['youtube', 'https://youtube.com/', 'E94', 'El usuario o enlace de YouTube no es válido.'],
    ['tiktok', 'ana psico', 'E95', 'El usuario o enlace de TikTok no es válido.'],
    [
      'website',
      'javascript:alert(1)',
      'E96',
      'La dirección del sitio web no es válida (por ejemplo: www.tusitio.com).',
    ],
    [
      'website',
      'localhost',
      'E96',
      'La dirección del sitio web no es válida (por ejemplo: www.tusitio.com).',
    ],
  ])('refuses %s %j and writes nothing', async (network, value, code, message) => {
    const { token } = await t.registerUser(1);
    const res = await t.call('change-social-networks', { website: 'anapsico.com', [network]: value }, token);
    expect(res.statusCode).toBe(400);
    expect(res.body).toMatchObject({ code, message, field: network });
    expect((await profileOf(token)).socialNetworks.website).toBeNull();
  });
});

describe('change-user-address', () => {
  async function placesOf(countryId: number) {
    const states = (await t.call('find-states', { userCountry: countryId }, null)).body.states as {
      id: number;
      name: string;
    }[];
    const withCities = [];
    for (const state of states) {
      const cities = (await t.call('find-cities', { userState: state.id }, null)).body.cities as {
        id: number;
        name: string;
      }[];
      if (cities.length > 0) withCities.push({ state, cities });
      if (withCities.length === 2) break;
    }
    return withCities;
  }

  it('saves country, state, city and street, and answers them with their names', async () => {
    const { token } = await t.registerUser(1);
    const [first] = await placesOf(5);
    const city = first?.cities[0];
    if (!first || !city) throw new Error('no reference data for Argentina');
    const address = {
      userCountry: 5,
      userState: first.state.id,
      userCity: city.id,
      userStreet: 'Av. Corrientes 1234',
      userFloor: '3',
      userDepto: 'B',
      userPObox: 'C1043',
    };
    const res = await t.call('change-user-address', address, token);
    expect(res.body).toEqual({ status: '200' });
    expect((await profileOf(token)).address).toEqual({
      ...address,
      countryName: 'Argentina',
      stateName: first.state.name,
      cityName: city.name,
    });
  });

  it('refuses places that do not belong together, and writes nothing', async () => {
    const { token } = await t.registerUser(2);
    const [first, second] = await placesOf(5);
    const [mx] = await placesOf(42);
    if (!first || !second || !mx) throw new Error('no reference data');
    const base = {
      userCountry: 5,
      userState: first.state.id,
      userCity: first.cities[0]?.id,
      userStreet: 'Calle 1',
    };
    const cases: [Record<string, unknown>, string, string][] = [
      [{ userCountry: 999_999 }, 'E20', 'Debes seleccionar el país.'],
      [{ userState: null }, 'E23', 'Debes seleccionar la provincia.'],
      [{ userState: mx.state.id }, 'E25', 'La provincia seleccionada no corresponde al país.'],
      [{ userCity: null }, 'E27', 'Debes seleccionar la ciudad.'],
      [{ userCity: second.cities[0]?.id }, 'E26', 'La ciudad seleccionada no es válida.'],
      [{ userStreet: '' }, 'E29', 'Debes ingresar la dirección.'],
      [{ userStreet: 'ab' }, 'E30a', 'La dirección debe tener entre 3 y 250 caracteres.'],
      [
        { userStreet: 'Calle <b>1</b>' },
        'E31',
        'La dirección solo puede contener letras, números y los signos . , # / º -',
      ],
      [{ userFloor: '1234' }, 'E33', 'El piso debe tener entre 1 y 3 caracteres.'],
      [{ userFloor: '1°' }, 'E34', 'El piso solo puede contener letras y números.'],
      [{ userDepto: '123456789' }, 'E36', 'El departamento debe tener entre 1 y 8 caracteres.'],
      [{ userPObox: 'C1043!' }, 'E38', 'El código postal solo puede tener hasta 10 letras y números.'],
    ];
    for (const [change, code, message] of cases) {
      const res = await t.call('change-user-address', { ...base, ...change }, token);
      expect(res.statusCode, code).toBe(400);
      expect(res.body, code).toMatchObject({ code, message });
    }
    expect((await profileOf(token)).address).toBeNull();
  });

  it("edits only the caller's own profile", async () => {
    const owner = await t.registerUser(1);
    const other = await t.registerUser(1);
    await t.call('change-business-name', { businessName: 'Consultorio Ana' }, owner.token);
    await t.call('change-business-name', { businessName: 'Otro' }, other.token);
    expect((await profileOf(owner.token)).businessName).toBe('Consultorio Ana');
    expect((await profileOf(other.token)).businessName).toBe('Otro');
  });

  it("a team member's session cannot edit the owner's public profile", async () => {
    const owner = await makeUser(t, { userType: 1 });
    const member = await makeUser(t, { userType: 1 });
    const team = await createCorporateSession(t.deps, owner.id, member.id, { calendarEdit: true });
    for (const [action, input] of [
      ['change-user-bio', { userBio: '<p>Otra</p>' }],
      ['change-business-name', { businessName: 'Otro' }],
      ['change-nickname', { nickname: 'intruso' }],
      ['change-social-networks', { instagram: 'intruso' }],
    ] as const) {
      expect((await t.call(action, input, team)).statusCode, action).toBe(403);
    }
    expect(await profileOf(owner.token)).toMatchObject({ userBio: null, businessName: null, nickname: null });
  });
});

describe('the public profile settings are for professionals only', () => {
  it.each([
    ['change-business-name', { businessName: 'X' }],
    ['change-nickname', { nickname: 'cliente01' }],
    ['change-social-networks', { instagram: 'ana' }],
  ] as const)('%s refuses a client account', async (action, input) => {
    const { token } = await t.registerUser(2);
    expect((await t.call(action, input, token)).statusCode).toBe(403);
  });
});
