import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, call } from '../../lib/api.ts';
import { answerActions } from '../../lib/test-actions.ts';
import { renderRoutes } from '../../test/render.tsx';
import { CertificatePage } from './certificate-page.tsx';

vi.mock('../../lib/api.ts');
const callMock = vi.mocked(call);

function renderCertificate(ref: string) {
  renderRoutes({ 'certificate/:ref': <CertificatePage /> }, `/ar/es/certificate/${ref}`);
}

afterEach(() => callMock.mockReset());

describe('CertificatePage (the QR of a certificate opens it)', { timeout: 15_000 }, () => {
  it('a valid certificate shows who earned it, for which course, from whom', async () => {
    answerActions(callMock, {
      'find-certificate': {
        status: '200',
        certificate: {
          ref: 'certRef00001',
          studentName: 'Valentina Sosa',
          courseTitle: 'Taller de mindfulness',
          courseRef: 'courseRef001',
          professionalName: 'Laura Méndez',
          issuedAt: '2026-11-24T15:00:00.000Z',
        },
      },
    });
    renderCertificate('certRef00001');
    expect(await screen.findByRole('heading', { name: 'Certificado verificado' })).toBeInTheDocument();
    expect(callMock).toHaveBeenCalledWith('find-certificate', { ref: 'certRef00001' });
    const value = (label: string) =>
      screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
    expect(value('Alumno')).toBe('Valentina Sosa');
    expect(value('Curso')).toBe('Taller de mindfulness');
    expect(value('Dictado por')).toBe('Laura Méndez');
    expect(value('Emitido el')).toBe('24 de noviembre de 2026');
    expect(value('Código')).toBe('certRef00001');
  });

  it('an unknown code (E55) says the certificate was not found', async () => {
    callMock.mockRejectedValue(new ApiError('E55', 'No encontramos el certificado.', undefined, 404));
    renderCertificate('certRefBogus');
    expect(await screen.findByText('No encontramos el certificado.')).toBeInTheDocument();
    expect(
      screen.getByText('El código no corresponde a ningún certificado emitido. Revisa el enlace.'),
    ).toBeInTheDocument();
    expect(screen.queryByText('Certificado verificado')).not.toBeInTheDocument();
  });
});
