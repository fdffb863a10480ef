import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { call } from '../../lib/api.ts';
import { answerActions } from '../../lib/test-actions.ts';
import { ProfessionalPage } from './professional-page.tsx';
import { renderAt } from './render-helpers.tsx';
import { profileCardFixture, profileFixture } from './test-fixtures.ts';

vi.mock('../../lib/api.ts');
const callMock = vi.mocked(call);

const profile = profileFixture({
  publications: [
    profileCardFixture({
      title: 'Mindfulness para el estrés',
      therapy: 'Meditación y mindfulness',
      duration: 40,
      userOldPrice: 20,
    }),
  ],
});

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
