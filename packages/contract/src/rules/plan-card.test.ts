import { describe, expect, it } from 'vitest';
import { checkPlanCard, luhnValid } from './plan-card.ts';

const now = new Date('2026-12-07T12:00:00Z');
const good = {
  cardNumber: '4242 4242 4242 4242',
  expiry: '12/26',
  securityCode: '123',
  holder: 'Ana Prueba',
};

describe('the plan card form’s checks (issue 34)', () => {
  it('takes a number whose check digit is right and a card good through its expiry month', () => {
    expect(checkPlanCard(good, now)).toEqual({ ok: true, values: good });
    expect(luhnValid('4000000000000002')).toBe(true);
  });

  it('refuses a wrong number, a past expiry and a short code all at once', () => {
    expect(
      checkPlanCard(
        { cardNumber: '4242 4242 4242 4241', expiry: '11/26', securityCode: '12', holder: '' },
        now,
      ),
    ).toEqual({
      ok: false,
      errors: { cardNumber: 'E5', expiry: 'E6', securityCode: 'E3', holder: 'E4' },
    });
  });

  it('tells a malformed field from a wrong one', () => {
    const check = checkPlanCard({ ...good, cardNumber: '4242', expiry: '13/30' }, now);
    expect(check).toEqual({ ok: false, errors: { cardNumber: 'E1', expiry: 'E2' } });
  });
});
