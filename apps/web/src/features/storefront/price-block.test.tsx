import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { call } from '../../lib/api.ts';
import { publicationFixture } from '../../lib/publication-fixture.ts';
import { answerActions } from '../../lib/test-actions.ts';
import { PriceBlock } from './price-block.tsx';
import { renderAt } from './render-helpers.tsx';

// 2026-11-30 23:59:57 in Buenos Aires: 3 seconds before the promo's last day ends there.
const justBeforeEnd = new Date('2026-12-01T02:59:57.000Z');

vi.mock('../../lib/api.ts');
const callMock = vi.mocked(call);

describe('PriceBlock promo countdown (spec 000 §2.7, §4)', { timeout: 20_000 }, () => {
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: false, toFake: ['setInterval', 'clearInterval', 'Date'] });
    vi.setSystemTime(justBeforeEnd);
    // A viewer abroad sees the USD price about 18.4 of their pesos each (convert-price's table).
    answerActions(callMock, {
      'convert-price': { status: '200', price: 'MXN 368,00', amount: 368, currency: 'MXN' },
    });
  });
  afterEach(() => {
    vi.useRealTimers();
    callMock.mockReset();
  });

  const promo = publicationFixture({
    promo: 1,
    promoPriceLocal: 15000,
    promoPriceInter: 20,
    promoStartDate: '2026-11-20',
    promoFinishDate: '2026-11-30',
    promoActive: true,
    promoEndsAt: '2026-12-01T03:00:00.000Z',
  });

  it('ticks every second and turns the promo off at zero without a reload', () => {
    renderAt(<PriceBlock pub={promo} firstBuy={false} />);
    expect(screen.getByTestId('price')).toHaveTextContent('15.000,00');
    expect(screen.getByTestId('old-price')).toHaveTextContent('20.000,00');
    const countdown = screen.getByTestId('promo-countdown');
    expect(countdown).toHaveTextContent('La promoción termina en');
    expect(countdown).toHaveTextContent(/00\s*días\s*00\s*horas\s*00\s*min\s*03\s*seg/);

    act(() => vi.advanceTimersByTime(1000));
    expect(screen.getByTestId('promo-countdown')).toHaveTextContent(/02\s*seg/);

    act(() => vi.advanceTimersByTime(2000));
    expect(screen.queryByTestId('promo-countdown')).not.toBeInTheDocument();
    expect(screen.getByTestId('price')).toHaveTextContent('20.000,00');
    expect(screen.queryByTestId('old-price')).not.toBeInTheDocument();
  });

  it('shows days and hours for a promo further away', () => {
    vi.setSystemTime(new Date('2026-11-28T01:00:00.000Z'));
    renderAt(<PriceBlock pub={promo} firstBuy={false} />);
    expect(screen.getByTestId('promo-countdown')).toHaveTextContent(
      /03\s*días\s*02\s*horas\s*00\s*min\s*00\s*seg/,
    );
  });

  it('shows an international viewer the USD price and about how much it is in their currency', async () => {
    renderAt(<PriceBlock pub={{ ...promo, userCountry: 42 }} firstBuy={false} />);
    expect(screen.getByTestId('price')).toHaveTextContent('US$ 20,00');
    expect(screen.getByText(/Precio internacional en dólares/)).toBeInTheDocument();
    // The approximation reads through moneyText like every amount of the app (issue 12).
    expect(await screen.findByText(/Aproximadamente MXN 368,00$/)).toBeInTheDocument();
    expect(callMock).toHaveBeenCalledWith('convert-price', {
      userCountryId: 42,
      userCurrency: 'MXN',
      profCurrency: 'USD',
      price: 20,
    });
  });

  it('applies the first-consult price only when check-first-buy said so', () => {
    const pub = publicationFixture({ praConsulta: 1, firstPriceLocal: 10000, firstPriceInter: 12 });
    renderAt(<PriceBlock pub={pub} firstBuy />);
    expect(screen.getByText('Precio de primera consulta')).toBeInTheDocument();
    expect(screen.getByTestId('price')).toHaveTextContent('10.000,00');
  });

  it.each([
    [{ free: 1 as const }, 'GRATIS'],
    [{ hidePrice: 1 as const }, 'Precio a convenir'],
    [{ noPrice: 1 as const }, 'Precio a definir'],
  ])('shows the %o state', (flags, text) => {
    renderAt(<PriceBlock pub={publicationFixture(flags)} firstBuy={false} />);
    expect(screen.getByTestId('price')).toHaveTextContent(text);
  });
});
