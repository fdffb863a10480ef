import { coursePageSize } from '@agendo/contract';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { makeUser } from '../../test/booking-fixtures.ts';
import { ok } from '../../test/course-fixtures.ts';
import { useTestApp } from '../../test/test-app.ts';

// Issue 12: published courses are found by search, with the visibility of their course page.
let lucia: Awaited<ReturnType<typeof makeUser>>;
let diego: Awaited<ReturnType<typeof makeUser>>;
const refs: Record<string, string> = {};

interface Module {
  priceLocal: number;
  priceInter: number;
  moduleFree: 0 | 1 | 2;
}
const open: Module = { priceLocal: 0, priceInter: 0, moduleFree: 0 };
const sold: Module = { priceLocal: 15000, priceInter: 20, moduleFree: 1 };

async function course(
  token: string,
  title: string,
  modules: Module[],
  extra: Record<string, unknown> = {},
): Promise<string> {
  const workshop = await ok(
    t,
    'save-workshop',
    { title, description: 'Respirar mejor frente al estrés diario.', payCard: 1, ...extra },
    token,
  );
  for (const [i, m] of modules.entries()) {
    const saved = await ok(
      t,
      'save-module',
      { workshopRef: workshop.ref, title: `Módulo ${i + 1}`, description: '', ...m },
      token,
    );
    await ok(
      t,
      'save-lesson',
      { moduleRef: saved.ref, title: `Clase ${i + 1}`, typeClass: 1, duration: 10, descriptionPrivate: '' },
      token,
    );
  }
  return workshop.ref as string;
}

async function search(input: Record<string, unknown>, browserCountry = 'ar') {
  const res = await t.call('search-courses', { browserCountry, ...input });
  expect(res.statusCode).toBe(200);
  return res.body as {
    courses: { ref: string; title: string }[] & Record<string, unknown>[];
    next: number | null;
  };
}
const titlesOf = async (input: Record<string, unknown>) => (await search(input)).courses.map((c) => c.title);

const t = useTestApp();
beforeAll(async () => {
  lucia = await makeUser(t, { userType: 1, countryId: 5, firstName: 'Lucía' });
  await t.deps.db.updateTable('users').set({ gender: 2 }).where('id', '=', lucia.id).execute();
  diego = await makeUser(t, {
    userType: 1,
    countryId: 42,
    firstName: 'Diego',
    timeZone: 'America/Mexico_City',
  });
  await t.deps.db.updateTable('users').set({ gender: 1 }).where('id', '=', diego.id).execute();

  refs.published = await course(lucia.token, 'Respiración consciente para la ansiedad', [open, sold]);
  refs.paused = await course(lucia.token, 'Respiración pausada', [open, sold], { paused: 1 });
  refs.deleted = await course(lucia.token, 'Respiración borrada', [open, sold]);
  await ok(t, 'delete-workshop', { ref: refs.deleted }, lucia.token);
  refs.empty = await course(lucia.token, 'Respiración sin módulos', []);
  refs.mexico = await course(diego.token, 'Respiración para deportistas', [
    { priceLocal: 900, priceInter: 45, moduleFree: 1 },
    { priceLocal: 600, priceInter: 35, moduleFree: 2 },
  ]);

  const blocked = await makeUser(t, { userType: 1, countryId: 5, firstName: 'Bruno' });
  refs.blocked = await course(blocked.token, 'Respiración de un profesional bloqueado', [open, sold]);
  await t.deps.db.updateTable('users').set({ block_use: 1 }).where('id', '=', blocked.id).execute();
}, 60_000);

