import type { BankData, ModuleCart as ModuleCartData } from '@agendo/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { call } from '../../lib/api.ts';
import { answerOk, type OkBodies } from '../../lib/test-actions.ts';
import { renderRoutes } from '../../test/render.tsx';
import { ModuleCart } from './module-cart.tsx';

vi.mock('../../lib/api.ts');
const callMock = vi.mocked(call);

/** An Argentine buyer's cart for a module priced in pesos (override what a test needs). */
function cart(over: Partial<ModuleCartData> = {}): ModuleCartData {
  return {
    courseRef: 'courseRef001',
    moduleRef: 'modRef00002',
    title: 'Taller de mindfulness - Módulo: Práctica',
    profName: 'Laura Méndez',
    price: 15000,
    currency: 'ARS',
    profCurrency: 'ARS',
    international: false,
    hidePrice: 0,
    noPrice: 0,
    step: 'chooser',
    provider: 'mercadopago',
    owned: false,
    pending: false,
    ...over,
  };
}

const bank: BankData = {
  country: 5,
  firstName: 'Laura',
  lastName: 'Méndez',
  accountType: 'Caja de ahorro',
  bankName: 'Banco Nación',
  currency: 'ARS',
  account: '0110599940000041234567',
  alias: 'laura.mendez.psi',
};

/** Answers each action from the table; an action the test did not expect fails it. */
function answer(byAction: OkBodies) {
  answerOk(callMock, byAction);
}

function renderCart(path = '/ar/es/course/courseRef001') {
  return renderRoutes(
    {
      'course/:ref': (
        <>
          <p>Página del curso</p>
          <ModuleCart moduleRef="modRef00002" />
        </>
      ),
      '*': <p>Otra página</p>,
    },
    path,
  );
}

beforeEach(() => localStorage.setItem('token', 'tok-student-123456789'));
afterEach(() => callMock.mockReset());

