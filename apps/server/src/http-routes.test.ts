import { commonErrors, type RouteDef, routes } from '@agendo/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app.ts';
import { defaultConfig } from './config.ts';
import { type RouteModes, routeModes, routeTableProblems } from './http-routes.ts';
import { createCorporateSession } from './modules/auth/auth.service.ts';
import {
  contactOf,
  type Professional,
  professional,
  smallPdf,
} from './modules/clinical/test/clinical-fixtures.ts';
import { multipartBody } from './test/multipart.ts';
import { useTestApp } from './test/test-app.ts';

let owner: Professional;
let contactRef: string;
let pdf: Buffer;
const t = useTestApp();
beforeAll(async () => {
  owner = await professional(t);
  contactRef = (await contactOf(t, owner.id)).ref;
  pdf = await smallPdf();
});

function post(url: string, token: string | null, body: ReturnType<typeof multipartBody>, headers = {}) {
  return t.app.inject({
    method: 'POST',
    url,
    payload: body.payload,
    headers: { ...body.headers, ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });
}

describe('the policy of upload and file routes is the actions’ policy', () => {
  it('refuses a corporate session without the permission with the same E403 an action answers', async () => {
    const member = await professional(t, 'Marta', 'Equipo');
    const token = await createCorporateSession(t.deps, owner.id, member.id, { contactsNotes: true });
    const action = await t.call('find-personal-background', { ref: contactRef }, token);
    expect(action.statusCode).toBe(403);

    const files = [{ field: 'images[]', name: 'a.pdf', type: 'application/pdf', bytes: pdf }];
    const clinical = await post('/upload-studies-files', token, multipartBody({ consId: contactRef }, files));
    expect(clinical.statusCode).toBe(403);
    expect(clinical.json()).toEqual(action.body);

    const image = [{ field: 'image', name: 'a.jpg', type: 'image/jpeg', bytes: Buffer.from('x') }];
    const photo = await post('/upload/contact-image', token, multipartBody({ ref: contactRef }, image));
    expect(photo.statusCode).toBe(403);
    expect(photo.json()).toEqual(action.body);
  });

  it('answers an English caller in English: userLang in the query or the form, or Accept-Language', async () => {
    const image = [{ field: 'image', name: 'a.jpg', type: 'image/jpeg', bytes: Buffer.from('x') }];
    const english = { status: '400', code: 'E7', message: 'Service not found.', field: 'ref' };
    const byQuery = await post(
      '/upload/publication-image?userLang=en',
      owner.token,
      multipartBody({ ref: 'unknownref1234' }, image),
    );
    expect(byQuery.json()).toEqual(english);
    const byField = await post(
      '/upload/publication-image',
      owner.token,
      multipartBody({ ref: 'unknownref1234', userLang: 'en' }, image),
    );
    expect(byField.json()).toEqual(english);
    const byHeader = await post('/upload/publication-image', null, multipartBody({ ref: 'x' }, image), {
      'accept-language': 'en-US,en;q=0.9',
    });
    expect(byHeader.json()).toMatchObject({ status: '401', message: commonErrors.E401.en });
    const spanish = await post(
      '/upload/publication-image',
      owner.token,
      multipartBody({ ref: 'unknownref1234' }, image),
    );
    expect(spanish.json()).toMatchObject({ code: 'E7', message: 'No encontramos el servicio.' });
  });

  it('answers bad params of a file route with 400 and a code, never 500', async () => {
    const auth = { authorization: `Bearer ${owner.token}` };
    for (const url of ['/record-files/bad!ref/file', '/record-files/abcdefgh1234/original']) {
      const res = await t.app.inject({ method: 'GET', url, headers: auth });
      expect(res.statusCode, url).toBe(400);
      expect(res.json(), url).toMatchObject({ status: '400', code: 'E1' });
    }
    const lesson = await t.app.inject({ method: 'GET', url: '/lesson-files/abcdefgh1234/audio?exp=1&sig=x' });
    expect(lesson.json()).toMatchObject({ status: '400', code: 'E1', field: 'kind' });
    const attachment = await t.app.inject({
      method: 'GET',
      url: '/dev/mailbox/abcdefgh1234/attachments/first',
    });
    expect(attachment.json()).toMatchObject({ status: '400', code: 'E1', field: 'index' });
  });
});

const everything: RouteModes = { development: true, sandbox: true };
const production: RouteModes = { development: false, sandbox: false };

describe('the route table', () => {
  it('lists every route the server registers, so a route added by hand stops the server', async () => {
    const { app } = await buildApp({ ...t.config, logLevel: 'silent' });
    app.get('/by-hand', async () => 'ok');
    await expect(app.ready()).rejects.toThrow(/GET \/by-hand is not in the route table/);
    await app.close().catch(() => undefined);
  });

  it('reports routes missing from the table, entries never registered, and a path that does not match', () => {
    const table = { healthz: routes.healthz, recordFile: routes.recordFile } as Record<string, RouteDef>;
    expect(
      routeTableProblems(
        [
          { method: 'GET', url: '/healthz', routeName: 'healthz', staticFile: false },
          { method: 'HEAD', url: '/healthz', routeName: 'healthz', staticFile: false },
          { method: 'GET', url: '/by-hand', staticFile: false },
        ],
        table,
        everything,
      ),
    ).toEqual([
      'GET /by-hand is not in the route table',
      'record-file (GET /record-files/:ref/:variant) is not registered',
    ]);
    expect(
      routeTableProblems(
        [{ method: 'POST', url: '/record-files/:ref/:variant', routeName: 'record-file', staticFile: false }],
        { recordFile: routes.recordFile },
        everything,
      ),
    ).toContain("POST /record-files/:ref/:variant does not match the table's record-file");
    // Static mounts are files of a declared folder; the development mailbox is absent in production.
    expect(
      routeTableProblems(
        [{ method: 'GET', url: '/files/*', staticFile: true }],
        { publicFiles: routes.publicFiles, devMailbox: routes.devMailbox },
        production,
      ),
    ).toEqual([]);
  });

  it('refuses a development route registered where its `only` does not allow it, and requires it where it does', () => {
    const table = { devMailbox: routes.devMailbox, sandboxCheckoutPage: routes.sandboxCheckoutPage };
    const registered = [
      { method: 'GET', url: '/dev/mailbox', routeName: 'dev-mailbox', staticFile: false },
      {
        method: 'GET',
        url: '/sandbox-checkout/:provider/:ref',
        routeName: 'sandbox-checkout-page',
        staticFile: false,
      },
    ];
    expect(routeTableProblems(registered, table, everything)).toEqual([]);
    expect(routeTableProblems(registered, table, { development: false, sandbox: true })).toEqual([
      'dev-mailbox (GET /dev/mailbox) is development only',
    ]);
    expect(routeTableProblems(registered, table, production)).toEqual([
      'dev-mailbox (GET /dev/mailbox) is development only',
      'sandbox-checkout-page (GET /sandbox-checkout/:provider/:ref) is sandbox only',
    ]);
    expect(routeTableProblems([], table, everything)).toEqual([
      'dev-mailbox (GET /dev/mailbox) is not registered',
      'sandbox-checkout-page (GET /sandbox-checkout/:provider/:ref) is not registered',
    ]);
  });

  it('serves the development routes outside production, and in production only the sandbox when accepted', () => {
    const payments = defaultConfig().payments;
    expect(routeModes({ env: 'development', payments })).toEqual(everything);
    expect(routeModes({ env: 'test', payments })).toEqual(everything);
    expect(routeModes({ env: 'production', payments })).toEqual(production);
    expect(routeModes({ env: 'production', payments: { ...payments, sandboxOptIn: true } })).toEqual({
      development: false,
      sandbox: true,
    });
  });
});
