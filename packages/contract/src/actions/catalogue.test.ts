import { describe, expect, it } from 'vitest';
import { savePublish } from './catalogue.ts';

const valid = {
  title: 'Sesión de yoga',
  therapyId: 16,
  description: 'Clases de yoga suave para todas las edades.',
  modalityId: 1,
  duration: 60,
  realPriceLocal: 10000,
  realPriceInter: 12,
  payCard: true,
  qtySessions: 1,
  maxRes: 2,
  typeTurn: 1,
  langEs: true,
  platformVideoCall: 1,
};

function codes(input: Record<string, unknown>) {
  const result = savePublish.input.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
}

describe('save-publish rules between fields (the editor shows them before sending)', () => {
  it.each([
    ['a complete online service', {}, []],
    [
      'a free service needs no prices nor payment method',
      { free: true, realPriceLocal: null, realPriceInter: null, payCard: false },
      [],
    ],
    ['a price to be set needs no prices', { noPrice: true, realPriceLocal: null, realPriceInter: null }, []],
    ['an agreed price needs a payment method', { hidePrice: true, payCard: false }, ['E44']],
    ['two price kinds at once', { free: true, hidePrice: true }, ['E46']],
    ['a fixed price needs both prices', { realPriceLocal: null, realPriceInter: null }, ['E30', 'E32']],
    ['in person needs an address', { modalityId: 2, platformVideoCall: null }, ['E21']],
    [
      'both modalities need an address and a platform',
      { modalityId: 3, platformVideoCall: null, address: 'Calle 1' },
      ['E61'],
    ],
    ['cash is not possible online only', { payCash: true }, ['E45']],
    ['«Otra» needs its name', { therapyId: 99 }, ['E13']],
    [
      'a promo needs prices below the normal ones and ordered dates',
      {
        promo: true,
        promoPriceLocal: 10000,
        promoPriceInter: 5,
        promoStartDate: '2026-12-10',
        promoFinishDate: '2026-12-01',
      },
      ['E35', 'E40'],
    ],
    ['a promo is ignored on a free service', { free: true, promo: true, payCard: false }, []],
    ['a first-consult price needs both amounts', { praConsulta: true }, ['E42', 'E43']],
    ['at least one language', { langEs: false }, ['E55']],
    [
      'video and call links must be web links',
      { video: 'javascript:alert(1)', platformVideoCall: 3, linkVideoCall: 'ftp://x.y' },
      ['E60', 'E62'],
    ],
    ['«Otra» platform needs its link', { platformVideoCall: 5 }, ['E63']],
    [
      'missing title still shows the other problems',
      { title: '', realPriceLocal: null },
      ['E10', 'E11', 'E30'],
    ],
  ] as const)('%s', (_label, change, expected) => {
    expect(codes({ ...valid, ...change })).toEqual(expected);
  });

  it('reads flags sent as 0/1 like booleans', () => {
    const parsed = savePublish.input.parse({ ...valid, payCard: 1, langEs: 1, langEn: 0 });
    expect(parsed).toMatchObject({
      payCard: true,
      langEs: true,
      langEn: false,
      free: false,
      groupCapacity: 1,
      noticeMin: 60,
    });
  });
});
