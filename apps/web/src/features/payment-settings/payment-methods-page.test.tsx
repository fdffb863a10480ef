import type { InputOf, OutputOf } from '@agendo/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { routes } from '../../app/router.tsx';
import { call } from '../../lib/api.ts';
import { setToken } from '../../lib/session.ts';
import { answerActions } from '../../lib/test-actions.ts';
import { renderRoutes } from '../../test/render.tsx';

vi.mock('../../lib/api.ts', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../lib/api.ts')>();
  return { ...original, call: vi.fn() };
});
const callMock = vi.mocked(call);

const all = { payCard: true, payCash: true, payMoney: true, notifyDebt: true };
const defaults: OutputOf<'find-user-payment-options'> = {
  status: '200',
  payCard: 1,
  payCash: 0,
  payMoney: 1,
  notifyDebt: 1,
  enabled: all,
  userCountry: 5,
  hasGatewayKeys: true,
};

const savedAnswer: OutputOf<'update-user-payment-options'> = {
  status: '200',
  payCard: 1,
  payCash: 1,
  payMoney: 1,
  notifyDebt: 1,
  message: 'Metodos de pagos actualizados para el usuario.',
};

function gateway(pasarela: 3 | 4): OutputOf<'find-local-payments'> {
  return {
    status: '200',
    pasarela,
    publicKey: '',
    secretKey: '',
    checked: false,
    currency: pasarela === 3 ? 'ARS' : 'USD',
    userCountry: 5,
  };
}

function renderAt(path: string) {
  renderRoutes(routes, path);
}

