import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../../test/render.tsx';
import { type EditingNote, PsicoNoteModal } from './psico-note-modal.tsx';

function json(status: number, body: unknown) {
  return Promise.resolve(new Response(JSON.stringify(body), { status }));
}

function renderModal(editing: EditingNote | null = null) {
  const onClose = vi.fn();
  renderRoutes(
    {
      'clients/:ref': <PsicoNoteModal consId="contact-ref-0001" opened editing={editing} onClose={onClose} />,
    },
    '/ar/es/clients/contact-ref-0001',
  );
  return { onClose };
}

describe('PsicoNoteModal (spec 001 §2.4, §4)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('refuses a blank note on the page, without calling the server', async () => {
    const fetchMock = vi.fn<typeof fetch>();
    vi.stubGlobal('fetch', fetchMock);
    renderModal();
    expect(await screen.findByRole('dialog', { name: 'Nueva nota' })).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Nota'), '   ');
    await userEvent.click(screen.getByRole('button', { name: 'Guardar nota' }));
    expect(await screen.findByText('No hay texto para agregar la nota.')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('saves a new note, shows the toast and closes', async () => {
    const fetchMock = vi.fn<typeof fetch>(() => json(200, { status: '200', id: 'note-ref-0001' }));
    vi.stubGlobal('fetch', fetchMock);
    const { onClose } = renderModal();
    await userEvent.type(await screen.findByLabelText('Nota'), 'Primera sesión: motivo de consulta.');
    await userEvent.click(screen.getByRole('button', { name: 'Guardar nota' }));
    expect(await screen.findByText('Nota agregada.')).toBeInTheDocument();
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const body = JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body));
    expect(body).toMatchObject({
      action: 'save-psico-notes',
      consId: 'contact-ref-0001',
      ref: null,
      note: 'Primera sesión: motivo de consulta.',
    });
  });

  it('edits with the ref and shows the server message under the textarea', async () => {
    const fetchMock = vi.fn<typeof fetch>(() =>
      json(400, { status: '400', code: 'E3', message: 'La nota es demasiado corta.', field: 'note' }),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderModal({ id: 'note-ref-0002', note: 'Texto anterior' });
    expect(await screen.findByRole('dialog', { name: 'Editar nota' })).toBeInTheDocument();
    const textarea = screen.getByLabelText('Nota');
    expect(textarea).toHaveValue('Texto anterior');
    await userEvent.clear(textarea);
    await userEvent.type(textarea, 'x');
    await userEvent.click(screen.getByRole('button', { name: 'Guardar nota' }));
    await waitFor(() => expect(textarea).toHaveAccessibleDescription('La nota es demasiado corta.'));
    expect(JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body))).toMatchObject({ ref: 'note-ref-0002' });
  });
});
