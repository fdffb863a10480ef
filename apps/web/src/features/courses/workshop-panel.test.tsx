import type { Enrolment } from '@agendo/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { call } from '../../lib/api.ts';
import { answerActions } from '../../lib/test-actions.ts';
import { renderRoutes } from '../../test/render.tsx';
import { WorkshopPanel } from './workshop-panel.tsx';

vi.mock('../../lib/api.ts');
const callMock = vi.mocked(call);

/** A paid, open enrolment of a student halfway through (override what a test needs). */
function enrolment(over: Partial<Enrolment> = {}): Enrolment {
  return {
    ref: 'enrolRef0001',
    courseRef: 'courseRef001',
    title: 'Taller de mindfulness',
    cover: null,
    sellerRef: 'profRef001',
    sellerName: 'Laura Méndez',
    imgSeller: null,
    clientName: 'Valentina Sosa',
    imgClient: null,
    contactEmail: null,
    createdAt: '2026-10-01T12:00:00.000Z',
    expiresAt: null,
    enableCourse: true,
    badge: 'paid',
    badgeText: 'ABONADO',
    moduleEntryEnabled: true,
    firstModule: 'modRef00001',
    firstLesson: 'lessonRef001',
    completed: 3,
    total: 6,
    percent: 50,
    certificate: 1,
    certificateEnabled: false,
    certificateRef: null,
    linkComunityWp: null,
    unpaidPurchases: 0,
    amountDue: 0,
    currency: 'ARS',
    ...over,
  };
}

function renderPanel(data: Enrolment, side: 1 | 2) {
  return renderRoutes(
    { 'my-courses': <WorkshopPanel enrolment={data} side={side} />, '*': <p>Otra página</p> },
    '/ar/es/my-courses',
  );
}

const unpaid = enrolment({
  badge: 'unpaid',
  badgeText: 'IMPAGO',
  moduleEntryEnabled: false,
  unpaidPurchases: 1,
  amountDue: 15000,
});

afterEach(() => {
  callMock.mockReset();
  vi.restoreAllMocks();
});

describe('WorkshopPanel', { timeout: 15_000 }, () => {
  it('an unpaid enrolment shows IMPAGO, greys out the module entry and says why (student side)', () => {
    renderPanel(unpaid, 2);
    expect(screen.getByTestId('workshop-badge')).toHaveTextContent('IMPAGO');
    // Mantine marks a link-button disabled with data-disabled (an <a> has no disabled state).
    expect(screen.getByRole('button', { name: 'Entrar a los módulos' })).toBeDisabled();
    expect(screen.queryByRole('link', { name: 'Entrar a los módulos' })).not.toBeInTheDocument();
    expect(
      screen.getByText('Podrás entrar a los módulos cuando el profesional confirme tu pago.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Marcar como abonado' })).not.toBeInTheDocument();
  });

  // Mantine's Button rendered as a Link keeps its href: a closed entry must be a plain button.
  it('an unpaid enrolment cannot open the modules by clicking the greyed-out entry', async () => {
    const user = userEvent.setup();
    const router = renderPanel(unpaid, 2);
    await user.click(screen.getByRole('button', { name: 'Entrar a los módulos' }));
    expect(router.state.location.pathname).toBe('/ar/es/my-courses');
  });

  it('a paid enrolment opens its first lesson', () => {
    renderPanel(enrolment(), 2);
    const entry = screen.getByRole('link', { name: 'Entrar a los módulos' });
    expect(entry).not.toHaveAttribute('data-disabled');
    expect(entry).toHaveAttribute('href', '/ar/es/lesson/lessonRef001');
    expect(screen.queryByText(/Podrás entrar a los módulos/)).not.toBeInTheDocument();
  });

  it("the professional marks an unpaid workshop as paid after confirming, and sees 'abonado'", async () => {
    const user = userEvent.setup();
    answerActions(callMock, {
      'mark-pay-workshop': { status: '200', enrolment: { ...unpaid, badge: 'paid' } },
    });
    renderPanel(unpaid, 1);
    expect(screen.getByText('Alumno: Valentina Sosa')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Entrar a los módulos' })).not.toBeInTheDocument();
    expect(screen.queryByText(/Podrás entrar a los módulos/)).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Marcar como abonado' }));
    const dialog = await screen.findByRole('dialog', { name: 'Marcar como abonado' });
    expect(
      within(dialog).getByText(/^¿Confirmas que el alumno pagó .*15\.000,00.*\? Dejará de figurar/),
    ).toBeInTheDocument();
    expect(callMock).not.toHaveBeenCalled();

    await user.click(within(dialog).getByRole('button', { name: 'Marcar como abonado' }));
    await waitFor(() => expect(callMock).toHaveBeenCalledWith('mark-pay-workshop', { ref: 'enrolRef0001' }));
    expect(await screen.findByText('El taller cambio al estado de abonado.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it("an expired period shows PERIODO VENCIDO and 'Volver a contratar' to the course", () => {
    renderPanel(enrolment({ enableCourse: false }), 2);
    expect(screen.getByText('PERIODO VENCIDO')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Volver a contratar' })).toHaveAttribute(
      'href',
      '/ar/es/course/courseRef001',
    );
  });

  it('the certificate stays disabled below 100 %', () => {
    renderPanel(enrolment({ percent: 50, certificateEnabled: false }), 2);
    expect(screen.getByText('Tu progreso: 3 de 6 clases (50 %)')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Descargar certificado' })).toBeDisabled();
  });

  it('at 100 % the certificate is issued, then downloaded as a PDF', async () => {
    const user = userEvent.setup();
    const createObjectURL = vi.fn((_blob: Blob) => 'blob:certificado');
    URL.createObjectURL = createObjectURL;
    URL.revokeObjectURL = vi.fn();
    const downloads: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      downloads.push(this.download);
    });
    answerActions(callMock, {
      'save-certificate-student': { status: '200', certificateRef: 'certRef00001' },
      certificate: { status: '200', fileName: 'certificado-mindfulness.pdf', pdf: btoa('%PDF-1.4') },
    });
    renderPanel(enrolment({ completed: 6, percent: 100, certificateEnabled: true }), 2);

    const button = screen.getByRole('button', { name: 'Descargar certificado' });
    expect(button).toBeEnabled();
    await user.click(button);
    await waitFor(() => expect(downloads).toEqual(['certificado-mindfulness.pdf']));
    expect(callMock).toHaveBeenNthCalledWith(1, 'save-certificate-student', { bookingId: 'enrolRef0001' });
    expect(callMock).toHaveBeenNthCalledWith(2, 'certificate', { ref: 'certRef00001' });
    const blob = createObjectURL.mock.calls[0]?.[0];
    expect(blob?.type).toBe('application/pdf');
  });

  it('shows the contracting id', () => {
    renderPanel(enrolment(), 2);
    expect(screen.getByText('ID de contratación: enrolRef0001')).toBeInTheDocument();
  });
});
