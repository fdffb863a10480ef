import type { InputOf, OutputOf } from '@agendo/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { routes } from '../../app/router.tsx';
import { ApiError, call } from '../../lib/api.ts';
import { setToken } from '../../lib/session.ts';
import { answerActions } from '../../lib/test-actions.ts';
import { userInfoFixture } from '../../test/account-fixtures.ts';
import { renderRoutes } from '../../test/render.tsx';

vi.mock('../../lib/api.ts', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../lib/api.ts')>();
  return { ...original, call: vi.fn() };
});
const callMock = vi.mocked(call);

const saved: NonNullable<OutputOf<'find-user-bank'>['bank']> = {
  country: 5,
  bankCode: '011',
  bankName: 'BANCO DE LA NACION ARGENTINA',
  accountType: null,
  currency: 'ARS',
  account: '0110599520000001234569',
  name: 'Lucía',
  lastname: 'Fernández',
  userAliasBank: 'lucia.consultorio',
};
const banks: OutputOf<'find-banks-names'> = {
  status: '200',
  banks: [
    { id: '007', name: 'BANCO DE GALICIA Y BUENOS AIRES SA' },
    { id: '011', name: 'BANCO DE LA NACION ARGENTINA' },
  ],
};

function renderAt(path: string) {
  return renderRoutes(routes, path);
}

