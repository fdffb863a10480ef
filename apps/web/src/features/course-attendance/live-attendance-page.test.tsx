import type { OutputOf } from '@agendo/contract';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, call } from '../../lib/api.ts';
import { answerActions } from '../../lib/test-actions.ts';
import { renderRoutes } from '../../test/render.tsx';
import { LiveAttendancePage } from './live-attendance-page.tsx';

vi.mock('../../lib/api.ts');
const callMock = vi.mocked(call);

const entryPath = '/ar/es/qr-reader-live-date/lessonRef001/studentRef01';

function renderPage(path = entryPath) {
  return renderRoutes(
    { 'qr-reader-live-date/:lessonId/:userId': <LiveAttendancePage />, '*': <p>Otra página</p> },
    path,
    // StrictMode runs the effect twice: the attendance must still be recorded once.
    { strict: true },
  );
}

const recorded: OutputOf<'save-live-attendance'> = {
  status: '200',
  studentName: 'Valentina Sosa',
  courseTitle: 'Taller de cerámica',
  lessonTitle: 'Clase presencial 1',
  alreadyRecorded: false,
};

describe('qr-reader-live-date/{lessonId}/{userId}', () => {
  beforeEach(() => localStorage.setItem('token', 'tok'));
  afterEach(() => callMock.mockReset());

  it('records the attendance once and shows who attended', async () => {
    answerActions(callMock, { 'save-live-attendance': recorded });
    const router = renderPage();
    expect(await screen.findByRole('heading', { name: 'Asistencia registrada' })).toBeInTheDocument();
    expect(screen.getByText('Valentina Sosa')).toBeInTheDocument();
    expect(screen.getByText('Taller de cerámica')).toBeInTheDocument();
    expect(screen.getByText('Clase presencial 1')).toBeInTheDocument();
    expect(screen.queryByText('La asistencia ya estaba registrada.')).not.toBeInTheDocument();
    expect(callMock).toHaveBeenCalledTimes(1);
    expect(callMock).toHaveBeenCalledWith('save-live-attendance', {
      lessonId: 'lessonRef001',
      userId: 'studentRef01',
    });

    await userEvent.click(screen.getByRole('link', { name: 'Escanear otro código' }));
    expect(router.state.location.pathname).toBe('/ar/es/qr-reader');
  });

  it('says when the attendance was already recorded', async () => {
    answerActions(callMock, { 'save-live-attendance': { ...recorded, alreadyRecorded: true } });
    renderPage();
    expect(await screen.findByText('La asistencia ya estaba registrada.')).toBeInTheDocument();
    expect(screen.getByText('Valentina Sosa')).toBeInTheDocument();
  });

  it("shows the server's message when the code is not a student of the event", async () => {
    callMock.mockRejectedValue(
      new ApiError('E56', 'El código no corresponde a un alumno de este evento.', undefined, 400),
    );
    renderPage();
    expect(
      await screen.findByText('El código no corresponde a un alumno de este evento.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'No pudimos registrar la asistencia' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Escanear otro código' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reintentar' })).not.toBeInTheDocument();
    expect(callMock).toHaveBeenCalledTimes(1);
  });

  it('offers to retry when the network failed', async () => {
    callMock.mockRejectedValueOnce(new ApiError('NETWORK', 'Revise su conexión de internet.', undefined, 0));
    callMock.mockResolvedValueOnce(recorded);
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByRole('heading', { name: 'Asistencia registrada' })).toBeInTheDocument();
    expect(callMock).toHaveBeenCalledTimes(2);
  });

  it('does not call the server for a malformed link', async () => {
    renderPage('/ar/es/qr-reader-live-date/short/studentRef01');
    expect(await screen.findByText('El código no es una entrada de un evento.')).toBeInTheDocument();
    expect(callMock).not.toHaveBeenCalled();
  });

  it('sends a visitor who is not signed in to log in first', async () => {
    localStorage.clear();
    const router = renderPage();
    expect(await screen.findByText('Otra página')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/ar/es/login');
    expect(router.state.location.search).toBe(`?next=${encodeURIComponent(entryPath)}`);
    expect(callMock).not.toHaveBeenCalled();
  });
});