describe('search-courses: visibility', () => {
  it('finds a published course by text and country, never a paused, deleted, empty or blocked one', async () => {
    expect(await titlesOf({ text: 'RESPIRACIÓN', country: 5 })).toEqual([
      'Respiración consciente para la ansiedad',
    ]);
    // The text also matches the description and the professional's name.
    expect(await titlesOf({ text: 'estrés diario', country: 5 })).toEqual([
      'Respiración consciente para la ansiedad',
    ]);
    expect(await titlesOf({ text: 'lucía prueba' })).toEqual(['Respiración consciente para la ansiedad']);
    expect(await titlesOf({ text: 'respiración' })).toEqual([
      'Respiración para deportistas',
      'Respiración consciente para la ansiedad',
    ]);
  });

  it("filters by the professional's country and gender", async () => {
    expect(await titlesOf({ text: 'respiración', country: 42 })).toEqual(['Respiración para deportistas']);
    expect(await titlesOf({ text: 'respiración', gender: 2 })).toEqual([
      'Respiración consciente para la ansiedad',
    ]);
    expect(await titlesOf({ text: 'yoga' })).toEqual([]);
  });

  it('rejects a text over 100 characters with the contract message', async () => {
    const res = await t.call('search-courses', { text: 'a'.repeat(101) });
    expect(res.statusCode).toBe(400);
    expect(res.body).toMatchObject({ code: 'E2', message: 'La búsqueda puede tener hasta 100 caracteres.' });
  });
});

describe('search-courses: the card', () => {
  it('links the course and prices its cheapest sold module in pesos for an Argentine visitor', async () => {
    const { courses } = await search({ text: 'consciente' });
    expect(courses).toEqual([
      {
        ref: refs.published,
        title: 'Respiración consciente para la ansiedad',
        cover: null,
        profRef: lucia.ref,
        profName: 'Lucía',
        profLastName: 'Prueba',
        profImg: null,
        profCountry: 5,
        modules: 2,
        lessons: 2,
        freeModules: 1,
        certificate: true,
        currency: 'ARS',
        price: 15000,
        priceText: expect.stringMatching(/^\$\s15\.000,00 ARS$/),
        free: false,
        hidePrice: false,
      },
    ]);
    // The ref opens the course page, which sells that module at that price to the same visitor.
    const page = await ok(t, 'get-course', { ref: courses[0]?.ref });
    expect(page.course.title).toBe('Respiración consciente para la ansiedad');
    expect(page.course.modules.map((m: { userPrice: number; userCurrency: string }) => m)).toEqual([
      expect.objectContaining({ moduleFree: 0 }),
      expect.objectContaining({ moduleFree: 1, userPrice: 15000, userCurrency: 'ARS' }),
    ]);
  });

  it('prices in USD for a visitor from another country, the cheapest of both sold kinds', async () => {
    const { courses } = await search({ text: 'deportistas' });
    expect(courses[0]).toMatchObject({
      currency: 'USD',
      price: 35,
      priceText: expect.stringMatching(/^US\$\s35,00$/),
      freeModules: 0,
    });
    const local = await search({ text: 'deportistas' }, 'mx');
    expect(local.courses[0]).toMatchObject({ currency: 'MXN', price: 600, free: false });
  });

  it('reads a hidden price as hidden, and a course without price or with open modules only as free', async () => {
    await course(lucia.token, 'Precio oculto', [sold], { hidePrice: 1 });
    await course(lucia.token, 'Sin precio', [sold], { noPrice: 1 });
    await course(lucia.token, 'Todo abierto', [open, open], { hidePrice: 1 });
    const byTitle = async (text: string) => (await search({ text })).courses[0];
    expect(await byTitle('precio oculto')).toMatchObject({
      hidePrice: true,
      free: false,
      price: null,
      priceText: null,
    });
    expect(await byTitle('sin precio')).toMatchObject({ hidePrice: false, free: true, price: null });
    expect(await byTitle('todo abierto')).toMatchObject({ hidePrice: false, free: true, freeModules: 2 });
  });
});

describe('search-courses: pages', () => {
  it('pages through the results with one query per page, however many courses it holds', async () => {
    const executor = t.deps.db.getExecutor();
    const spy = vi.spyOn(executor, 'executeQuery');
    for (let i = 1; i <= coursePageSize + 1; i++) {
      await course(diego.token, `Meditación paginada ${String(i).padStart(2, '0')}`, [sold]);
    }
    spy.mockClear();
    const first = await search({ text: 'meditación paginada' });
    expect(spy).toHaveBeenCalledTimes(1);
    expect(first.courses).toHaveLength(coursePageSize);
    expect(first.next).toBe(coursePageSize);
    const second = await search({ text: 'meditación paginada', next: first.next });
    expect(second.courses.map((c) => c.title)).toEqual(['Meditación paginada 01']);
    expect(second.next).toBeNull();
    spy.mockRestore();
  });
});
