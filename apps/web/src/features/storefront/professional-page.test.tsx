import type { OutputOf } from '@agendo/contract';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { call } from '../../lib/api.ts';
import { answerActions } from '../../lib/test-actions.ts';
import { ProfessionalPage } from './professional-page.tsx';
import { renderAt } from './render-helpers.tsx';

vi.mock('../../lib/api.ts', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../lib/api.ts')>();
  return { ...original, call: vi.fn() };
});
const callMock = vi.mocked(call);

const profile: OutputOf<'find-professional-profile'> = {
  status: '200',
  profRef: 'profRef0001',
  profName: 'Lucía',
  profLastName: 'Fernández',
  profImg: null,
  profCountry: 5,
  businessName: null,
  userBio: null,
  nickname: null,
  logoSquare: null,
  logoRectangle: null,
  socialNetworks: {},
  certificate: null,
  ratingAverage: null,
  ratingCount: 0,
  questions: [],
  userCountry: 42,
  publications: [
    {
      ref: 'pubRef0001',
      title: 'Mindfulness para el estrés',
      therapy: 'Meditación y mindfulness',
      img: null,
      modalityId: 1,
      duration: 40,
      userPrice: 15,
      userOldPrice: 20,
      userCurrency: 'USD',
      hidePrice: false,
      noPrice: false,
      free: false,
      qtySessions: 1,
    },
  ],
};

describe('ProfessionalPage', { timeout: 20_000 }, () => {
  afterEach(() => callMock.mockReset());

  it('shows the professional and a card per active service, priced for the viewer', async () => {
    answerActions(callMock, { 'find-professional-profile': profile });
    renderAt(<ProfessionalPage />, 'professional/profRef0001', 'professional/:ref');
    expect(await screen.findByRole('heading', { level: 1, name: 'Lucía Fernández' })).toBeInTheDocument();
    expect(screen.getByText('Argentina')).toBeInTheDocument();
    expect(screen.getByText('US$ 15,00')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ver servicio: Mindfulness para el estrés' })).toHaveAttribute(
      'href',
      '/ar/es/service/pubRef0001/mindfulness-para-el-estres',
    );
    expect(callMock).toHaveBeenCalledWith('find-professional-profile', { ref: 'profRef0001' });
  });

  it('says so when there are no services yet', async () => {
    answerActions(callMock, { 'find-professional-profile': { ...profile, publications: [] } });
    renderAt(<ProfessionalPage />, 'professional/profRef0001', 'professional/:ref');
    expect(
      await screen.findByText('Este profesional todavía no tiene servicios publicados.'),
    ).toBeInTheDocument();
  });
});
