import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { answer, sent } from '../../test/fetch-answers.ts';
import { renderRoutes } from '../../test/render.tsx';
import { workshopFixture } from './test-helpers.tsx';
import { EditWorkshopRedirect, WorkshopEditorPage } from './workshop-editor-page.tsx';

const workshop = workshopFixture();

function renderEditor(at: string) {
  return renderRoutes(
    {
      'general-workshop/:ref/:type?': <WorkshopEditorPage />,
      'edit-workshop/:ref': <EditWorkshopRedirect />,
      'manage-modules/:ref': <p>Módulos del curso</p>,
      'my-workshops': <p>Lista de cursos</p>,
    },
    at,
  );
}

describe('WorkshopEditorPage', { timeout: 60_000 }, () => {
  beforeEach(() => localStorage.setItem('token', 'tok-professional-123456789'));
  afterEach(() => vi.unstubAllGlobals());

  it('validates with the contract before sending anything', async () => {
    const fetchMock = vi.fn<typeof fetch>();
    vi.stubGlobal('fetch', fetchMock);
    renderEditor('/ar/es/general-workshop/new');
    await userEvent.click(screen.getByRole('switch', { name: /^Limitar el tiempo de acceso/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Crear curso' }));
    expect(await screen.findByText('Debes ingresar el título.')).toBeInTheDocument();
    expect(screen.getByText('Debes ingresar los días de acceso (entre 1 y 3650).')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Título/)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('Revisa los campos marcados en rojo.')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('creates the course and goes on to its modules', async () => {
    const fetchMock = answer({ 'save-workshop': [200, { status: '200', ref: 'newRef12345678' }] });
    vi.stubGlobal('fetch', fetchMock);
    const router = renderEditor('/ar/es/general-workshop/new');
    await userEvent.type(screen.getByLabelText(/^Título/), 'Yoga en casa');
    await userEvent.type(screen.getByLabelText(/^Enlace de la comunidad/), 'https://chat.whatsapp.com/abc');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Transferencia o efectivo' }));
    await userEvent.click(screen.getByRole('switch', { name: /^Limitar el tiempo de acceso/ }));
    await userEvent.type(screen.getByLabelText(/^Días de acceso desde la contratación/), '90');
    await userEvent.click(screen.getByRole('button', { name: 'Crear curso' }));

    expect(await screen.findByText('Módulos del curso')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/ar/es/manage-modules/newRef12345678');
    const [body] = sent(fetchMock, 'save-workshop');
    expect(body).toMatchObject({
      title: 'Yoga en casa',
      linkComunityWp: 'https://chat.whatsapp.com/abc',
      payCard: 1,
      payCash: 1,
      hidePrice: 0,
      noPrice: 0,
      limitTime: 1,
      limitTimeDays: 90,
      certificate: 1,
      paused: 0,
    });
    expect(body).not.toHaveProperty('ref');
  });

  it('puts the server message (E2, E6) under the field it names', async () => {
    const fetchMock = vi.fn((_url: unknown, init?: RequestInit) => {
      const { limitTime } = JSON.parse(String(init?.body));
      const error = limitTime
        ? {
            code: 'E6',
            message: 'Debes ingresar los días de acceso (entre 1 y 3650).',
            field: 'limitTimeDays',
          }
        : { code: 'E2', message: 'Debes ingresar el título.', field: 'title' };
      return Promise.resolve(new Response(JSON.stringify({ status: '400', ...error }), { status: 400 }));
    });
    vi.stubGlobal('fetch', fetchMock);
    renderEditor('/ar/es/general-workshop/new');
    const title = screen.getByLabelText(/^Título/);
    await userEvent.type(title, 'Un título');
    await userEvent.click(screen.getByRole('button', { name: 'Crear curso' }));
    await waitFor(() => expect(title).toHaveAccessibleDescription('Debes ingresar el título.'));
    expect(title).toHaveFocus();

    await userEvent.click(screen.getByRole('switch', { name: /^Limitar el tiempo de acceso/ }));
    const days = screen.getByLabelText(/^Días de acceso desde la contratación/);
    await userEvent.type(days, '5000');
    await userEvent.click(screen.getByRole('button', { name: 'Crear curso' }));
    await waitFor(() =>
      expect(days).toHaveAccessibleDescription('Debes ingresar los días de acceso (entre 1 y 3650).'),
    );
  });

  it('loads a course, opens the section of the URL and saves with its ref', async () => {
    const fetchMock = answer({
      'get-workshop': [200, { status: '200', workshop }],
      'save-workshop': [200, { status: '200', ref: workshop.ref }],
    });
    vi.stubGlobal('fetch', fetchMock);
    renderEditor('/ar/es/edit-workshop/wsRef12345678');
    const title = await screen.findByLabelText(/^Título/);
    expect(title).toHaveValue('Meditación para principiantes');
    expect(screen.getByRole('link', { name: 'Gestionar módulos y clases' })).toHaveAttribute(
      'href',
      '/ar/es/manage-modules/wsRef12345678',
    );
    await userEvent.click(screen.getByRole('radio', { name: 'Sin precio (gratis)' }));
    expect(screen.queryByRole('checkbox', { name: 'Tarjeta de crédito o débito' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Guardar curso' }));
    await waitFor(() => expect(sent(fetchMock, 'save-workshop')).toHaveLength(1));
    expect(sent(fetchMock, 'save-workshop')[0]).toMatchObject({ ref: 'wsRef12345678', noPrice: 1 });
  });
});
