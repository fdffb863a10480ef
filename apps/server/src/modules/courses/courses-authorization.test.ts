import { beforeAll, describe, expect, it } from 'vitest';
import { makeUser } from '../../test/booking-fixtures.ts';
import {
  buyModuleByCard,
  type CourseRefs,
  makeCourse,
  ok,
  tinyPdf,
  tinyWebm,
  uploadLessonFile,
} from '../../test/course-fixtures.ts';
import { type TestApp, useTestApp } from '../../test/test-app.ts';
import { countRowsOfUser } from '../../test/user-fixtures.ts';
import { signedLessonLink } from './lesson-media.ts';

// Paid content and other people's records: every ref a client can send is checked against the
// viewer, and a foreign ref answers like an unknown one.
type User = Awaited<ReturnType<typeof makeUser>>;
let pro: User;
let other: User;
let unpaid: User;
let a: User;
let b: User;
let c: CourseRefs;
let aEnrolment: string;

const t = useTestApp();
beforeAll(async () => {
  pro = await makeUser(t, { userType: 1, countryId: 5 });
  other = await makeUser(t, { userType: 1, countryId: 5 });
  unpaid = await makeUser(t, { userType: 2, countryId: 5 });
  a = await makeUser(t, { userType: 2, countryId: 5 });
  b = await makeUser(t, { userType: 2, countryId: 5 });
  c = await makeCourse(t, pro.token);
  await buyModuleByCard(t, a.token, c.module2Ref);
  await buyModuleByCard(t, b.token, c.module2Ref);
  aEnrolment = (await ok(t, 'get-course', { ref: c.workshopRef }, a.token)).course.enrolmentRef;
});

async function code(
  action: Parameters<TestApp['call']>[0],
  input: Record<string, unknown>,
  token: string | null,
) {
  const res = await t.call(action, input, token);
  expect(res.statusCode, `${action} should be refused`).not.toBe(200);
  return res.body.code as string;
}

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });

describe('an unpaid student', () => {
  it('gets no content of a sold module by any lesson ref', async () => {
    for (const lessonId of [c.lessons.video, c.lessons.online, c.lessons.quiz]) {
      const { lesson } = await ok(t, 'find-lesson-data-workshop', { lessonId }, unpaid.token);
      expect(lesson).toMatchObject({
        ref: lessonId,
        moduleFree: 1,
        descriptionPrivate: null,
        video: null,
        pdfFile: null,
        quizId: null,
        userPrice: 15000,
      });
    }
    const [live] = (await ok(t, 'find-live-date', { lessonId: c.lessons.online }, unpaid.token)).dates;
    expect(live).toMatchObject({ canEnter: false, linkVideoCall: null, roomIdLink: null, imgQr: null });
    expect(await code('mark-lesson-done', { lessonId: c.lessons.video }, unpaid.token)).toBe('E48');
  });

  it('cannot reach the quiz through its lesson or its own ref', async () => {
    const locked = ['E48', 'E43'];
    expect(locked).toContain(await code('find-quiz-data', { ref: c.lessons.quiz }, unpaid.token));
    expect(locked).toContain(
      await code('find-quiz-data', { ref: c.quizRef, lessonId: c.lessons.quiz }, unpaid.token),
    );
    expect(locked).toContain(
      await code(
        'find-all-quiz-question-data',
        { quizRef: c.lessons.quiz, lessonId: c.lessons.quiz },
        unpaid.token,
      ),
    );
    expect(await code('start-quiz', { lessonId: c.lessons.quiz }, unpaid.token)).toBe('E48');

    expect(await code('find-quiz-data', { ref: c.quizRef }, unpaid.token)).toBe('E43');
    expect(await code('find-all-quiz-question-data', { quizRef: c.quizRef }, unpaid.token)).toBe('E43');
    // start-quiz takes a lesson: a quiz's ref is no lesson at all.
    expect(['E42', 'E43']).toContain(await code('start-quiz', { lessonId: c.quizRef }, unpaid.token));
    expect(await countRowsOfUser(t, 'quiz_attempts', unpaid.id)).toBe(0);
  });

  it('still gets the open module, signed link included', async () => {
    const { lesson } = await ok(t, 'find-lesson-data-workshop', { lessonId: c.lessons.pdf }, unpaid.token);
    expect(lesson).toMatchObject({ moduleFree: 0, descriptionPrivate: 'Lee la guía con calma.' });
    const res = await get(lesson.pdfFile);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.rawPayload.equals(tinyPdf)).toBe(true);
  });
});

