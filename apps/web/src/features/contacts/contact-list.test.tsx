import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { contactFixture } from '../../lib/contact-fixture.ts';
import { renderRoutes } from '../../test/render.tsx';
import { type ContactEntry, ContactList } from './contact-list.tsx';
import { matchesContact } from './contact-search.ts';

const entry = contactFixture;

const contacts = [
  entry('ref-valentina-0001', 'Valentina', 'Sosa', 'valen@example.com', '+5491144445555'),
  entry('ref-joaquin-00002', 'Joaquín', 'Gómez', 'jgomez@example.com', '+34612345678'),
  entry('ref-camila-000003', 'Camila', 'Rojas', 'camila@example.com', null),
];

function renderList(props: Partial<Parameters<typeof ContactList>[0]> = {}) {
  const onOpen = vi.fn();
  const onNew = vi.fn();
  renderRoutes(
    {
      clients: (
        <ContactList
          contacts={contacts}
          loading={false}
          selectedRef={undefined}
          canCreate
          onOpen={onOpen}
          onNew={onNew}
          {...props}
        />
      ),
    },
    '/ar/es/clients',
  );
  return { onOpen, onNew };
}

const names = () =>
  within(screen.getByRole('list', { name: 'Consultantes' }))
    .getAllByRole('button')
    .map((b) => b.textContent);

describe('ContactList (spec 001 §2.1)', () => {
  it('hides the contacts that do not match as the text is typed, ignoring accents and case', async () => {
    renderList();
    expect(names()).toHaveLength(3);
    const search = screen.getByLabelText('Buscar consultante');
    await userEvent.type(search, 'gomez');
    expect(names()).toEqual([expect.stringContaining('Joaquín Gómez')]);
    await userEvent.clear(search);
    await userEvent.type(search, 'JOAQUIN');
    expect(names()).toHaveLength(1);
    await userEvent.clear(search);
    await userEvent.type(search, 'example.com');
    expect(names()).toHaveLength(3);
    await userEvent.clear(search);
    await userEvent.type(search, '4444');
    expect(names()).toEqual([expect.stringContaining('Valentina Sosa')]);
  });

  it('says so when nothing matches, and opens a contact on click', async () => {
    const { onOpen } = renderList();
    const search = screen.getByLabelText('Buscar consultante');
    await userEvent.type(search, 'zzz');
    expect(screen.getByText('Ningún consultante coincide con “zzz”.')).toBeInTheDocument();
    await userEvent.clear(search);
    await userEvent.click(screen.getByRole('button', { name: /Camila Rojas/ }));
    expect(onOpen).toHaveBeenCalledWith('ref-camila-000003');
  });

  it('shows the empty state with its one action', async () => {
    const { onNew } = renderList({ contacts: [] });
    expect(screen.getByText('Todavía no tienes consultantes')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Nuevo consultante' }));
    expect(onNew).toHaveBeenCalled();
  });
});

describe('matchesContact', () => {
  it.each([
    ['', true],
    ['sosa valen', true],
    ['sosa camila', false],
    ['+54 9 11 4444', true],
    ['valen@', true],
  ])('%s → %s', (query, expected) => {
    expect(matchesContact(contacts[0] as ContactEntry, query)).toBe(expected);
  });
});