describe("'Formas de cobro' (spec 002 §2, §9)", { timeout: 20_000 }, () => {
  beforeEach(() => setToken('token-of-the-demo-professional'));
  afterEach(() => callMock.mockReset());

  it('shows the four switches with the defaults, saves a change and shows the bank block while transfer is on', async () => {
    const user = userEvent.setup();
    const sent: InputOf<'update-user-payment-options'>[] = [];
    answerActions(callMock, {
      'find-user-payment-options': defaults,
      'update-user-payment-options': (input) => {
        sent.push(input);
        return savedAnswer;
      },
      'find-user-bank': { status: '200', bank: null, userCountry: 5 },
      'find-banks-names': { status: '200', banks: [{ id: '011', name: 'BANCO DE LA NACION ARGENTINA' }] },
    });
    renderAt('/ar/es/change-local-payments');
    const card = await screen.findByRole(
      'switch',
      { name: 'Tarjeta de crédito y débito' },
      { timeout: 10_000 },
    );
    expect(card).toBeChecked();
    expect(screen.getByRole('switch', { name: 'Efectivo' })).not.toBeChecked();
    expect(screen.getByRole('switch', { name: 'Transferencia bancaria' })).toBeChecked();
    expect(screen.getByRole('switch', { name: 'Notificar al cliente de una deuda' })).toBeChecked();
    expect(await screen.findByLabelText(/CBU ó CVU Nº/)).toBeVisible();

    await user.click(screen.getByRole('switch', { name: 'Efectivo' }));
    expect(await screen.findByText('Metodos de pagos actualizados para el usuario.')).toBeVisible();
    expect(sent).toEqual([{ payCard: 1, payCash: 1, payMoney: 1, notifyDebt: 1 }]);
    await waitFor(() => expect(screen.getByRole('switch', { name: 'Efectivo' })).toBeChecked());
  });

  it('asks before the last way of paying is turned off, and saves nothing if kept (issue 34)', async () => {
    const user = userEvent.setup();
    const sent: InputOf<'update-user-payment-options'>[] = [];
    answerActions(callMock, {
      'find-user-payment-options': { ...defaults, payCard: 1, payCash: 0, payMoney: 0 },
      'update-user-payment-options': (input) => {
        sent.push(input);
        return { ...savedAnswer, payCard: 0, payCash: 0, payMoney: 0 };
      },
    });
    renderAt('/ar/es/change-local-payments');
    expect(
      await screen.findByText(/Cada cambio se guarda al instante\./, {}, { timeout: 10_000 }),
    ).toBeVisible();
    const card = screen.getByRole('switch', { name: 'Tarjeta de crédito y débito' });
    await user.click(card);
    const dialog = await screen.findByRole('dialog', { name: '¿Desactivar la última forma de cobro?' });
    await user.click(within(dialog).getByRole('button', { name: 'Mantenerla activa' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(card).toBeChecked();
    expect(sent).toEqual([]);

    await user.click(card);
    const again = await screen.findByRole('dialog', { name: '¿Desactivar la última forma de cobro?' });
    await user.click(within(again).getByRole('button', { name: 'Desactivar igual' }));
    await waitFor(() => expect(sent).toEqual([{ payCard: 0, payCash: 0, payMoney: 0, notifyDebt: 1 }]));
  });

  it('the bank block inside the panel names what its button saves (issue 34)', async () => {
    answerActions(callMock, {
      'find-user-payment-options': defaults,
      'find-user-bank': { status: '200', bank: null, userCountry: 5 },
      'find-banks-names': { status: '200', banks: [{ id: '011', name: 'BANCO DE LA NACION ARGENTINA' }] },
    });
    renderAt('/ar/es/change-local-payments');
    expect(
      await screen.findByRole('button', { name: 'Guardar datos bancarios' }, { timeout: 10_000 }),
    ).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Guardar' })).toBeNull();
  });

  it('without a gateway: card and transfer disabled, no bank block, the info box links to my-charges', async () => {
    answerActions(callMock, {
      'find-user-payment-options': {
        ...defaults,
        payCard: 0,
        payMoney: 0,
        enabled: { payCard: false, payCash: true, payMoney: false, notifyDebt: true },
        userCountry: 12,
        hasGatewayKeys: false,
      },
    });
    renderAt('/br/es/change-local-payments');
    const card = await screen.findByRole(
      'switch',
      { name: 'Tarjeta de crédito y débito' },
      { timeout: 10_000 },
    );
    expect(card).toBeDisabled();
    expect(screen.getByRole('switch', { name: 'Transferencia bancaria' })).toBeDisabled();
    expect(screen.getByRole('switch', { name: 'Efectivo' })).toBeEnabled();
    expect(screen.getByRole('link', { name: 'Configurar Cobros' })).toHaveAttribute(
      'href',
      '/br/es/my-charges',
    );
    expect(screen.queryByLabelText(/CBU|Chave Pix/)).toBeNull();
  });

  it('my-charges tells which gateway takes the cards and holds the same panel', async () => {
    answerActions(callMock, {
      'find-user-payment-options': { ...defaults, payMoney: 0 },
      'find-local-payments': gateway(3),
      'find-global-payments': gateway(4),
    });
    renderAt('/ar/es/my-charges');
    expect(
      await screen.findByRole('heading', { name: 'Configurar Cobros' }, { timeout: 10_000 }),
    ).toBeVisible();
    expect(
      await screen.findByText(
        'Los pagos con tarjeta de tus clientes se procesan con la pasarela de pago de Agendo para tu país.',
      ),
    ).toBeVisible();
    expect(screen.getByRole('switch', { name: 'Efectivo' })).toBeInTheDocument();
  });

  it('my-charges saves Mercado Pago keys and shows them back only masked', async () => {
    const user = userEvent.setup();
    const sent: InputOf<'update-local-payments'>[] = [];
    answerActions(callMock, {
      'find-user-payment-options': { ...defaults, payMoney: 0 },
      'find-local-payments': gateway(3),
      'find-global-payments': gateway(4),
      'update-local-payments': (input) => {
        sent.push(input);
        return { ...gateway(3), checked: true, publicKey: '••••9f3a', secretKey: '••••77c1' };
      },
    });
    renderAt('/ar/es/my-charges');
    const mp = await screen.findByRole('region', { name: 'Mercado Pago' }, { timeout: 10_000 });
    const inside = within(mp);
    await user.type(inside.getByLabelText(/Clave pública/), 'APP_USR-public-9f3a');
    await user.type(inside.getByLabelText(/Clave secreta/), 'APP_USR-secret-77c1');
    await user.click(inside.getByRole('button', { name: 'Guardar claves' }));
    expect(await inside.findByText('Conectada. Claves guardadas: ••••9f3a / ••••77c1')).toBeVisible();
    expect(sent).toEqual([{ publicKey: 'APP_USR-public-9f3a', secretKey: 'APP_USR-secret-77c1' }]);
    expect(inside.getByLabelText(/Clave secreta/)).toHaveValue('');
    expect(within(screen.getByRole('region', { name: 'PayPal' })).getByText('No conectada.')).toBeVisible();
  });
});
