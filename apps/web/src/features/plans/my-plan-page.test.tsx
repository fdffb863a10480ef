import type { InputOf, OutputOf } from '@agendo/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { routes } from '../../app/router.tsx';
import { ApiError, call } from '../../lib/api.ts';
import { setToken } from '../../lib/session.ts';
import { type ActionAnswers, answerActions } from '../../lib/test-actions.ts';
import { planGrid, planRow } from '../../test/plan-fixtures.ts';
import { renderRoutes } from '../../test/render.tsx';

vi.mock('../../lib/api.ts', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../lib/api.ts')>();
  return { ...original, call: vi.fn() };
});
const callMock = vi.mocked(call);

type MyPlan = OutputOf<'find-my-plan'>;

const myPlan: MyPlan = {
  status: '200',
  userCountry: 5,
  userPlan: 1,
  days_plan: 30,
  periodStartUser: '2026-11-10T00:00:00.000Z',
  periodFinishUser: '2026-12-10T00:00:00.000Z',
  periodStartNextUser: '2026-12-10T00:00:00.000Z',
  cycleStart: '2026-11-10T00:00:00.000Z',
  cycleEnd: '2026-12-10T00:00:00.000Z',
  selectPlan: 0,
  periodFree: 0,
  difDaysPeriodFree: null,
  selectedPlan: null,
  daysFinishPlan: 15,
  daysMonth: 30,
  totalUses: 30,
  planUses: 12,
  blockUse: 0,
  canSelectGift: 0,
  giftExtra: 0,
  card_added: 1,
  inPaidPeriod: true,
  currentPrice: 9_999_00,
  currency: 'ARS',
  billing: {
    cardProvider: 'mercadopago',
    card: { state: 'linked', lastFour: '4242', message: null },
    mpPublicKey: null,
    linkCard: false,
    payPlan: false,
    pendingPlan: false,
    amountDueMinor: 0,
    dueCurrency: null,
    payment: null,
  },
};
/** find-my-plan during the free trial with `days` left, and the plan chosen for after it. */
const onTrial = (days: number, selectedPlan: MyPlan['selectedPlan'] = null): MyPlan => ({
  ...myPlan,
  userPlan: 4,
  periodFree: 1,
  selectPlan: 1,
  difDaysPeriodFree: days,
  selectedPlan,
  inPaidPeriod: false,
});
const noCard = { ...myPlan.billing, card: null, linkCard: true };

const grid = planGrid(planRow(4, 1, 180, 55_014_00), {
  id: 0,
  plan_id: 4,
  name: 'Plan Gratuito',
  duration: 30,
  uses: null,
  workshops: false,
  real_price: 0,
  currency: 'ARS',
});

/** Opens the sandbox's card form from my-plan, fills it as `card` (holder Ana Prueba) and sends it. */
async function sendCardForm(
  user: ReturnType<typeof userEvent.setup>,
  card: { cardNumber: string; expiry: string; securityCode: string },
) {
  await user.click(await screen.findByRole('button', { name: 'Vincular tarjeta' }, { timeout: 10_000 }));
  const dialog = await screen.findByRole('dialog', { name: 'Vincular tarjeta' });
  await user.type(within(dialog).getByLabelText('Número de tarjeta'), card.cardNumber);
  await user.type(within(dialog).getByLabelText('Vencimiento (MM/AA)'), card.expiry);
  await user.type(within(dialog).getByLabelText('Código de seguridad'), card.securityCode);
  await user.type(within(dialog).getByLabelText('Nombre del titular'), 'Ana Prueba');
  await user.click(within(dialog).getByRole('button', { name: 'Vincular' }));
  return dialog;
}

/** Opens my-plan with `plan`, the plan grid and the `more` answers a test needs. */
function openMyPlan(plan: MyPlan, more: ActionAnswers = {}) {
  answerActions(callMock, { 'find-my-plan': plan, 'find-plans': grid, ...more });
  return renderRoutes(routes, '/ar/es/my-plan');
}

