import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { usePublication } from '../features/catalogue/use-publications.ts';
import { ServicePage } from '../features/storefront/service-page.tsx';
import { turnsWindowFixture } from '../features/storefront/test-fixtures.ts';
import { call } from '../lib/api.ts';
import { publicationFixture } from '../lib/publication-fixture.ts';
import { answerActions } from '../lib/test-actions.ts';
import { renderRoutes } from '../test/render.tsx';

vi.mock('../lib/api.ts');
const callMock = vi.mocked(call);

// Two features read get-publish (the service editor and the service page) through one cache:
// 'Ver publicación' in the editor opens the service page over what the editor cached.
describe('the publication cache shared by the editor and the service page', { timeout: 20_000 }, () => {
  afterEach(() => callMock.mockReset());

  it("'Ver publicación' after the editor shows the service, not the load error", async () => {
    const pub = publicationFixture();
    answerActions(callMock, {
      'get-publish': { status: '200', publication: pub },
      'find-turns': turnsWindowFixture('2026-11-23', { hasPrevious: false, hasNext: true }),
      'find-questions': { status: '200', questions: [], next: null, total: 0, isOwner: false },
    });
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    const editor = renderHook(() => usePublication(pub.ref), { wrapper });
    await waitFor(() => expect(editor.result.current.data?.title).toBe(pub.title));
    editor.unmount();

    renderRoutes(
      { 'service/:ref/:title?': <ServicePage /> },
      `/ar/es/service/${pub.ref}/sesion-de-psicologia-online`,
      { queryClient: client },
    );
    expect(await screen.findByRole('heading', { level: 1, name: pub.title })).toBeVisible();
    expect(screen.queryByText('No pudimos cargar el servicio')).toBeNull();
  });
});
