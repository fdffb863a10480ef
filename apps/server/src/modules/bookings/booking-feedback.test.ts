import { describe, expect, it } from 'vitest';
import { makePublication, makeUser } from '../../test/booking-fixtures.ts';
import { useTestApp } from '../../test/test-app.ts';

const t = useTestApp();

describe('ratings and remarks of an appointment', () => {
  it('each side rates once after the start; remarks for both sides; strangers see nothing', async () => {
    const pro = await makeUser(t, { userType: 1, firstName: 'Lucía' });
    const client = await makeUser(t, { firstName: 'Martín' });
    const stranger = await makeUser(t);
    const pub = await makePublication(t, pro.id, { modality_id: 2, pay_cash: 1, address: 'A 1' });
    const held = await t.call(
      'save-temp-booking',
      { ref: pub.ref, startsAt: '2026-11-23T13:00:00.000Z' },
      client.token,
    );
    const ref = held.body.booking.tempBookId as string;
    await t.call('save-booking', { ref, method: 'cash' }, client.token);

    const early = await t.call('calificate', { ref, stars: 5 }, client.token);
    expect(early.body).toMatchObject({
      code: 'E50',
      message: 'Podrás calificar la cita una vez que haya comenzado.',
    });
    t.clock.now = new Date('2026-11-23T14:00:00Z');
    try {
      expect((await t.call('calificate', { ref, stars: 6 }, client.token)).body).toMatchObject({
        code: 'E52',
        message: 'Elige entre 1 y 5 estrellas.',
      });
      expect(
        (await t.call('calificate', { ref, stars: 5, comment: 'Excelente' }, client.token)).statusCode,
      ).toBe(200);
      expect((await t.call('calificate', { ref, stars: 1 }, client.token)).body).toMatchObject({
        code: 'E51',
        message: 'Ya calificaste esta cita.',
      });
      expect((await t.call('calificate', { ref, stars: 4 }, pro.token)).statusCode).toBe(200);
      expect((await t.call('calificate', { ref, stars: 4 }, stranger.token)).body.code).toBe('E14');

      const ratings = await t.call('find-califications', { ref }, client.token);
      expect(ratings.body).toMatchObject({
        canRate: false,
        ratings: [
          { role: 'client', stars: 5, comment: 'Excelente', authorName: 'Martín Prueba' },
          { role: 'professional', stars: 4, authorName: 'Lucía Prueba' },
        ],
      });
      const panel = await t.call('find-booking', { ref }, client.token);
      expect(panel.body.booking.rated).toBe(true);

      expect((await t.call('remark', { ref, text: '' }, client.token)).body.code).toBe('E54');
      await t.call('remark', { ref, text: 'Llegué 10 minutos tarde, disculpas.' }, client.token);
      await t.call('remark', { ref, text: 'Sin problema, nos vemos la próxima.' }, pro.token);
      const remarks = await t.call('find-remarks', { ref }, pro.token);
      expect(remarks.body.remarks.map((r: { role: string }) => r.role)).toEqual(['client', 'professional']);
      expect((await t.call('find-remarks', { ref }, stranger.token)).body.code).toBe('E14');
    } finally {
      t.clock.now = new Date('2026-11-22T12:00:00Z');
    }
  });
});