describe('my-plan (spec 002 §2, §4)', { timeout: 20_000 }, () => {
  beforeEach(() => setToken('token-of-the-demo-professional'));
  afterEach(() => callMock.mockReset());

  it('warns under 5 trial days and shows the three tabs', async () => {
    openMyPlan(onTrial(3));
    expect(
      await screen.findByText(
        'Tu período de prueba finaliza en 3 días. Elige tu plan para seguir trabajando.',
        undefined,
        {
          timeout: 10_000,
        },
      ),
    ).toBeVisible();
    expect(screen.getByRole('tab', { name: 'Planes mensuales' })).toBeVisible();
    expect(screen.getByRole('tab', { name: 'Planes semestrales' })).toBeVisible();
    expect(screen.getByRole('tab', { name: 'Planes anuales' })).toBeVisible();
  });

  it('at 0 days shows the spec text with the plan selector, which a close button hides', async () => {
    const user = userEvent.setup();
    openMyPlan(onTrial(0));
    const card = await screen.findByRole('region', { name: 'Tu plan actual' }, { timeout: 10_000 });
    expect(within(card).getByText('Tu período de prueba finaliza hoy.')).toBeVisible();
    const selector = within(card).getByRole('region', { name: 'Planes' });
    expect(
      within(selector).getByText(
        'Tu plan comenzará cuando finalice tu período de prueba. No necesitas tarjeta durante la prueba.',
      ),
    ).toBeVisible();
    // The compact selector lists the paid plans only (the trial already is the free plan).
    expect(within(selector).queryByRole('article', { name: 'Plan Gratuito' })).not.toBeInTheDocument();
    await user.click(
      within(within(selector).getByRole('article', { name: 'Plan Ilimitado' })).getByRole('button', {
        name: 'Elegir',
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Cambiar de plan' });
    expect(within(dialog).getByText(/Vas a cambiar a Plan Ilimitado/)).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));

    await user.click(within(selector).getByRole('button', { name: 'Cerrar' }));
    expect(within(card).queryByRole('region', { name: 'Planes' })).not.toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Elegir mi plan' }));
    expect(within(card).getByRole('region', { name: 'Planes' })).toBeVisible();
  });

  it('under 5 days the selector is one click away; a plan chosen during the trial is named', async () => {
    const user = userEvent.setup();
    openMyPlan(onTrial(4, { planId: 2, duration: 30 }));
    const card = await screen.findByRole('region', { name: 'Tu plan actual' }, { timeout: 10_000 });
    // Issue 34: a plan already chosen is not asked for again, and the trial is not the free plan.
    expect(
      within(card).getByText(
        'Tu período de prueba finaliza en 4 días. Después comienza tu Plan Profesional.',
      ),
    ).toBeVisible();
    expect(within(card).getByRole('heading', { name: 'Prueba gratuita' })).toBeVisible();
    expect(within(card).queryByText(/Elige tu plan/)).not.toBeInTheDocument();
    expect(
      within(card).getByText('Durante la prueba tienes todo incluido: turnos, publicaciones y talleres.'),
    ).toBeVisible();
    expect(within(card).getByText('Tu prueba termina el 10/12/2026.')).toBeVisible();
    expect(
      within(card).getByText(
        'Elegiste el Plan Profesional (planes mensuales): comenzará cuando finalice tu período de prueba.',
      ),
    ).toBeVisible();
    expect(within(card).queryByRole('region', { name: 'Planes' })).not.toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Cambiar mi elección' }));
    const selector = within(card).getByRole('region', { name: 'Planes' });
    const chosen = within(selector).getByRole('article', { name: 'Plan Profesional' });
    expect(within(chosen).getByRole('button', { name: 'Elegido' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('during the trial no plan of the grid is marked as the current one (issue 34)', async () => {
    openMyPlan(onTrial(12));
    const free = await screen.findByRole('article', { name: 'Plan Gratuito' }, { timeout: 10_000 });
    expect(within(free).queryByText('Plan actual')).not.toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Tu plan actual' })).not.toHaveTextContent('Plan Gratuito');
  });

  it('a paid plan shows its limits and the date it renews (issue 34)', async () => {
    openMyPlan(myPlan);
    const card = await screen.findByRole('region', { name: 'Tu plan actual' }, { timeout: 10_000 });
    expect(within(card).getByRole('heading', { name: 'Plan Inicial' })).toBeVisible();
    expect(within(card).getByText('Turnos este mes: 12 de 30')).toBeVisible();
    expect(within(card).getByText('No incluye talleres ni cursos.')).toBeVisible();
    expect(within(card).getByText('Tu plan se renueva el 10/12/2026.')).toBeVisible();
  });

  it('a paid plan chosen on the free plan says what is owed and how to pay before it starts (issue 34)', async () => {
    openMyPlan({
      ...myPlan,
      userPlan: 4,
      totalUses: null,
      inPaidPeriod: false,
      selectedPlan: { planId: 1, duration: 30 },
      card_added: 0,
      billing: { ...noCard, pendingPlan: true, amountDueMinor: 9_999_00, dueCurrency: 'ARS' },
    });
    const card = await screen.findByRole('region', { name: 'Tu plan actual' }, { timeout: 10_000 });
    expect(within(card).getByRole('heading', { name: 'Plan Gratuito' })).toBeVisible();
    expect(within(card).getByRole('status')).toHaveTextContent(
      /Elegiste el Plan Inicial \(planes mensuales\): comenzará cuando pagues su primer período, \$\s?9\.999[^.]*\. Hasta entonces sigues con el plan gratuito y sus límites\./,
    );
    expect(within(card).getByText('Hasta 2 publicaciones activas, sin talleres ni cursos.')).toBeVisible();
    const pay = screen.getByRole('region', { name: 'Paga tu plan para activarlo' });
    expect(pay).toHaveTextContent(
      /se cobra el primer mes \(\$\s?9\.999[^)]*\) y tu plan comienza en ese momento/,
    );
    expect(within(pay).getByRole('button', { name: 'Vincular tarjeta' })).toBeVisible();
  });

  it('with days to spare it shows them, and that without a choice the free plan follows', async () => {
    openMyPlan(onTrial(12));
    expect(
      await screen.findByText('Te quedan 12 días de prueba gratuita.', undefined, { timeout: 10_000 }),
    ).toBeVisible();
    expect(
      screen.getByText(
        'Todavía no elegiste un plan. Si no eliges uno, al terminar la prueba pasarás al plan gratuito.',
      ),
    ).toBeVisible();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('at quota warns that clients cannot book until the cycle renews', async () => {
    openMyPlan({ ...myPlan, planUses: 30, blockUse: 1, canSelectGift: 0, giftExtra: 0 });
    const alert = await screen.findByRole('alert', undefined, { timeout: 10_000 });
    expect(alert).toHaveTextContent(
      'Alcanzaste los turnos de tu plan: tus clientes no podrán reservar contigo hasta que se renueve tu ciclo mensual.',
    );
    expect(within(alert).queryByRole('button', { name: 'Quiero más turnos' })).not.toBeInTheDocument();
    expect(within(alert).getByRole('button', { name: 'Cambiar de plan' })).toBeVisible();
  });

  it('at 0 days shows the spec text', async () => {
    openMyPlan(onTrial(0));
    expect(
      await screen.findByText('Tu período de prueba finaliza hoy.', undefined, { timeout: 10_000 }),
    ).toBeVisible();
  });

  it('at quota offers the gift; taking it shows the spec message and lifts the block', async () => {
    const user = userEvent.setup();
    const blocked = {
      ...myPlan,
      planUses: 30,
      blockUse: 1 as const,
      canSelectGift: 1 as const,
      giftExtra: 5,
    };
    openMyPlan(blocked, {
      'gift-sessions': {
        ...blocked,
        status: '200',
        blockUse: 0,
        canSelectGift: 0,
        giftExtra: 0,
        totalUses: 35,
        extra: 5,
        message: '¡Te habilitamos 5 turnos más a tu plan actual para que puedas seguir trabajando!',
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Quiero más turnos' }, { timeout: 10_000 }));
    const dialog = await screen.findByRole('dialog', { name: '¡Buenas Noticias!' });
    await user.click(within(dialog).getByRole('button', { name: 'Aceptar' }));
    expect(
      await screen.findByText(
        '¡Te habilitamos 5 turnos más a tu plan actual para que puedas seguir trabajando!',
      ),
    ).toBeVisible();
    expect(await screen.findByText('Turnos este mes: 30 de 35')).toBeVisible();
  });

  it('the change modal shows the price and the proration note, and confirms', async () => {
    const user = userEvent.setup();
    const sent: InputOf<'change-plan'>[] = [];
    openMyPlan(myPlan, {
      'change-plan': (input) => {
        sent.push(input);
        return {
          ...myPlan,
          status: '200',
          userPlan: 2,
          totalUses: 80,
          prorrateo: 5_000_00,
          message: 'Se ha actualizado tu plan.',
        };
      },
    });
    const professional = await screen.findByRole(
      'article',
      { name: 'Plan Profesional' },
      { timeout: 10_000 },
    );
    await user.click(within(professional).getByRole('button', { name: 'Elegir' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cambiar de plan' });
    expect(within(dialog).getByText(/Por los 15 días que quedan de tu período/)).toBeVisible();
    expect(within(dialog).getByText(/5\.000,00/)).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Confirmar' }));
    expect(await screen.findByText('Se ha actualizado tu plan.')).toBeVisible();
    expect(sent).toEqual([{ planSelected: 2 }]);
  });

  it('a downgrade inside the cycle shows E20 verbatim and keeps the plan', async () => {
    const user = userEvent.setup();
    const e20 = 'No puedes cambiar a un plan inferior hasta el próximo ciclo de facturación.';
    openMyPlan(
      { ...myPlan, userPlan: 2, currentPrice: 19_999_00 },
      {
        'change-plan': new ApiError('E20', e20, undefined, 400),
      },
    );
    const starter = await screen.findByRole('article', { name: 'Plan Inicial' }, { timeout: 10_000 });
    await user.click(within(starter).getByRole('button', { name: 'Elegir' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cambiar de plan' });
    // A lower plan owes no difference: the modal has no proration note of $ 0.
    expect(within(dialog).queryByText(/diferencia proporcional/)).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Confirmar' }));
    expect(await screen.findByText(e20)).toBeVisible();
    expect(
      within(screen.getByRole('article', { name: 'Plan Profesional' })).getByText('Plan actual'),
    ).toBeVisible();
  });

  it('Argentina: the card form links with Vincular and a rejected card lands on plan-status with the message', async () => {
    const user = userEvent.setup();
    const tokens: InputOf<'create-imitation-card-token'>[] = [];
    const links: InputOf<'link-plan-suscription-mp'>[] = [];
    const message = 'CC_VAL_433 Credit card validation has failed';
    openMyPlan(
      { ...myPlan, card_added: 0, billing: noCard },
      {
        'create-imitation-card-token': (input) => {
          tokens.push(input);
          return { status: '200', cardTokenId: 'tok_1234567890' };
        },
        'link-plan-suscription-mp': (input) => {
          links.push(input);
          return {
            status: '200',
            linked: false,
            link: `plan-status/rejected/${encodeURIComponent(message)}`,
            sms: message,
          };
        },
      },
    );
    await sendCardForm(user, {
      cardNumber: '4000 0000 0000 0002',
      expiry: '11/30',
      securityCode: '123',
    });
    expect(
      await screen.findByText('No pudimos vincular tu tarjeta.', undefined, { timeout: 10_000 }),
    ).toBeVisible();
    expect(screen.getByText(message)).toBeVisible();
    expect(tokens).toEqual([
      { cardNumber: '4000 0000 0000 0002', expiry: '11/30', securityCode: '123', holder: 'Ana Prueba' },
    ]);
    expect(links).toEqual([{ cardTokenId: 'tok_1234567890' }]);
  });

  it('Argentina: the card form shows a wrong number, a past expiry and a short code at once, and sends nothing', async () => {
    const user = userEvent.setup();
    const tokens: InputOf<'create-imitation-card-token'>[] = [];
    openMyPlan(
      { ...myPlan, card_added: 0, billing: noCard },
      {
        'create-imitation-card-token': (input) => {
          tokens.push(input);
          return { status: '200', cardTokenId: 'tok_1234567890' };
        },
      },
    );
    const dialog = await sendCardForm(user, {
      cardNumber: '4242 4242 4242 4241',
      expiry: '01/20',
      securityCode: '12',
    });
    expect(
      await within(dialog).findByText('El número de la tarjeta no es correcto. Revísalo.'),
    ).toBeVisible();
    expect(within(dialog).getByText('La tarjeta está vencida.')).toBeVisible();
    expect(within(dialog).getByText('Ingresa el código de seguridad.')).toBeVisible();
    expect(tokens).toEqual([]);
  });

  it('Argentina with a real public key: Mercado Pago’s own card form (MP.js brick, 2999, 1 installment) and its token', async () => {
    const user = userEvent.setup();
    type Settings = {
      initialization: { amount: number };
      customization: { paymentMethods: { minInstallments: number; maxInstallments: number } };
      callbacks: { onReady: () => void; onSubmit: (data: { token: string }) => Promise<void> };
    };
    const made: { key: string; kind: string; container: string; settings: Settings }[] = [];
    let unmounted = 0;
    // MP.js as the page would find it once its script loaded: nothing is fetched in the test.
    window.MercadoPago = class {
      constructor(private key: string) {}
      bricks() {
        return {
          create: async (kind: 'cardPayment', container: string, settings: Settings) => {
            made.push({ key: this.key, kind, container, settings });
            settings.callbacks.onReady();
            return {
              unmount: () => {
                unmounted += 1;
              },
            };
          },
        };
      }
    } as unknown as NonNullable<Window['MercadoPago']>;
    window.MP_DEVICE_SESSION_ID = 'device-1';
    const links: InputOf<'link-plan-suscription-mp'>[] = [];
    try {
      openMyPlan(
        { ...myPlan, card_added: 0, billing: { ...noCard, mpPublicKey: 'APP_USR-public' } },
        {
          'link-plan-suscription-mp': (input) => {
            links.push(input);
            return { status: '200', linked: true, link: 'plan-status/success', sms: 'ok' };
          },
        },
      );
      await user.click(await screen.findByRole('button', { name: 'Vincular tarjeta' }, { timeout: 10_000 }));
      await screen.findByRole('dialog', { name: 'Vincular tarjeta' });
      await waitFor(() => expect(made).toHaveLength(1));
      const brick = made[0];
      expect(brick).toMatchObject({ key: 'APP_USR-public', kind: 'cardPayment' });
      // spec 002 §9: an amount of 2999, 1 installment at most, credit and debit all accepted.
      expect(brick?.settings.initialization).toEqual({ amount: 2999 });
      expect(brick?.settings.customization).toEqual({
        paymentMethods: { minInstallments: 1, maxInstallments: 1 },
      });
      expect(document.getElementById(brick?.container ?? '')).not.toBeNull();
      expect(screen.queryByLabelText('Número de tarjeta')).toBeNull();
      await act(() => brick?.settings.callbacks.onSubmit({ token: 'tok_mp_123' }) ?? Promise.resolve());
      expect(
        await screen.findByText('Tu tarjeta quedó vinculada a tu plan.', undefined, { timeout: 10_000 }),
      ).toBeVisible();
      expect(links).toEqual([{ cardTokenId: 'tok_mp_123', deviceId: 'device-1' }]);
      expect(callMock).not.toHaveBeenCalledWith('create-imitation-card-token', expect.anything());
      expect(unmounted).toBe(1);
    } finally {
      delete window.MercadoPago;
      delete window.MP_DEVICE_SESSION_ID;
    }
  });

  it('elsewhere: Vincular Tarjeta opens the hosted page in the overlay frame', async () => {
    const user = userEvent.setup();
    openMyPlan(
      {
        ...myPlan,
        userCountry: 55,
        currency: 'USD',
        billing: { ...noCard, cardProvider: 'stripe' },
      },
      {
        'link-plan-suscription-st': {
          status: '200',
          link: 'cs_test_1',
          url: '/sandbox-plan-card/stripe/cs_test_1',
        },
      },
    );
    await user.click(await screen.findByRole('button', { name: 'Vincular Tarjeta' }, { timeout: 10_000 }));
    const frame = await screen.findByTitle('Pago con tarjeta', undefined, { timeout: 10_000 });
    expect(frame.getAttribute('src')).toBe('/sandbox-plan-card/stripe/cs_test_1');
  });

  it('a failed plan charge shows the spec message and offers another card', async () => {
    openMyPlan({
      ...myPlan,
      blockUse: 1,
      billing: {
        ...myPlan.billing,
        payment: {
          state: 'failed',
          message: 'No se pudo realizar el pago. Prueba con otra tarjeta o comunicate con tu Banco.',
          nextAttemptAt: null,
        },
      },
    });
    expect(
      await screen.findByText(
        'No se pudo realizar el pago. Prueba con otra tarjeta o comunicate con tu Banco.',
        undefined,
        {
          timeout: 10_000,
        },
      ),
    ).toBeVisible();
    expect(screen.getByRole('button', { name: 'Cambiar tarjeta' })).toBeVisible();
  });

  it('a semiannual plan without a card shows the pay-plan section and pays in the overlay frame', async () => {
    const user = userEvent.setup();
    openMyPlan(
      {
        ...myPlan,
        days_plan: 180,
        card_added: 0,
        billing: { ...noCard, linkCard: false, payPlan: true, amountDueMinor: 55_014_00, dueCurrency: 'ARS' },
      },
      {
        'pay-plan': {
          status: '200',
          paymentRef: 'payRef1',
          checkoutUrl: '/sandbox-checkout/mercadopago/payRef1',
          sandbox: true,
        },
      },
    );
    expect(
      await screen.findByText('Paga tu plan para activarlo', undefined, { timeout: 10_000 }),
    ).toBeVisible();
    expect(screen.getByText(/Tu plan semestral se paga por adelantado: .*55\.014,00/)).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Pagar plan' }));
    const frame = await screen.findByTitle('Pago con tarjeta', undefined, { timeout: 10_000 });
    expect(frame.getAttribute('src')).toBe('/sandbox-checkout/mercadopago/payRef1');
  });
});