describe('change-user-bank (spec 002 §2, §4, §5)', { timeout: 20_000 }, () => {
  beforeEach(() => setToken('token-of-the-demo-professional'));
  afterEach(() => {
    callMock.mockReset();
    localStorage.clear();
  });

  it('refuses an altered CBU with the label text, then saves and ends on the success step', async () => {
    const user = userEvent.setup();
    const sent: InputOf<'update-user-bank'>[] = [];
    localStorage.setItem('newUser', '3');
    answerActions(callMock, {
      'find-user-bank': { status: '200', bank: saved, userCountry: 5 },
      'find-banks-names': banks,
      'update-user-bank': (input) => {
        sent.push(input);
        return { status: '200', bank: { ...saved, account: input.userCBU } };
      },
    });
    renderAt('/ar/es/change-user-bank');
    expect(
      await screen.findByRole('heading', { name: 'Cuenta Bancaria' }, { timeout: 10_000 }),
    ).toBeVisible();
    const account = await screen.findByLabelText(/CBU ó CVU Nº/);
    expect(account).toHaveValue('0110599520000001234569');
    await user.clear(account);
    await user.type(account, '0110599520000001234567');
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('El CBU ó CVU Nº no es correcto.')).toBeVisible();
    expect(sent).toEqual([]);

    await user.clear(account);
    await user.type(account, '0000003100012345678907');
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Tus datos bancarios fueron modificados.')).toBeVisible();
    expect(sent).toEqual([
      expect.objectContaining({ userCountry: 5, userBankName: '011', userCBU: '0000003100012345678907' }),
    ]);
    expect(localStorage.getItem('newUser')).toBe('5');
    expect(screen.getByRole('button', { name: 'Listo' })).toBeVisible();
  });

  it('takes the bank from the CBU and says which it is, however the bank was preselected (issue 34)', async () => {
    const user = userEvent.setup();
    const sent: InputOf<'update-user-bank'>[] = [];
    answerActions(callMock, {
      'find-user-bank': { status: '200', bank: saved, userCountry: 5 },
      'find-banks-names': {
        status: '200',
        banks: [...banks.banks, { id: '285', name: 'BANCO MACRO SOCIEDAD ANONIMA' }],
      },
      'update-user-bank': (input) => {
        sent.push(input);
        return { status: '200', bank: { ...saved, bankCode: '285', account: input.userCBU } };
      },
    });
    renderAt('/ar/es/change-user-bank');
    const account = await screen.findByLabelText(/CBU ó CVU Nº/, {}, { timeout: 10_000 });
    await user.clear(account);
    await user.type(account, '2850590940090418135201');
    const bank = screen.getByRole('textbox', { name: /Banco/ });
    expect(bank).toHaveValue('285 · BANCO MACRO SOCIEDAD ANONIMA');
    expect(bank).toBeDisabled();
    expect(screen.getByText('Lo indican los tres primeros números de la cuenta.')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Tus datos bancarios fueron modificados.')).toBeVisible();
    expect(sent).toEqual([
      expect.objectContaining({ userBankName: '285', userCBU: '2850590940090418135201' }),
    ]);
  });

  it('refuses an alias the banks would not take, before sending it (issue 34)', async () => {
    const user = userEvent.setup();
    answerActions(callMock, {
      'find-user-bank': { status: '200', bank: saved, userCountry: 5 },
      'find-banks-names': banks,
    });
    renderAt('/ar/es/change-user-bank');
    const alias = await screen.findByRole('textbox', { name: /Alias/ }, { timeout: 10_000 });
    await user.clear(alias);
    await user.type(alias, 'mi alias con espacios');
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(
      await screen.findByText(
        'El alias debe tener entre 6 y 20 caracteres: letras, números, puntos y guiones, sin espacios.',
      ),
    ).toBeVisible();
    expect(callMock).not.toHaveBeenCalledWith('update-user-bank', expect.anything());
  });

  it("shows the server's refusal under the field it names", async () => {
    const user = userEvent.setup();
    answerActions(callMock, {
      'find-user-bank': { status: '200', bank: saved, userCountry: 5 },
      'find-banks-names': banks,
      'update-user-bank': new ApiError(
        'E41',
        'Banco invalido para el país de la cuenta bancaria.',
        'userBankName',
        400,
      ),
    });
    renderAt('/ar/es/change-user-bank');
    await user.click(await screen.findByRole('button', { name: 'Guardar' }, { timeout: 10_000 }));
    expect(await screen.findByText('Banco invalido para el país de la cuenta bancaria.')).toBeVisible();
    expect(screen.queryByText('Tus datos bancarios fueron modificados.')).toBeNull();
  });

  it('labels the account and offers the types of the country (Chile)', async () => {
    answerActions(callMock, {
      'find-user-bank': { status: '200', bank: null, userCountry: 81 },
      'find-banks-names': { status: '200', banks: [{ id: '012', name: 'Banco del Estado de Chile' }] },
    });
    renderAt('/ar/es/change-user-bank');
    expect(await screen.findByLabelText(/^Cuenta Nº/, {}, { timeout: 10_000 })).toBeVisible();
    expect(screen.getByRole('textbox', { name: /Tipo de cuenta/ })).toBeVisible();
    expect(screen.getByRole('textbox', { name: /Moneda/ })).toHaveValue('CLP');
  });

  it.each([
    [null, 'Debes primero configurar tu domicilio.'],
    [
      55,
      'No puedes cargar una cuenta bancaria para tu país. Contactate con nuestro equipo para encontrar una solución.',
    ],
  ])('country %s: no form, only "%s"', async (userCountry, message) => {
    answerActions(callMock, { 'find-user-bank': { status: '200', bank: null, userCountry } });
    renderAt('/ar/es/change-user-bank');
    expect(await screen.findByText(message, {}, { timeout: 10_000 })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Guardar' })).toBeNull();
  });

  it('my-account links a professional to it', async () => {
    answerActions(callMock, {
      'find-user-info': userInfoFixture({
        ref: 'userRef00000002',
        userMail: 'profesional@agendo.test',
        userPhone: null,
      }),
    });
    renderAt('/ar/es/my-account');
    const link = await screen.findByRole('link', { name: 'Cuenta Bancaria' }, { timeout: 10_000 });
    expect(link).toHaveAttribute('href', '/ar/es/change-user-bank');
    await waitFor(() => expect(screen.getByRole('region', { name: 'Cobros' })).toBeVisible());
  });
});
