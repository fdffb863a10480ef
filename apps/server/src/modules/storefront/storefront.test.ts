import { describe, expect, it } from 'vitest';
import { bookingRow } from '../../test/booking-fixtures.ts';
import { publishInput } from '../../test/publish-input.ts';
import { useTestApp } from '../../test/test-app.ts';

const t = useTestApp();

const service = publishInput({
  description: 'Un espacio de escucha para trabajar la ansiedad y el estrés del día a día.',
  duration: 60,
});

async function publish(token: string, extra: Record<string, unknown> = {}): Promise<string> {
  const res = await t.call('save-publish', { ...service, ...extra }, token);
  if (res.statusCode !== 200) throw new Error(`save-publish failed: ${JSON.stringify(res.body)}`);
  return res.body.ref as string;
}

async function userOf(token: string) {
  const data = await t.call('find-user-data', {}, token);
  const row = await t.deps.db
    .selectFrom('users')
    .select(['id', 'ref'])
    .where('ref', '=', data.body.ref)
    .executeTakeFirstOrThrow();
  return row;
}

async function questionCount(): Promise<number> {
  const row = await t.deps.db
    .selectFrom('questions')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

describe('questions and answers', () => {
  it('pages the answered questions 10 at a time, newest first', async () => {
    const pro = await t.registerUser(1);
    const ref = await publish(pro.token);
    // Two askers: one person may ask at most 20 questions an hour.
    const askers = [await t.registerUser(2, { userFirstName: 'Carla' }), await t.registerUser(2)];
    const refs: string[] = [];
    for (let i = 0; i < 23; i++) {
      t.clock.now = new Date(Date.parse('2026-11-22T12:00:00Z') + i * 1000);
      const asker = askers[i % 2] ?? askers[0];
      const res = await t.call('save-question', { ref, question: `¿Pregunta número ${i}?` }, asker?.token);
      expect(res.statusCode).toBe(200);
      refs.push(res.body.questionRef);
    }
    for (const questionRef of refs) {
      expect(
        (await t.call('answer-question', { ref: questionRef, answer: 'Sí, claro.' }, pro.token)).body,
      ).toEqual({
        status: '200',
      });
    }

    const first = await t.call('find-questions', { ref, next: 0 });
    expect(first.body.questions).toHaveLength(10);
    expect(first.body).toMatchObject({ next: 10, total: 23, isOwner: false });
    expect(first.body.questions[0]).toMatchObject({
      question: '¿Pregunta número 22?',
      askerName: 'Carla',
      answer: 'Sí, claro.',
      mine: false,
      reportedQuestion: false,
    });
    expect(first.body.questions[0].answerDate).toBeTruthy();
    const second = await t.call('find-questions', { ref, next: 10 });
    expect(second.body.questions).toHaveLength(10);
    expect(second.body.next).toBe(20);
    const third = await t.call('find-questions', { ref, next: 20 });
    expect(third.body.questions.map((q: { question: string }) => q.question)).toEqual([
      '¿Pregunta número 2?',
      '¿Pregunta número 1?',
      '¿Pregunta número 0?',
    ]);
    expect(third.body.next).toBeNull();
    t.clock.now = new Date('2026-11-22T12:00:00Z');
  });

  it('shows an unanswered question only to its asker and to the owner', async () => {
    const pro = await t.registerUser(1);
    const ref = await publish(pro.token);
    const asker = await t.registerUser(2);
    const other = await t.registerUser(2);
    await t.call('save-question', { ref, question: '¿Atiendes los sábados?' }, asker.token);

    expect((await t.call('find-questions', { ref })).body.questions).toEqual([]);
    expect((await t.call('find-questions', { ref }, other.token)).body.questions).toEqual([]);
    const mine = await t.call('find-questions', { ref }, asker.token);
    expect(mine.body.questions).toMatchObject([
      { question: '¿Atiendes los sábados?', answer: null, mine: true },
    ]);
    const owner = await t.call('find-questions', { ref }, pro.token);
    expect(owner.body).toMatchObject({ isOwner: true, total: 1 });
  });

  it.each([
    ['an empty question', '', 'E2', 'Debes ingresar tu pregunta.'],
    ['a blank question', '   ', 'E2', 'Debes ingresar tu pregunta.'],
    ['4 characters', '¿Si?', 'E3', 'La pregunta debe tener entre 5 y 500 caracteres.'],
    ['501 characters', 'x'.repeat(501), 'E3', 'La pregunta debe tener entre 5 y 500 caracteres.'],
  ])('refuses %s with %s and writes nothing', async (_label, question, code, message) => {
    const pro = await t.registerUser(1);
    const ref = await publish(pro.token);
    const client = await t.registerUser(2);
    const before = await questionCount();
    const res = await t.call('save-question', { ref, question }, client.token);
    expect(res.statusCode).toBe(400);
    expect(res.body).toEqual({ status: '400', code, message, field: 'question' });
    expect(await questionCount()).toBe(before);
  });

  it('refuses a 21st question within an hour (E6) and accepts again an hour later', async () => {
    const pro = await t.registerUser(1);
    const ref = await publish(pro.token);
    const client = await t.registerUser(2);
    for (let i = 0; i < 20; i++) {
      expect(
        (await t.call('save-question', { ref, question: `¿Duda número ${i}?` }, client.token)).statusCode,
      ).toBe(200);
    }
    const before = await questionCount();
    const over = await t.call('save-question', { ref, question: '¿Una más?' }, client.token);
    expect(over.body).toEqual({
      status: '400',
      code: 'E6',
      message: 'Hiciste demasiadas preguntas. Espera unos minutos y vuelve a intentarlo.',
      field: 'question',
    });
    expect(await questionCount()).toBe(before);
    t.clock.now = new Date('2026-11-22T13:00:01Z');
    expect((await t.call('save-question', { ref, question: '¿Una más?' }, client.token)).statusCode).toBe(
      200,
    );
    t.clock.now = new Date('2026-11-22T12:00:00Z');
  });

  it('refuses a question on one’s own publication, on an unknown one, and without a session', async () => {
    const pro = await t.registerUser(1);
    const ref = await publish(pro.token);
    const before = await questionCount();
    const own = await t.call('save-question', { ref, question: '¿Me pregunto a mí mismo?' }, pro.token);
    expect(own.statusCode).toBe(400);
    expect(own.body).toMatchObject({
      code: 'E4',
      message: 'No puedes hacer preguntas en tu propia publicación.',
      field: 'question',
    });
    const client = await t.registerUser(2);
    const unknown = await t.call(
      'save-question',
      { ref: 'AAAAAAAAAAAAAAAAAAAAAA', question: '¿Existe este servicio?' },
      client.token,
    );
    expect(unknown.body).toMatchObject({ code: 'E5', message: 'No encontramos la publicación.' });
    const anonymous = await t.call('save-question', { ref, question: '¿Puedo preguntar sin cuenta?' });
    expect(anonymous.statusCode).toBe(401);
    expect(await questionCount()).toBe(before);
  });

  it('lets only the owning professional answer, with coded validation', async () => {
    const a = await t.registerUser(1);
    const b = await t.registerUser(1);
    const ref = await publish(a.token);
    const client = await t.registerUser(2);
    const { body } = await t.call(
      'save-question',
      { ref, question: '¿Cuánto dura la sesión?' },
      client.token,
    );
    const questionRef = body.questionRef as string;

    const byB = await t.call('answer-question', { ref: questionRef, answer: 'Dura una hora.' }, b.token);
    expect(byB.statusCode).toBe(400);
    expect(byB.body).toMatchObject({ code: 'E12', message: 'No encontramos la pregunta.' });
    const byClient = await t.call(
      'answer-question',
      { ref: questionRef, answer: 'Dura una hora.' },
      client.token,
    );
    expect(byClient.statusCode).toBe(403);

    const empty = await t.call('answer-question', { ref: questionRef, answer: ' ' }, a.token);
    expect(empty.body).toEqual({
      status: '400',
      code: 'E10',
      message: 'Debes ingresar la respuesta.',
      field: 'answer',
    });
    const short = await t.call('answer-question', { ref: questionRef, answer: 'S' }, a.token);
    expect(short.body).toMatchObject({
      code: 'E11',
      message: 'La respuesta debe tener entre 2 y 1000 caracteres.',
    });
    const long = await t.call('answer-question', { ref: questionRef, answer: 'x'.repeat(1001) }, a.token);
    expect(long.body).toMatchObject({ code: 'E11' });
    expect((await t.call('find-questions', { ref })).body.questions).toEqual([]);

    await t.call('answer-question', { ref: questionRef, answer: 'Dura una hora.' }, a.token);
    expect((await t.call('find-questions', { ref })).body.questions).toMatchObject([
      { question: '¿Cuánto dura la sesión?', answer: 'Dura una hora.' },
    ]);
  });
});

describe('reports', () => {
  async function answeredQuestion() {
    const pro = await t.registerUser(1);
    const ref = await publish(pro.token);
    const asker = await t.registerUser(2);
    const { body } = await t.call(
      'save-question',
      { ref, question: '¿Trabajas con obra social?' },
      asker.token,
    );
    await t.call('answer-question', { ref: body.questionRef, answer: 'No, solo particular.' }, pro.token);
    return { pro, ref, asker, questionRef: body.questionRef as string };
  }

  it('counts a user once and hides the question after 3 distinct reports', async () => {
    const { ref, questionRef } = await answeredQuestion();
    const [r1, r2, r3] = [await t.registerUser(2), await t.registerUser(2), await t.registerUser(2)];
    for (let i = 0; i < 3; i++) {
      expect((await t.call('report-question', { ref: questionRef, answer: 'q' }, r1.token)).body).toEqual({
        status: '200',
      });
    }
    const seen = await t.call('find-questions', { ref }, r1.token);
    expect(seen.body.questions).toMatchObject([{ reportedQuestion: true, reportedAnswer: false }]);
    await t.call('report-question', { ref: questionRef, answer: 'q' }, r2.token);
    expect((await t.call('find-questions', { ref })).body.questions).toHaveLength(1);

    await t.call('report-question', { ref: questionRef, answer: 'q' }, r3.token);
    expect((await t.call('find-questions', { ref })).body).toMatchObject({ questions: [], total: 0 });
    // A hidden question is gone for its owner too, and cannot be answered or reported again.
    expect((await t.call('report-question', { ref: questionRef, answer: 'q' }, r1.token)).body).toMatchObject(
      {
        code: 'E12',
      },
    );
  });

  it('hides only the answer after 3 reports of it; the professional may answer again', async () => {
    const { pro, ref, questionRef } = await answeredQuestion();
    for (let i = 0; i < 3; i++) {
      const reporter = await t.registerUser(2);
      await t.call('report-question', { ref: questionRef, answer: 'a' }, reporter.token);
    }
    const owner = await t.call('find-questions', { ref }, pro.token);
    expect(owner.body.questions).toMatchObject([{ question: '¿Trabajas con obra social?', answer: null }]);
    expect((await t.call('find-questions', { ref })).body.questions).toEqual([]);

    await t.call('answer-question', { ref: questionRef, answer: 'Sí, con algunas.' }, pro.token);
    expect((await t.call('find-questions', { ref })).body.questions).toMatchObject([
      { answer: 'Sí, con algunas.' },
    ]);
  });

  it("the owner's report of a question hides it at once; reports need a session and a real ref", async () => {
    const { pro, ref, questionRef } = await answeredQuestion();
    expect((await t.call('report-question', { ref: questionRef, answer: 'q' })).statusCode).toBe(401);
    const unknown = await t.call(
      'report-question',
      { ref: 'BBBBBBBBBBBBBBBBBBBBBB', answer: 'q' },
      pro.token,
    );
    expect(unknown.body).toMatchObject({ code: 'E12', message: 'No encontramos la pregunta.' });
    await t.call('report-question', { ref: questionRef, answer: 'q' }, pro.token);
    expect((await t.call('find-questions', { ref })).body.questions).toEqual([]);
  });

  it('does not count reports of one’s own question', async () => {
    const { ref, asker, questionRef } = await answeredQuestion();
    const reporters = [asker, await t.registerUser(2), await t.registerUser(2)];
    for (const r of reporters) await t.call('report-question', { ref: questionRef, answer: 'q' }, r.token);
    expect((await t.call('find-questions', { ref })).body.questions).toHaveLength(1);
  });
});

describe('check-first-buy', () => {
  it('is true until the client has a booking that is not cancelled with this professional', async () => {
    const pro = await t.registerUser(1);
    const ref = await publish(pro.token);
    const otherRef = await publish(pro.token, { title: 'Segunda sesión de psicología' });
    const client = await t.registerUser(2);
    const [proRow, clientRow] = [await userOf(pro.token), await userOf(client.token)];
    const pub = await t.deps.db
      .selectFrom('publications')
      .select('id')
      .where('ref', '=', otherRef)
      .executeTakeFirstOrThrow();

    expect((await t.call('check-first-buy', { publishId: ref }, client.token)).body).toEqual({
      status: '200',
      fistBuyBool: true,
    });

    const now = '2026-11-22T12:00:00.000Z';
    const at = {
      publicationId: pub.id,
      professionalId: proRow.id,
      startsAt: '2026-11-25T15:00:00.000Z',
      now,
    };
    const booking = (state: 'held' | 'pending' | 'confirmed' | 'done' | 'cancelled', n: number) =>
      bookingRow(at, {
        ref: `booking-${state}-${n}-${clientRow.id}`,
        client_id: clientRow.id,
        state,
        hold_expires_at: state === 'held' ? '2026-11-22T12:10:00.000Z' : null,
      });
    await t.deps.db
      .insertInto('bookings')
      .values([booking('cancelled', 1), booking('held', 2)])
      .execute();
    expect((await t.call('check-first-buy', { publishId: ref }, client.token)).body.fistBuyBool).toBe(true);

    await t.deps.db.insertInto('bookings').values(booking('confirmed', 3)).execute();
    // Any publication of the same professional counts: it is a first consult with them.
    expect((await t.call('check-first-buy', { publishId: ref }, client.token)).body.fistBuyBool).toBe(false);
    const another = await t.registerUser(2);
    expect((await t.call('check-first-buy', { publishId: ref }, another.token)).body.fistBuyBool).toBe(true);
  });

  it('is false for a professional, needs a session, and answers E5 for an unknown publication', async () => {
    const pro = await t.registerUser(1);
    const ref = await publish(pro.token);
    expect((await t.call('check-first-buy', { publishId: ref }, pro.token)).body.fistBuyBool).toBe(false);
    expect((await t.call('check-first-buy', { publishId: ref })).statusCode).toBe(401);
    const client = await t.registerUser(2);
    const unknown = await t.call('check-first-buy', { publishId: 'CCCCCCCCCCCCCCCCCCCCCC' }, client.token);
    expect(unknown.body).toMatchObject({ code: 'E5', message: 'No encontramos la publicación.' });
  });
});

describe('professional profile', () => {
  it('lists only the active publications of that professional, priced for the viewer', async () => {
    const pro = await t.registerUser(1, { userFirstName: 'Lucía', userLastName: 'Fernández' });
    const active = await publish(pro.token);
    const paused = await publish(pro.token, { title: 'Servicio pausado de prueba' });
    const deleted = await publish(pro.token, { title: 'Servicio eliminado de prueba' });
    await t.call('pause-publish', { ref: paused, paused: true }, pro.token);
    await t.call('delete-publish', { ref: deleted }, pro.token);
    const other = await t.registerUser(1);
    await publish(other.token, { title: 'Servicio de otra persona' });
    const { ref: profRef } = await userOf(pro.token);

    // The test client registers from browserCountry 'ar' (country 5), like the professional.
    const local = await t.call('find-professional-profile', { ref: profRef });
    expect(local.statusCode).toBe(200);
    expect(local.body).toMatchObject({
      profRef,
      profName: 'Lucía',
      profLastName: 'Fernández',
      profCountry: 5,
    });
    expect(local.body.publications).toEqual([
      expect.objectContaining({ ref: active, userPrice: 20000, userCurrency: 'ARS', free: false }),
    ]);

    const abroad = await t.app.inject({
      method: 'POST',
      url: '/index.php',
      payload: { action: 'find-professional-profile', browserCountry: 'mx', userLang: 'es', ref: profRef },
    });
    expect(abroad.json().publications).toEqual([
      expect.objectContaining({ ref: active, userPrice: 25, userCurrency: 'USD' }),
    ]);
  });

  it('answers E7 for a client or an unknown ref', async () => {
    const client = await t.registerUser(2);
    const { ref } = await userOf(client.token);
    const res = await t.call('find-professional-profile', { ref });
    expect(res.statusCode).toBe(400);
    expect(res.body).toMatchObject({ code: 'E7', message: 'No encontramos al profesional.' });
  });

  it('shows an empty list for a professional without publications', async () => {
    const pro = await t.registerUser(1);
    const { ref } = await userOf(pro.token);
    expect((await t.call('find-professional-profile', { ref })).body.publications).toEqual([]);
  });
});
