import fs from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { newRef } from '../lib/random.ts';
import { makePublication, makeUser } from '../test/booking-fixtures.ts';
import { makeCourse } from '../test/course-fixtures.ts';
import { useTestApp } from '../test/test-app.ts';
import { builtWebDist } from '../test/web-dist.ts';

// Issue 34 "Sharing": a service or course link shared on a messaging app shows that
// publication's own card, as the professional's public page already did.
const webDist = builtWebDist();
afterAll(() => fs.rmSync(webDist, { recursive: true, force: true }));
const t = useTestApp({ webDist });

const page = async (url: string) => {
  const res = await t.app.inject({ method: 'GET', url });
  expect(res.statusCode, url).toBe(200);
  return res.body;
};
const og = (html: string, property: string) =>
  new RegExp(`<meta property="og:${property}" content="([^"]*)" />`).exec(html)?.[1] ?? null;

describe('Open Graph tags of service and course pages', () => {
  it('a service page carries its own title, description, cover and url', async () => {
    const pro = await makeUser(t, { userType: 1 });
    const service = await makePublication(t, pro.id, {
      title: 'Sesión de "mindfulness" & calma',
      description: '<p>Una hora para <strong>respirar</strong> y bajar el ritmo.</p>',
    });
    await t.deps.db
      .insertInto('publication_images')
      .values({
        ref: newRef(),
        publication_id: service.id,
        path: '/files/publications/portada.webp',
        position: 0,
        created_at: t.clock.now.toISOString(),
      })
      .execute();
    for (const url of [
      `/ar/es/service/${service.ref}/sesion`,
      `/ar/es/service-landing/${service.ref}/sesion`,
    ]) {
      const html = await page(url);
      expect(og(html, 'title'), url).toBe('Sesión de &quot;mindfulness&quot; &amp; calma · Agendo');
      expect(og(html, 'description'), url).toBe('Una hora para respirar y bajar el ritmo.');
      expect(og(html, 'image'), url).toBe(`${t.config.publicUrl}/files/publications/portada.webp`);
      expect(og(html, 'url'), url).toBe(`${t.config.publicUrl}/ar/es/service/${service.ref}`);
      expect(og(html, 'type'), url).toBe('website');
      expect(html).toContain('<title>Sesión de &quot;mindfulness&quot; &amp; calma · Agendo</title>');
    }
  });

  it('a course page carries its own title, description, cover and url', async () => {
    const pro = await makeUser(t, { userType: 1 });
    const course = await makeCourse(t, pro.token);
    await t.deps.db
      .updateTable('workshops')
      .set({ cover: '/files/workshops/tapa.webp' })
      .where('ref', '=', course.workshopRef)
      .execute();
    const html = await page(`/ar/es/course/${course.workshopRef}/respiracion`);
    expect(og(html, 'title')).toBe(`${course.title} · Agendo`);
    expect(og(html, 'description')).toBe('Un curso para aprender a respirar mejor.');
    expect(og(html, 'image')).toBe(`${t.config.publicUrl}/files/workshops/tapa.webp`);
    expect(og(html, 'url')).toBe(`${t.config.publicUrl}/ar/es/course/${course.workshopRef}`);
  });

  it('paused, deleted or unknown publications keep the built head', async () => {
    const pro = await makeUser(t, { userType: 1 });
    const paused = await makePublication(t, pro.id, { title: 'En pausa', paused: 1 });
    const deleted = await makePublication(t, pro.id, {
      title: 'Borrado',
      deleted_at: t.clock.now.toISOString(),
    });
    for (const url of [
      `/ar/es/service/${paused.ref}`,
      `/ar/es/service/${deleted.ref}`,
      '/ar/es/service/NoExisteEsteServicio',
      '/ar/es/course/NoExisteEsteCurso',
    ]) {
      const html = await page(url);
      expect(html, url).toContain('<title>Agendo</title>');
      expect(html, url).not.toContain('og:title');
    }
  });
});
