import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { answer, sent } from '../../test/fetch-answers.ts';
import { expectLinks } from '../../test/links.ts';
import { renderRoutes } from '../../test/render.tsx';
import { MyWorkshopsPage } from './my-workshops-page.tsx';
import type { WorkshopSummary } from './use-course-editor.ts';

const workshop: WorkshopSummary = {
  ref: 'wsRef12345678',
  title: 'Meditación para principiantes',
  cover: null,
  paused: 1,
  modules: 3,
  lessons: 1,
  students: 12,
  updatedAt: '2026-11-22T12:00:00.000Z',
};

function renderPage() {
  return renderRoutes(
    { 'my-workshops': <MyWorkshopsPage />, 'general-workshop/:ref/:type?': <p>Editor del curso</p> },
    '/ar/es/my-workshops',
  );
}

describe('MyWorkshopsPage', { timeout: 60_000 }, () => {
  beforeEach(() => localStorage.setItem('token', 'tok-professional-123456789'));
  afterEach(() => vi.unstubAllGlobals());

  it('offers to create the first course when there is none', async () => {
    vi.stubGlobal('fetch', answer({ 'find-my-workshops': [200, { status: '200', workshops: [] }] }));
    const router = renderPage();
    expect(await screen.findByText('Todavía no tienes cursos')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'Nuevo curso' }));
    expect(router.state.location.pathname).toBe('/ar/es/general-workshop/new');
  });

  it('lists each course with its counters, paused badge and links', async () => {
    vi.stubGlobal('fetch', answer({ 'find-my-workshops': [200, { status: '200', workshops: [workshop] }] }));
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Meditación para principiantes' })).toBeInTheDocument();
    expect(screen.getByText('Pausado')).toBeInTheDocument();
    expect(screen.getByText('3 módulos · 1 clase · 12 alumnos')).toBeInTheDocument();
    expectLinks([
      [/^Editar/, '/ar/es/general-workshop/wsRef12345678/general'],
      ['Módulos y clases', '/ar/es/manage-modules/wsRef12345678'],
      ['Ver publicación', '/ar/es/course/wsRef12345678'],
    ]);
    expect(screen.getByRole('link', { name: 'Nuevo curso' })).toBeInTheDocument();
  });

  it('asks before deleting and shows why the server refused (E48)', async () => {
    const message = 'No puedes eliminar un curso con alumnos inscriptos. Puedes pausarlo.';
    const fetchMock = answer({
      'find-my-workshops': [200, { status: '200', workshops: [workshop] }],
      'delete-workshop': [400, { status: '400', code: 'E48', message }],
    });
    vi.stubGlobal('fetch', fetchMock);
    renderPage();
    await userEvent.click(
      await screen.findByRole('button', { name: 'Más acciones de Meditación para principiantes' }),
    );
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Eliminar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Eliminar curso' });
    expect(sent(fetchMock, 'delete-workshop')).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Sí, eliminar' }));
    expect(await within(dialog).findByText(message)).toBeInTheDocument();
    await waitFor(() =>
      expect(sent(fetchMock, 'delete-workshop')).toEqual([expect.objectContaining({ ref: 'wsRef12345678' })]),
    );
  });
});
