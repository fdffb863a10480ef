import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { call } from '../../lib/api.ts';
import { answerActions } from '../../lib/test-actions.ts';
import { ProfessionalPage } from './professional-page.tsx';
import { ProfessionalsListPage } from './professionals-list-page.tsx';
import { renderAt } from './render-helpers.tsx';
import { profileCardFixture, profileFixture } from './test-fixtures.ts';

vi.mock('../../lib/api.ts');
const callMock = vi.mocked(call);

const profile = profileFixture({
  businessName: 'Consultorio Sur',
  userBio: '<p>Acompaño a <strong>adultos</strong>.</p>',
  nickname: 'lucia.psico',
  logoSquare: '/files/profile/square.webp',
  logoRectangle: '/files/profile/wide.webp',
  socialNetworks: { instagram: 'https://www.instagram.com/lucia.psico', facebook: null },
  certificate: { link: '/files/certificates/c.pdf', kind: 'pdf', title: 'Licenciada en Psicología (UBA)' },
  ratingAverage: 4.8,
  ratingCount: 12,
  questions: [
    {
      ref: 'q1',
      text: '¿Atiendes parejas?',
      answer: 'Sí, los martes.',
      publicationTitle: 'Terapia de pareja',
    },
  ],
  publications: [profileCardFixture(), profileCardFixture({ ref: 'pubRef0002', title: 'Terapia de pareja' })],
});

describe('the public web page (professional/{ref}, getSellerPublish)', { timeout: 20_000 }, () => {
  afterEach(() => callMock.mockReset());

  it('shows business, bio, networks, the certificate verified by the professional, ratings and questions', async () => {
    answerActions(callMock, {
      'find-professional-profile': profile,
      'find-professional-workshops': { status: '200', workshops: [] },
    });
    renderAt(<ProfessionalPage />, 'professional/profRef0001', 'professional/:ref');
    expect(await screen.findByRole('heading', { level: 1, name: 'Consultorio Sur' })).toBeInTheDocument();
    expect(screen.getByText('Lucía Fernández')).toBeInTheDocument();
    expect(screen.getByText('adultos').tagName).toBe('STRONG');
    expect(screen.getByRole('link', { name: 'Instagram' })).toHaveAttribute(
      'href',
      'https://www.instagram.com/lucia.psico',
    );
    const certificate = screen.getByRole('region', { name: 'Certificado' });
    expect(within(certificate).getByText('Licenciada en Psicología (UBA)')).toBeInTheDocument();
    expect(within(certificate).getByText('Verificado por el profesional')).toBeInTheDocument();
    expect(screen.getByText('4.8 de 5 · 12 calificaciones')).toBeInTheDocument();
    expect(screen.getByText('¿Atiendes parejas?')).toBeInTheDocument();
    expect(screen.queryByText('Destacado')).not.toBeInTheDocument();
  });

  it('getSellerPublish puts the featured service (ref2) first', async () => {
    answerActions(callMock, {
      'find-professional-profile': profile,
      'find-professional-workshops': { status: '200', workshops: [] },
    });
    renderAt(
      <ProfessionalPage />,
      'getSellerPublish/profRef0001/pubRef0002/violet',
      'getSellerPublish/:ref/:ref2/:colorActive?',
    );
    expect(await screen.findByText('Destacado')).toBeInTheDocument();
    const buttons = screen.getAllByRole('link', { name: /^Ver servicio:/ });
    expect(buttons[0]).toHaveAccessibleName('Ver servicio: Terapia de pareja');
    expect(callMock).toHaveBeenCalledWith('find-professional-profile', { ref: 'profRef0001' });
  });
});

describe('professionals-list/{ref}/{listType}', { timeout: 20_000 }, () => {
  afterEach(() => callMock.mockReset());

  it('lists the professionals of a therapy with their way to the public page', async () => {
    answerActions(callMock, {
      'find-professionals-list': {
        status: '200',
        therapy: 'Yoga',
        professionals: [
          {
            profRef: 'profRef0001',
            profName: 'Lucía',
            profLastName: 'Fernández',
            businessName: 'Consultorio Sur',
            img: null,
            services: 2,
            ratingAverage: 4.8,
            ratingCount: 12,
          },
        ],
      },
    });
    renderAt(<ProfessionalsListPage />, 'professionals-list/16/rating', 'professionals-list/:ref/:listType');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Profesionales de Yoga' }),
    ).toBeInTheDocument();
    expect(screen.getByText('2 servicios')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ver perfil: Consultorio Sur' })).toHaveAttribute(
      'href',
      '/ar/es/professional/profRef0001',
    );
    expect(callMock).toHaveBeenCalledWith('find-professionals-list', { ref: '16', listType: 'rating' });
  });
});
