import { moneyText, type OutputOf } from '@agendo/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../../test/render.tsx';
import { SearchView } from './search-page.tsx';

function result(n: number) {
  return {
    ref: `pubref${String(n).padStart(4, '0')}`,
    title: `Sesión de psicología ${n}`,
    therapyId: 1,
    therapy: 'Psicología',
    profRef: 'profref0001',
    profName: 'Lucía',
    profLastName: 'Fernández',
    profImg: null,
    profCountry: 5,
    modalityId: 1,
    duration: 50,
    qtySessions: 1,
    currency: 'ARS',
    price: 14500,
    priceText: '$ 14.500,00',
    oldPrice: null,
    oldPriceText: null,
    promo: false,
    free: false,
    hidePrice: false,
    noPrice: false,
    image: null,
    nextSlot: {
      start: '2026-11-23T13:00:00Z',
      date: '2026-11-23',
      hour: '10:00',
      timeZone: 'America/Argentina/Buenos_Aires',
    },
  };
}

type Body = Record<string, unknown> & { action: string };
type CoursesAnswer = OutputOf<'search-courses'>;

/** A published course as search-courses answers it (issue 12). */
function courseResult(
  over: Partial<CoursesAnswer['courses'][number]> = {},
): CoursesAnswer['courses'][number] {
  return {
    ref: 'courseref0001',
    title: 'Respiración consciente para la ansiedad',
    cover: null,
    profRef: 'profref0001',
    profName: 'Lucía',
    profLastName: 'Fernández',
    profImg: null,
    profCountry: 5,
    modules: 2,
    lessons: 7,
    freeModules: 1,
    certificate: true,
    currency: 'ARS',
    price: 15000,
    priceText: moneyText(15000, 'ARS', 5),
    free: false,
    hidePrice: false,
    ...over,
  };
}