describe('ModuleCart (spec 002 §2)', { timeout: 15_000 }, () => {
  it('asks a visitor to sign in, coming back to this module of the course', async () => {
    localStorage.clear();
    answer({ 'find-module-cart': { cart: cart({ step: 'login' }) } });
    renderCart();
    const login = await screen.findByRole('link', { name: 'Inicia sesión para contratar' });
    const next = new URL(login.getAttribute('href') ?? '', 'https://agendo.test');
    expect(next.pathname).toBe('/ar/es/login');
    expect(next.searchParams.get('next')).toBe('/ar/es/course/courseRef001?buy=modRef00002');
    expect(callMock).toHaveBeenCalledWith('find-module-cart', { moduleId: 'modRef00002' });
    expect(screen.queryByRole('button', { name: 'Contratar' })).not.toBeInTheDocument();
  });

  it("shows 'GRATIS' for a module at price 0", async () => {
    answer({ 'find-module-cart': { cart: cart({ price: 0, step: 'free' }) } });
    renderCart();
    expect(await screen.findByTestId('module-price')).toHaveTextContent(/^GRATIS$/);
  });

  it("shows 'Valor del módulo' and the price with its currency", async () => {
    answer({ 'find-module-cart': { cart: cart() } });
    renderCart();
    const price = await screen.findByTestId('module-price');
    expect(price.textContent?.replace(/\s/g, ' ')).toBe('$ 15.000,00 ARS');
    expect(screen.getByText('Valor del módulo')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Contratar' })).toBeEnabled();
  });

  it("'Contratar' opens the payment options; transfer shows the bank data and confirms the enrolment", async () => {
    const user = userEvent.setup();
    answer({
      'find-module-cart': { cart: cart() },
      'save-temp-sales-modules': { bookRef: 'tempRef00001', cart: cart(), bank },
      'save-sales-modules': {
        route: 'transfer-success-course-module',
        courseRef: 'courseRef001',
        enrolmentRef: 'enrolRef0001',
      },
    });
    const router = renderCart();
    await user.click(await screen.findByRole('button', { name: 'Contratar' }));
    expect(callMock).toHaveBeenCalledWith('save-temp-sales-modules', { moduleId: 'modRef00002' });

    const options = await screen.findByRole('dialog', { name: 'Opciones de Pago' });
    expect(
      within(options).getByRole('button', { name: 'Pagar con tarjeta de crédito o débito' }),
    ).toBeInTheDocument();
    expect(within(options).getByRole('button', { name: 'Cancelar' })).toBeInTheDocument();
    await user.click(within(options).getByRole('button', { name: 'Pagar por transferencia' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    expect(screen.getByText('Pago por transferencia')).toBeInTheDocument();
    expect(screen.getByText(/^Transfiere .*15\.000,00 ARS a la cuenta del profesional/)).toBeInTheDocument();
    expect(screen.getByText('Laura Méndez', { exact: false })).toBeInTheDocument();
    expect(screen.getByText('Banco Nación', { exact: false })).toBeInTheDocument();
    expect(screen.getByText('0110599940000041234567', { exact: false })).toBeInTheDocument();
    expect(screen.getByText('laura.mendez.psi', { exact: false })).toBeInTheDocument();
    expect(callMock).not.toHaveBeenCalledWith('save-sales-modules', expect.anything());

    await user.click(screen.getByRole('button', { name: 'Confirmar inscripción' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/ar/es/transfer-success-course-module'));
    expect(router.state.location.search).toBe('?course=courseRef001');
    expect(callMock).toHaveBeenCalledWith('save-sales-modules', {
      tempBook: 'tempRef00001',
      mode: 'transfer',
    });
    expect(callMock).not.toHaveBeenCalledWith('start-module-payment', expect.anything());
  });

  it('without bank data the transfer asks to arrange the payment by chat', async () => {
    const user = userEvent.setup();
    answer({
      'find-module-cart': { cart: cart({ step: 'transfer', provider: null }) },
      'save-temp-sales-modules': { bookRef: 'tempRef00001', cart: cart({ step: 'transfer' }), bank: null },
    });
    renderCart();
    await user.click(await screen.findByRole('button', { name: 'Contratar' }));
    expect(
      await screen.findByText(
        'El profesional todavía no cargó sus datos bancarios. Escríbele por el chat directo para coordinar el pago.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Opciones de Pago' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Confirmar inscripción' })).toBeInTheDocument();
  });

  it("card-only checkout opens the provider's page in the 'Pago con tarjeta' frame", async () => {
    const user = userEvent.setup();
    answer({
      'find-module-cart': { cart: cart({ step: 'card' }) },
      'save-temp-sales-modules': { bookRef: 'tempRef00001', cart: cart({ step: 'card' }), bank: null },
      'start-module-payment': {
        paymentRef: 'payRef000001',
        provider: 'mercadopago',
        checkoutUrl: 'https://checkout.example.com/pay/abc',
        sandbox: true,
      },
    });
    renderCart();
    await user.click(await screen.findByRole('button', { name: 'Contratar' }));
    await screen.findByRole('dialog', { name: 'Pago con tarjeta' });
    expect(callMock).toHaveBeenCalledWith('start-module-payment', { tempBook: 'tempRef00001' });
    expect(screen.getByTitle('Pago con tarjeta')).toHaveAttribute(
      'src',
      'https://checkout.example.com/pay/abc',
    );
    expect(screen.queryByRole('dialog', { name: 'Opciones de Pago' })).not.toBeInTheDocument();
  });

  it('an owned module shows no cart', async () => {
    answer({ 'find-module-cart': { cart: cart({ owned: true }) } });
    renderCart();
    await screen.findByText('Página del curso');
    await waitFor(() => expect(callMock).toHaveBeenCalledWith('find-module-cart', expect.anything()));
    // Let the answer reach the component before looking for what it rendered.
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(screen.queryByTestId('module-cart')).not.toBeInTheDocument();
    expect(screen.queryByText('Valor del módulo')).not.toBeInTheDocument();
  });

  // Issue 12: the approximation came as the server's bare '$ 36.250,00', a '$' that could be any
  // peso or dollar; it reads through moneyText like every other amount.
  it('an international price (USD seen from Argentina) also shows the approximate amount in pesos', async () => {
    answer({
      'find-module-cart': { cart: cart({ price: 25, currency: 'USD', international: true }) },
      'convert-price': { price: '$ 36.250,00', amount: 36250, currency: 'ARS' },
    });
    renderCart();
    expect(await screen.findByText('Aproximadamente $ 36.250,00 ARS')).toBeInTheDocument();
    expect(screen.getByTestId('module-price')).toHaveTextContent(/25,00/);
    expect(callMock).toHaveBeenCalledWith('convert-price', {
      userCountryId: 5,
      userCurrency: 'ARS',
      profCurrency: 'USD',
      price: 25,
    });
  });

  it('a price in the local currency needs no conversion', async () => {
    answer({ 'find-module-cart': { cart: cart() } });
    renderCart();
    await screen.findByTestId('module-price');
    expect(callMock).not.toHaveBeenCalledWith('convert-price', expect.anything());
    expect(screen.queryByText(/^Aproximadamente/)).not.toBeInTheDocument();
  });

  // the conversion ignores hidePrice/noPrice, so a hidden price
  // leaks as 'Aproximadamente …' next to 'Precio a convenir'.
  it('a hidden international price is not revealed by the approximation', async () => {
    answer({
      'find-module-cart': { cart: cart({ price: 25, currency: 'USD', international: true, hidePrice: 1 }) },
      'convert-price': { price: '$ 36.250,00', amount: 36250, currency: 'ARS' },
    });
    renderCart();
    expect(await screen.findByTestId('module-price')).toHaveTextContent('Precio a convenir');
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(screen.queryByText(/^Aproximadamente/)).not.toBeInTheDocument();
  });
});
