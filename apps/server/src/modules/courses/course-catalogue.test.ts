import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeUser } from '../../test/booking-fixtures.ts';
import { buyModuleByTransfer, type CourseRefs, makeCourse, ok } from '../../test/course-fixtures.ts';
import { multipartBody } from '../../test/multipart.ts';
import { useTestApp } from '../../test/test-app.ts';

// How a visitor finds a course and moves through it: the professional's public page lists
// live courses only, and lessons run module by module whatever their positions inside each.
let pro: Awaited<ReturnType<typeof makeUser>>;
let course: CourseRefs;

const t = useTestApp();
beforeAll(async () => {
  pro = await makeUser(t, { userType: 1 });
  course = await makeCourse(t, pro.token);
});

describe('the professional page lists courses', () => {
  it('shows a live course to a visitor, with its counts', async () => {
    const body = await ok(t, 'find-professional-workshops', { ref: pro.ref });
    expect(body.workshops).toEqual([
      expect.objectContaining({ ref: course.workshopRef, title: course.title, modules: 2, lessons: 5 }),
    ]);
  });

  it('hides a paused course and answers an empty list for an unknown professional', async () => {
    const paused = await makeCourse(t, pro.token, { title: 'Curso en pausa' });
    const editor = await ok(t, 'get-workshop', { ref: paused.workshopRef }, pro.token);
    await ok(t, 'save-workshop', { ...editor.workshop, ref: paused.workshopRef, paused: 1 }, pro.token);
    const body = await ok(t, 'find-professional-workshops', { ref: pro.ref });
    expect(body.workshops.map((w: { ref: string }) => w.ref)).toEqual([course.workshopRef]);
    const nobody = await ok(t, 'find-professional-workshops', { ref: 'unknown-professional-ref' });
    expect(nobody.workshops).toEqual([]);
  });
});

describe('lesson navigation', () => {
  it('runs module by module: the last lesson of module 1 leads to the first of module 2', async () => {
    const student = await makeUser(t);
    const refs = course.lessonRefs;
    for (const [index, ref] of refs.entries()) {
      const body = await ok(t, 'find-lesson-data-workshop', { lessonId: ref }, student.token);
      expect(body.lesson.prevRef).toBe(refs[index - 1] ?? null);
      expect(body.lesson.nextRef).toBe(refs[index + 1] ?? null);
    }
  });
});

describe('the records side (spec 001 §2.6)', () => {
  it("lists a buying student's course with its live lessons on their contact, to this professional only", async () => {
    const student = await makeUser(t);
    await buyModuleByTransfer(t, student.token, pro.token, course.module2Ref);
    // Buying made the student one of the professional's contacts (spec 001 §2.1).
    const contact = await t.deps.db
      .selectFrom('contacts')
      .select('ref')
      .where('professional_id', '=', pro.id)
      .where('user_id', '=', student.id)
      .executeTakeFirstOrThrow();
    const body = await ok(t, 'find-contact-workshops', { ref: contact.ref }, pro.token);
    expect(body.workshops).toHaveLength(1);
    expect(body.workshops[0].enrolment).toMatchObject({
      courseRef: course.workshopRef,
      badgeText: 'ABONADO',
    });
    expect(body.workshops[0].liveLessons.map((l: { ref: string }) => l.ref).sort()).toEqual(
      [course.lessons.inPerson, course.lessons.online].sort(),
    );

    const other = await makeUser(t, { userType: 1 });
    const foreign = await t.call('find-contact-workshops', { ref: contact.ref }, other.token);
    expect(foreign.statusCode).toBe(400);
    expect(foreign.body.code).toBe('E40');
    const client = await t.call('find-contact-workshops', { ref: contact.ref }, student.token);
    expect(client.statusCode).toBe(403);
  });
});

async function uploadCover(token: string, ref: string, file: { name: string; type: string; bytes: Buffer }) {
  const body = multipartBody({ ref }, [{ field: 'image', ...file }]);
  const res = await t.app.inject({
    method: 'POST',
    url: '/upload/workshop-cover',
    payload: body.payload,
    headers: { ...body.headers, authorization: `Bearer ${token}` },
  });
  return { statusCode: res.statusCode, body: res.json() };
}

describe('the course cover', () => {
  it("is the owner's to set, re-encoded as a public image; others and non-images are refused", async () => {
    const png = await sharp({ create: { width: 40, height: 20, channels: 3, background: '#2b6f6a' } })
      .png()
      .toBuffer();
    const done = await uploadCover(pro.token, course.workshopRef, {
      name: 'portada.png',
      type: 'image/png',
      bytes: png,
    });
    expect(done.statusCode).toBe(200);
    expect(done.body.cover).toMatch(/^\/files\/workshops\/.+\.webp$/);
    const page = await ok(t, 'get-course', { ref: course.workshopRef });
    expect(page.course.cover).toBe(done.body.cover);

    const other = await makeUser(t, { userType: 1 });
    const foreign = await uploadCover(other.token, course.workshopRef, {
      name: 'x.png',
      type: 'image/png',
      bytes: png,
    });
    expect(foreign).toMatchObject({
      statusCode: 400,
      body: { code: 'E7', message: 'No encontramos el curso/taller.' },
    });
    const pdf = await uploadCover(pro.token, course.workshopRef, {
      name: 'x.pdf',
      type: 'application/pdf',
      bytes: Buffer.from('%PDF-1.4\n%%EOF\n'),
    });
    expect(pdf).toMatchObject({ statusCode: 415, body: { code: 'E415' } });
    expect((await ok(t, 'get-course', { ref: course.workshopRef })).course.cover).toBe(done.body.cover);
  });
});