function stubServer(
  pages: (body: Body) => { publications: unknown[]; next: number | null },
  courses: (body: Body) => CoursesAnswer = () => ({ status: '200', courses: [], next: null }),
) {
  const searches: Body[] = [];
  const courseSearches: Body[] = [];
  const fetchMock = vi.fn(async (_url: string | URL | Request, init?: RequestInit) => {
    const body = JSON.parse(String(init?.body)) as Body;
    let answer: unknown;
    if (body.action === 'find-countries') {
      answer = {
        countries: [
          { id: 5, iso2: 'AR', name: 'Argentina', phoneCode: '54', currency: 'ARS', emoji: '' },
          { id: 42, iso2: 'MX', name: 'México', phoneCode: '52', currency: 'MXN', emoji: '' },
        ],
      };
    } else if (body.action === 'find-states') {
      answer = { states: [{ id: 3641, name: 'Córdoba' }] };
    } else if (body.action === 'find-cities') {
      answer = { cities: [] };
    } else if (body.action === 'search-courses') {
      courseSearches.push(body);
      answer = courses(body);
    } else {
      searches.push(body);
      answer = pages(body);
    }
    return new Response(JSON.stringify({ status: '200', ...(answer as object) }), { status: 200 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return Object.assign(searches, { courseSearches });
}

function renderSearch(url: string) {
  return renderRoutes(
    {
      search: <SearchView mode="search" />,
      sintomas: <SearchView mode="sintomas" />,
      'course/:ref/:title?': <h1>Página del curso</h1>,
    },
    url,
  );
}

const sidebar = () => within(screen.getByRole('complementary', { name: 'Filtros' }));
const lastSearch = (searches: Body[]) => searches[searches.length - 1];

describe('search page: filters ↔ URL', { timeout: 30_000 }, () => {
  afterEach(() => vi.unstubAllGlobals());

  it('reads its filters from the URL and sends them to search-publications', async () => {
    const searches = stubServer(() => ({ publications: [result(1)], next: null }));
    renderSearch('/ar/es/search?q=ansiedad&country=5&langEs=1&langFr=1&gender=2');

    expect(await screen.findByText('Sesión de psicología 1')).toBeInTheDocument();
    expect(lastSearch(searches)).toMatchObject({
      action: 'search-publications',
      text: 'ansiedad',
      country: 5,
      langEs: true,
      langFr: true,
      gender: 2,
    });
    expect(screen.getByRole('searchbox', { name: 'Buscar' })).toHaveValue('ansiedad');
    expect(sidebar().getByRole('checkbox', { name: 'Español' })).toBeChecked();
    expect(sidebar().getByRole('checkbox', { name: 'Inglés' })).not.toBeChecked();
    expect(sidebar().getByRole('switch', { name: 'Con turnos hoy' })).not.toBeChecked();
    expect(screen.getByText('$ 14.500,00')).toBeInTheDocument();
  });

  it('writes each change back to the URL and searches again', async () => {
    const searches = stubServer(() => ({ publications: [result(1)], next: null }));
    const router = renderSearch('/ar/es/search?langEs=1');
    await screen.findByText('Sesión de psicología 1');

    await userEvent.click(sidebar().getByRole('switch', { name: 'Con turnos hoy' }));
    await waitFor(() => expect(router.state.location.search).toBe('?langEs=1&today=1'));
    await waitFor(() => expect(lastSearch(searches)).toMatchObject({ langEs: true, today: true }));

    await userEvent.click(sidebar().getByRole('checkbox', { name: 'Español' }));
    await userEvent.click(sidebar().getByRole('checkbox', { name: 'Portugués' }));
    await waitFor(() => expect(router.state.location.search).toBe('?langPo=1&today=1'));

    const box = screen.getByRole('searchbox', { name: 'Buscar' });
    await userEvent.type(box, 'yoga{Enter}');
    await waitFor(() => expect(router.state.location.search).toBe('?q=yoga&langPo=1&today=1'));
    await waitFor(() =>
      expect(lastSearch(searches)).toMatchObject({ text: 'yoga', langPo: true, today: true }),
    );
    expect(lastSearch(searches)).not.toHaveProperty('langEs');
  });

  it('follows the URL when it changes (back, forward, a shared link)', async () => {
    stubServer(() => ({ publications: [result(1)], next: null }));
    const router = renderSearch('/ar/es/search?q=yoga&today=1');
    await screen.findByText('Sesión de psicología 1');
    expect(sidebar().getByRole('switch', { name: 'Con turnos hoy' })).toBeChecked();

    await act(() => router.navigate('/ar/es/search?q=reiki&langIt=1'));
    await waitFor(() => expect(screen.getByRole('searchbox', { name: 'Buscar' })).toHaveValue('reiki'));
    expect(sidebar().getByRole('switch', { name: 'Con turnos hoy' })).not.toBeChecked();
    expect(sidebar().getByRole('checkbox', { name: 'Italiano' })).toBeChecked();
  });

  it('clearing the filters empties the query string', async () => {
    stubServer(() => ({ publications: [], next: null }));
    const router = renderSearch('/ar/es/search?country=5&gender=1&today=1');
    expect(await screen.findByText('No encontramos profesionales con estos filtros')).toBeInTheDocument();
    await userEvent.click(screen.getAllByRole('button', { name: 'Limpiar filtros' })[0] as HTMLElement);
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it("'Cargar más' asks for the next page with the cursor the last one answered", async () => {
    const searches = stubServer((body) =>
      body.next === 12
        ? { publications: [result(13)], next: null }
        : { publications: Array.from({ length: 12 }, (_, i) => result(i + 1)), next: 12 },
    );
    renderSearch('/ar/es/search');
    await screen.findByText('Sesión de psicología 12');
    await userEvent.click(screen.getByRole('button', { name: 'Cargar más' }));
    expect(await screen.findByText('Sesión de psicología 13')).toBeInTheDocument();
    expect(lastSearch(searches)).toMatchObject({ next: 12 });
    expect(screen.queryByRole('button', { name: 'Cargar más' })).not.toBeInTheDocument();
  });

  it('sintomas lists the symptoms as tiles; choosing one filters by it and shows it as a chip', async () => {
    const searches = stubServer(() => ({ publications: [result(1)], next: null }));
    const router = renderSearch('/ar/es/sintomas');
    await userEvent.click(await screen.findByRole('button', { name: 'Insomnio' }));
    await waitFor(() => expect(router.state.location.search).toBe('?ref=4'));
    await waitFor(() => expect(lastSearch(searches)).toMatchObject({ type: 'sintomas', ref: 4 }));
    expect(screen.queryByRole('button', { name: 'Insomnio' })).not.toBeInTheDocument();
    expect(screen.getByText(/Síntoma: Insomnio/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Quitar Insomnio' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });
});

describe('search page: courses (issue 12)', { timeout: 30_000 }, () => {
  afterEach(() => vi.unstubAllGlobals());

  it('finds a course by text and country, prices it and links its course page', async () => {
    const searches = stubServer(
      () => ({ publications: [], next: null }),
      () => ({ status: '200', courses: [courseResult()], next: null }),
    );
    const router = renderSearch('/ar/es/search?q=respiraci%C3%B3n&country=5');

    const section = await screen.findByRole('region', { name: 'Cursos' });
    expect(searches.courseSearches.at(-1)).toMatchObject({
      action: 'search-courses',
      text: 'respiración',
      country: 5,
    });
    // No services matched, yet the page is not empty: it shows the course.
    expect(screen.queryByText('No encontramos profesionales con estos filtros')).not.toBeInTheDocument();
    const card = within(section).getByTestId('course-result');
    expect(within(card).getByText('Lucía Fernández')).toBeInTheDocument();
    expect(within(card).getByText('2 módulos · 7 clases')).toBeInTheDocument();
    // Testing Library collapses the no-break spaces of the formatted amount.
    expect(within(card).getByText(moneyText(15000, 'ARS', 5).replace(/\s+/g, ' '))).toBeInTheDocument();
    expect(within(card).getByText('1 módulo gratis')).toBeInTheDocument();

    // A filter only services have (here the modality) leaves courses out, without asking.
    const asked = searches.courseSearches.length;
    await act(() => router.navigate('/ar/es/search?q=respiraci%C3%B3n&country=5&modality=2'));
    expect(await screen.findByText('No encontramos profesionales con estos filtros')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Cursos' })).not.toBeInTheDocument();
    expect(searches.courseSearches).toHaveLength(asked);
    await act(() => router.navigate(-1));

    const link = within(await screen.findByTestId('course-result')).getByRole('link', {
      name: 'Respiración consciente para la ansiedad',
    });
    expect(link).toHaveAttribute(
      'href',
      '/ar/es/course/courseref0001/respiracion-consciente-para-la-ansiedad',
    );
    await userEvent.click(link);
    await waitFor(() => expect(router.state.location.pathname).toBe(link.getAttribute('href')));
    expect(screen.getByRole('heading', { name: 'Página del curso' })).toBeInTheDocument();
  });

  it('reads a hidden price and a free course as the course page does', async () => {
    stubServer(
      () => ({ publications: [], next: null }),
      () => ({
        status: '200',
        courses: [
          courseResult({
            ref: 'hidden000001',
            title: 'Curso a convenir',
            hidePrice: true,
            price: null,
            priceText: null,
          }),
          courseResult({
            ref: 'free00000001',
            title: 'Curso abierto',
            free: true,
            price: null,
            priceText: null,
          }),
        ],
        next: null,
      }),
    );
    renderSearch('/ar/es/search');
    const cards = await screen.findAllByTestId('course-result');
    expect(within(cards[0] as HTMLElement).getByText('Precio a convenir')).toBeInTheDocument();
    expect(within(cards[1] as HTMLElement).getByText('GRATIS')).toBeInTheDocument();
  });
});
