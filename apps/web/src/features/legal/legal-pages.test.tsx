import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { routes } from '../../app/router.tsx';
import { renderRoutes } from '../../test/render.tsx';

function renderAt(path: string) {
  return renderRoutes(routes, path);
}

const pages = [
  {
    path: 'terms',
    title: 'Términos y condiciones',
    mentions: /nunca recibe ni guarda los números de tu tarjeta/,
  },
  {
    path: 'privacy',
    title: 'Política de privacidad',
    mentions: /Ley 25\.326 de Protección de los Datos Personales/,
  },
  { path: 'comunity', title: 'Normas de la comunidad', mentions: /Cómo reportar un problema/ },
];

// issue 18: spec 000 §2.2 lists terms, privacy and comunity as public routes; they answered 404.
describe('legal pages', { timeout: 20_000 }, () => {
  it.each(pages)('/ar/es/$path shows its document to a visitor', async ({ path, title, mentions }) => {
    renderAt(`/ar/es/${path}`);
    // The page's module is loaded lazily, as in the app.
    expect(
      await screen.findByRole('heading', { level: 1, name: title }, { timeout: 10_000 }),
    ).toBeInTheDocument();
    const main = screen.getByRole('main');
    expect(within(main).getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(within(main).getAllByRole('heading', { level: 2 }).length).toBeGreaterThan(3);
    // comunity keeps its own date; terms and privacy show the version recorded at sign-up.
    expect(within(main).getByText(/Última actualización/)).toHaveTextContent(
      path === 'comunity' ? '25 de noviembre de 2026' : '28 de noviembre de 2026',
    );
    expect(within(main).getByText(mentions)).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Página no encontrada' })).toBeNull();
  });

  it('the footer of every page links to the three documents', async () => {
    const router = renderAt('/ar/es/terms');
    await screen.findByRole('heading', { level: 1, name: 'Términos y condiciones' }, { timeout: 10_000 });
    const footer = within(screen.getByRole('navigation', { name: 'Información legal' }));
    for (const { path, title } of pages)
      expect(footer.getByRole('link', { name: title })).toHaveAttribute('href', `/ar/es/${path}`);

    await userEvent.click(footer.getByRole('link', { name: 'Política de privacidad' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Política de privacidad' }, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/ar/es/privacy');
  });

  it('the register form names the terms and the privacy policy it accepts', async () => {
    renderAt('/ar/es/register');
    const submit = await screen.findByRole('button', { name: 'Crear cuenta' }, { timeout: 10_000 });
    const form = within(submit.closest('form') as HTMLFormElement);
    expect(form.getByRole('link', { name: 'Términos y condiciones' })).toHaveAttribute(
      'href',
      '/ar/es/terms',
    );
    expect(form.getByRole('link', { name: 'Política de privacidad' })).toHaveAttribute(
      'href',
      '/ar/es/privacy',
    );
  });
});