describe('signed lesson links', () => {
  let link: string;
  beforeAll(async () => {
    link = (await ok(t, 'find-lesson-data-workshop', { lessonId: c.lessons.video }, a.token)).lesson.video;
  });

  it('serve the paid student, whole and by range', async () => {
    expect(link).toMatch(new RegExp(`^/lesson-files/${c.lessons.video}/video\\?exp=\\d+&sig=[\\w-]+$`));
    const whole = await get(link);
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toBe('video/webm');
    expect(whole.rawPayload.equals(tinyWebm)).toBe(true);
    const part = await get(link, { range: 'bytes=0-9' });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 0-9/${tinyWebm.length}`);
    expect(part.rawPayload.equals(tinyWebm.subarray(0, 10))).toBe(true);
  });

  it('refuse a forged, re-pointed or expired link', async () => {
    const url = new URL(link, 'http://x');
    const exp = url.searchParams.get('exp') as string;
    const sig = url.searchParams.get('sig') as string;
    const forged = [
      `/lesson-files/${c.lessons.video}/video?exp=${exp}&sig=${'A'.repeat(sig.length)}`,
      `/lesson-files/${c.lessons.video}/video?exp=${Number(exp) + 3600}&sig=${sig}`,
      `/lesson-files/${c.lessons.video}/video?exp=${exp}`,
      `/lesson-files/${c.lessons.video}/video`,
      `/lesson-files/${c.lessons.pdf}/pdf?exp=${exp}&sig=${sig}`,
      `/lesson-files/${c.lessons.video}/pdf?exp=${exp}&sig=${sig}`,
    ];
    for (const bad of forged) expect((await get(bad)).statusCode, bad).toBe(403);
    const past = { config: t.deps.config, now: () => new Date(t.clock.now.getTime() - 3 * 60 * 60_000) };
    const expired = signedLessonLink(past, c.lessons.video, 'video');
    expect((await get(expired)).statusCode).toBe(403);
  });

  it('are not handed to visitors', async () => {
    const res = await t.call('find-lesson-data-workshop', { lessonId: c.lessons.video }, null);
    expect(res.statusCode).toBe(401);
  });
});

describe('a student and another student', () => {
  it("cannot answer or finish another student's quiz attempt", async () => {
    const started = await ok(t, 'start-quiz', { lessonId: c.lessons.quiz }, a.token);
    const [q1] = c.questions;
    if (!q1) throw new Error('quiz without questions');
    const before = await t.deps.db
      .selectFrom('quiz_attempts')
      .selectAll()
      .where('ref', '=', started.attemptRef)
      .executeTakeFirstOrThrow();
    expect(
      await code(
        'answer-quiz',
        { attemptRef: started.attemptRef, questionId: q1.ref, optionId: q1.right },
        b.token,
      ),
    ).toBe('E43');
    expect(await code('finish-quiz', { attemptRef: started.attemptRef }, b.token)).toBe('E43');
    const after = await t.deps.db
      .selectFrom('quiz_attempts')
      .selectAll()
      .where('ref', '=', started.attemptRef)
      .executeTakeFirstOrThrow();
    expect(after).toEqual(before);
    expect(after).toMatchObject({ outcome: 'running', answers: '[]', points: 0 });
    const own = await ok(
      t,
      'answer-quiz',
      { attemptRef: started.attemptRef, questionId: q1.ref, optionId: q1.right },
      a.token,
    );
    expect(own.outcome).toBe('running');
  });

  it("never changes another student's progress", async () => {
    await ok(t, 'mark-lesson-done', { lessonId: c.lessons.video }, a.token);
    const before = await ok(t, 'list-user-modules-workshop', { ref: c.workshopRef }, a.token);
    expect(before.completed).toBe(1);
    for (const lessonId of [c.lessons.pdf, c.lessons.video])
      await ok(t, 'mark-lesson-done', { lessonId }, b.token);
    expect(await ok(t, 'list-user-modules-workshop', { ref: c.workshopRef }, a.token)).toEqual(before);
    expect((await ok(t, 'list-user-modules-workshop', { ref: c.workshopRef }, b.token)).completed).toBe(2);
  });

  it("cannot take another student's certificate", async () => {
    // A one-lesson course: the owner removes all but the PDF, so completing it is one click.
    const short = await makeCourse(t, pro.token);
    for (const ref of [
      short.lessons.inPerson,
      short.lessons.video,
      short.lessons.online,
      short.lessons.quiz,
    ]) {
      await ok(t, 'delete-lesson', { ref }, pro.token);
    }
    await ok(t, 'mark-lesson-done', { lessonId: short.lessons.pdf }, a.token);
    const enrolmentRef = (await ok(t, 'get-course', { ref: short.workshopRef }, a.token)).course.enrolmentRef;
    expect(await code('save-certificate-student', { bookingId: enrolmentRef }, b.token)).toBe('E40');
    expect(await code('save-certificate-student', { bookingId: aEnrolment }, b.token)).toBe('E40');
    const { certificateRef } = await ok(t, 'save-certificate-student', { bookingId: enrolmentRef }, a.token);

    expect(await code('certificate', { ref: certificateRef }, b.token)).toBe('E55');
    expect(await code('certificate', { ref: certificateRef }, other.token)).toBe('E55');
    const forPro = await ok(t, 'certificate', { ref: certificateRef }, pro.token);
    expect(Buffer.from(forPro.pdf, 'base64').subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const forStudent = await ok(t, 'certificate', { ref: certificateRef }, a.token);
    expect(forStudent.pdf).toBe(forPro.pdf);
  });
});

describe('another professional', () => {
  let ownCourse: CourseRefs;
  let ownQuizRef: string;
  beforeAll(async () => {
    ownCourse = await makeCourse(t, other.token);
    ownQuizRef = (await ok(t, 'save-quiz', { title: 'Mío', okPoints: 0, time: 1 }, other.token)).ref;
  });

  it("cannot read or change the course, its quiz or its students' payments", async () => {
    const workshop = (await ok(t, 'get-workshop', { ref: c.workshopRef }, pro.token)).workshop;
    const quiz = await ok(t, 'get-quiz', { ref: c.quizRef }, pro.token);
    const students = await ok(t, 'find-bookings-workshops', { mode: 1 }, pro.token);
    // A student whose transfer the professional has not collected yet.
    const pending = await makeUser(t, { userType: 2, countryId: 5 });
    const temp = await ok(t, 'save-temp-sales-modules', { moduleId: c.module2Ref }, pending.token);
    const done = await ok(
      t,
      'save-sales-modules',
      { tempBook: temp.bookRef, mode: 'transfer' },
      pending.token,
    );

    const module = { title: 'Robado', priceLocal: 1, priceInter: 1, moduleFree: 0 };
    const pdfLesson = { title: 'Robada', typeClass: 2 };
    const question = {
      question: '¿Robada?',
      questionType: 1,
      points: 1,
      optionsAnswers: [
        { answer: 'Sí', correct: true },
        { answer: 'No', correct: false },
      ],
    };
    const refused: [Parameters<TestApp['call']>[0], Record<string, unknown>, string][] = [
      ['get-workshop', { ref: c.workshopRef }, 'E40'],
      ['save-workshop', { ref: c.workshopRef, title: 'Robado' }, 'E40'],
      ['delete-workshop', { ref: c.workshopRef }, 'E40'],
      ['save-module', { workshopRef: c.workshopRef, ...module }, 'E40'],
      ['save-module', { workshopRef: c.workshopRef, ref: c.module2Ref, ...module }, 'E40'],
      ['save-module', { workshopRef: ownCourse.workshopRef, ref: c.module2Ref, ...module }, 'E41'],
      ['move-module', { ref: c.module2Ref, direction: 'up' }, 'E41'],
      ['delete-module', { ref: c.module2Ref }, 'E41'],
      ['save-lesson', { moduleRef: c.module1Ref, ...pdfLesson }, 'E41'],
      ['save-lesson', { moduleRef: ownCourse.module1Ref, ref: c.lessons.pdf, ...pdfLesson }, 'E42'],
      ['move-lesson', { ref: c.lessons.inPerson, direction: 'up' }, 'E42'],
      ['delete-lesson', { ref: c.lessons.pdf }, 'E42'],
      ['get-quiz', { ref: c.quizRef }, 'E43'],
      ['save-quiz', { ref: c.quizRef, title: 'Robado', okPoints: 0, time: 1 }, 'E43'],
      ['delete-quiz', { ref: c.quizRef }, 'E43'],
      ['save-quiz-question', { quizRef: c.quizRef, ...question }, 'E43'],
      ['save-quiz-question', { quizRef: ownQuizRef, ref: c.questions[0]?.ref, ...question }, 'E44'],
      ['delete-quiz-question', { ref: c.questions[0]?.ref }, 'E44'],
      ['mark-pay-workshop', { ref: done.enrolmentRef }, 'E40'],
      ['mark-pay-workshop', { ref: aEnrolment }, 'E40'],
      ['save-live-attendance', { lessonId: c.lessons.inPerson, userId: a.ref }, 'E42'],
    ];
    for (const [action, input, expected] of refused) {
      const res = await t.call(action, input, other.token);
      expect(res.body.code, `${action} ${JSON.stringify(input)}`).toBe(expected);
    }
    const upload = await uploadLessonFile(t, other.token, c.lessons.pdf, 'pdf', {
      name: 'otro.pdf',
      type: 'application/pdf',
      bytes: Buffer.concat([tinyPdf, Buffer.from('% otro\n')]),
    });
    expect(upload.statusCode).toBe(400);
    expect(upload.body.code).toBe('E7');

    expect((await ok(t, 'get-workshop', { ref: c.workshopRef }, pro.token)).workshop).toEqual(workshop);
    expect(await ok(t, 'get-quiz', { ref: c.quizRef }, pro.token)).toEqual(quiz);
    const purchase = await t.deps.db
      .selectFrom('module_purchases')
      .select('state')
      .where('ref', '=', temp.bookRef)
      .executeTakeFirstOrThrow();
    expect(purchase.state).toBe('pending');
    const link = (await ok(t, 'find-lesson-data-workshop', { lessonId: c.lessons.pdf }, a.token)).lesson
      .pdfFile;
    expect((await get(link)).rawPayload.equals(tinyPdf)).toBe(true);
    const after = await ok(t, 'find-bookings-workshops', { mode: 1 }, pro.token);
    expect(after.enrolments.map((e: { ref: string }) => e.ref).sort()).toEqual(
      [...students.enrolments.map((e: { ref: string }) => e.ref), done.enrolmentRef].sort(),
    );
  });

  it('lists only their own students', async () => {
    const theirs = await makeUser(t, { userType: 2, countryId: 5, firstName: 'Tomás' });
    await ok(t, 'mark-lesson-done', { lessonId: ownCourse.lessons.pdf }, theirs.token);
    const list = (await ok(t, 'find-bookings-workshops', { mode: 1 }, other.token)).enrolments;
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ courseRef: ownCourse.workshopRef, clientName: 'Tomás Prueba' });
    const mine = (await ok(t, 'find-bookings-workshops', { mode: 1 }, pro.token)).enrolments;
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.every((e: { courseRef: string }) => e.courseRef !== ownCourse.workshopRef)).toBe(true);
    expect(mine.some((e: { clientName: string }) => e.clientName === 'Tomás Prueba')).toBe(false);
  });
});

describe('a client', () => {
  it('cannot create courses, upload lesson files or list a seller’s students', async () => {
    const save = await t.call('save-workshop', { title: 'Mi curso' }, a.token);
    expect(save.statusCode).toBe(403);
    expect(save.body.code).toBe('E403');
    const upload = await uploadLessonFile(t, a.token, c.lessons.pdf, 'pdf', {
      name: 'x.pdf',
      type: 'application/pdf',
      bytes: tinyPdf,
    });
    expect(upload.statusCode).toBe(403);
    expect((await t.call('find-bookings-workshops', { mode: 1 }, a.token)).statusCode).toBe(403);
    expect(await countRowsOfUser(t, 'workshops', a.id)).toBe(0);
  });
});
