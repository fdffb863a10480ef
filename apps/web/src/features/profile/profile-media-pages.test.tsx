import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { routes } from '../../app/router.tsx';
import { ApiError, call } from '../../lib/api.ts';
import { setToken } from '../../lib/session.ts';
import { answerActions } from '../../lib/test-actions.ts';
import { uploadFile } from '../../lib/upload-file.ts';
import { emptyProfile, userInfoFixture } from '../../test/account-fixtures.ts';
import { renderRoutes } from '../../test/render.tsx';

vi.mock('../../lib/api.ts');
vi.mock('../../lib/upload-file.ts', () => ({ uploadFile: vi.fn() }));
const callMock = vi.mocked(call);
const uploadMock = vi.mocked(uploadFile);

const info = userInfoFixture();

const lazy = { timeout: 10_000 };

function fileInput(): HTMLInputElement {
  const input = document.querySelector<HTMLInputElement>('input[type="file"]');
  if (!input) throw new Error('no file input');
  return input;
}

describe('profile images, certificate, my-business and user-web', { timeout: 60_000 }, () => {
  beforeEach(() => setToken('token-of-the-demo-professional'));
  afterEach(() => {
    callMock.mockReset();
    uploadMock.mockReset();
  });

  it('my-profile lists the logos, certificate and signature with the way to each editor', async () => {
    answerActions(callMock, {
      'find-user-info': info,
      'find-user-profile': {
        ...emptyProfile,
        logoSquare: '/files/profile/logo.webp',
        certificate: { link: '/files/certificates/c.pdf', kind: 'pdf', title: 'Licenciada en Psicología' },
      },
    });
    renderRoutes(routes, '/ar/es/my-profile');
    expect(await screen.findByRole('heading', { name: 'Mi perfil' }, lazy)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Editar: Logo cuadrado' })).toHaveAttribute(
      'href',
      '/ar/es/change-logo-square',
    );
    expect(screen.getByRole('link', { name: 'Completar: Logo rectangular' })).toHaveAttribute(
      'href',
      '/ar/es/change-logo-rectangle',
    );
    const certificate = screen.getByRole('region', { name: 'Certificado profesional' });
    expect(within(certificate).getByText('Licenciada en Psicología')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Completar: Firma' })).toHaveAttribute(
      'href',
      '/ar/es/change-sign',
    );
    expect(screen.getByRole('link', { name: 'Mi página web' })).toHaveAttribute('href', '/ar/es/user-web');
    expect(screen.getByRole('link', { name: 'Mi negocio' })).toHaveAttribute('href', '/ar/es/my-business');
  });

  it("change-logo-square uploads the chosen image as that kind and shows the server's refusal", async () => {
    answerActions(callMock, { 'find-user-profile': emptyProfile });
    uploadMock.mockRejectedValueOnce(
      new ApiError('E415', 'La imagen debe ser JPG, PNG o WEBP.', 'image', 415),
    );
    renderRoutes(routes, '/ar/es/change-logo-square');
    expect(await screen.findByRole('heading', { name: 'Logo cuadrado' }, lazy)).toBeInTheDocument();
    expect(screen.getByText('Todavía no subiste ninguna imagen.')).toBeInTheDocument();
    await userEvent.upload(fileInput(), new File(['x'], 'logo.png', { type: 'image/png' }));
    expect(await screen.findByText('La imagen debe ser JPG, PNG o WEBP.')).toBeInTheDocument();
    const sent = uploadMock.mock.calls[0]?.[0];
    expect(sent?.url).toBe('/upload/profile-image');
    expect(sent?.form.get('kind')).toBe('logo-square');
    expect(sent?.form.get('image')).toBeInstanceOf(File);

    uploadMock.mockResolvedValueOnce({ status: '200', kind: 'logo-square', img: '/files/profile/l.webp' });
    await userEvent.upload(fileInput(), new File(['y'], 'logo2.png', { type: 'image/png' }));
    expect(await screen.findByText('Datos Actualizados.')).toBeInTheDocument();
  });

  it('change-user-certificate asks for a file first, then sends title and file and shows a title refusal', async () => {
    answerActions(callMock, { 'find-user-profile': emptyProfile });
    renderRoutes(routes, '/ar/es/change-user-certificate');
    const title = await screen.findByLabelText('Título del certificado', {}, lazy);
    await userEvent.type(title, 'ab');
    await userEvent.click(screen.getByRole('button', { name: 'Subir certificado' }));
    expect(await screen.findByText('Debes elegir un archivo.')).toBeInTheDocument();
    expect(uploadMock).not.toHaveBeenCalled();

    uploadMock.mockRejectedValueOnce(
      new ApiError('E421', 'El título del certificado debe tener entre 3 y 120 caracteres.', 'title', 400),
    );
    await userEvent.upload(fileInput(), new File(['%PDF'], 'titulo.pdf', { type: 'application/pdf' }));
    expect(screen.getByText('Archivo elegido: titulo.pdf')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Subir certificado' }));
    expect(
      await screen.findByText('El título del certificado debe tener entre 3 y 120 caracteres.'),
    ).toBeInTheDocument();
    const sent = uploadMock.mock.calls[0]?.[0];
    expect(sent?.url).toBe('/upload/user-certificate');
    expect(sent?.form.get('title')).toBe('ab');
  });

  it('change-user-certificate shows the current certificate as verified by the professional', async () => {
    answerActions(callMock, {
      'find-user-profile': {
        ...emptyProfile,
        certificate: { link: '/files/certificates/c.pdf', kind: 'pdf', title: 'Matrícula 12345' },
      },
      'delete-profile-image': { status: '200' },
    });
    renderRoutes(routes, '/ar/es/change-user-certificate');
    const current = await screen.findByRole('region', { name: 'Certificado actual' }, lazy);
    expect(within(current).getByText('Matrícula 12345')).toBeInTheDocument();
    expect(within(current).getByText('Verificado por el profesional')).toBeInTheDocument();
    expect(within(current).getByRole('link', { name: /Ver certificado/ })).toHaveAttribute(
      'href',
      '/files/certificates/c.pdf',
    );
    await userEvent.click(within(current).getByRole('button', { name: 'Quitar' }));
    await waitFor(() =>
      expect(callMock).toHaveBeenCalledWith('delete-profile-image', { kind: 'certificate' }),
    );
  });

  it('my-business shows the figures and each service with its way to the editor', async () => {
    answerActions(callMock, {
      'find-user-info': info,
      'find-my-business': {
        status: '200',
        services: [{ ref: 'pubRef0001', title: 'Terapia individual', paused: false }],
        workshops: [],
        figures: {
          upcomingBookings: 3,
          bookingsLast30Days: 7,
          contacts: 12,
          incomeLast30Days: [{ currency: 'ARS', amount: 1_500_000 }],
          ratingAverage: 4.5,
          ratingCount: 2,
          unansweredQuestions: 1,
          students: 0,
        },
      },
    });
    renderRoutes(routes, '/ar/es/my-business');
    expect(await screen.findByRole('heading', { name: 'Mi negocio' }, lazy)).toBeInTheDocument();
    expect(await screen.findByText('Citas próximas')).toBeInTheDocument();
    expect(screen.getByText('4.5 de 5 (2)')).toBeInTheDocument();
    expect(screen.getByText(/15\.000/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Editar: Terapia individual' })).toHaveAttribute(
      'href',
      '/ar/es/edit-service/pubRef0001',
    );
    expect(screen.getByText('Todavía no creaste cursos.')).toBeInTheDocument();
  });

  it('user-web gives the public page, the short link by nickname and the coloured link', async () => {
    answerActions(callMock, {
      'find-user-info': info,
      'find-user-profile': { ...emptyProfile, nickname: 'lucia.psico', logoSquare: '/files/profile/l.webp' },
    });
    renderRoutes(routes, '/ar/es/user-web');
    expect(await screen.findByRole('heading', { name: 'Mi página web' }, lazy)).toBeInTheDocument();
    expect(await screen.findByDisplayValue(`${window.location.origin}/go/lucia.psico`)).toBeInTheDocument();
    expect(
      screen.getByDisplayValue(`${window.location.origin}/ar/es/professional/userRef00000001`),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('radio', { name: 'Violeta' }));
    expect(screen.getByRole('link', { name: 'Ver mi página' })).toHaveAttribute(
      'href',
      '/ar/es/getSellerPublish/userRef00000001/0/violet',
    );
    const checklist = screen.getByRole('region', { name: 'Para completar' });
    expect(within(checklist).queryByText('Logo cuadrado')).not.toBeInTheDocument();
    expect(within(checklist).getByRole('link', { name: 'Certificado profesional' })).toHaveAttribute(
      'href',
      '/ar/es/change-user-certificate',
    );
  });
});
