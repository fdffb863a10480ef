import type { OutputOf } from '@agendo/contract';
import { Button, Group, Skeleton, Stack, Text, TextInput, Title, UnstyledButton } from '@mantine/core';
import { IconSearch, IconUserPlus, IconUsers } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTexts } from '../../i18n/use-texts.ts';
import { EmptyState } from '../../ui/list-page.tsx';
import { ContactPhoto } from './contact-photo.tsx';
import { matchesContact } from './contact-search.ts';
import classes from './contacts.module.css';
import { contactsTexts } from './contacts-texts.ts';

export type ContactEntry = OutputOf<'find-contacts'>['contacts'][number];

interface Props {
  contacts: ContactEntry[] | undefined;
  loading: boolean;
  selectedRef: string | undefined;
  canCreate: boolean;
  onOpen: (ref: string) => void;
  onNew: () => void;
}

export function initials(first: string, last: string): string {
  return `${first.charAt(0)}${last.charAt(0)}`.toUpperCase();
}

/** spec 001 §2.1: the contact list with live text search; contacts that do not match are hidden. */
export function ContactList({ contacts, loading, selectedRef, canCreate, onOpen, onNew }: Props) {
  const tx = useTexts(contactsTexts);
  const [query, setQuery] = useState('');
  const visible = useMemo(() => (contacts ?? []).filter((c) => matchesContact(c, query)), [contacts, query]);

  if (loading) {
    return (
      <Stack gap="sm" aria-busy="true" aria-label={tx('loadingList')}>
        <Skeleton height={36} />
        {[0, 1, 2, 3, 4].map((key) => (
          <Group key={key} gap="sm" wrap="nowrap">
            <Skeleton circle height={40} />
            <Stack gap={6} style={{ flex: 1 }}>
              <Skeleton height={12} width="70%" />
              <Skeleton height={10} width="50%" />
            </Stack>
          </Group>
        ))}
      </Stack>
    );
  }

  if (!contacts || contacts.length === 0) {
    return (
      <EmptyState
        icon={IconUsers}
        title={tx('emptyTitle')}
        text={tx('emptyText')}
        action={
          canCreate && (
            <Button leftSection={<IconUserPlus size={18} aria-hidden />} onClick={onNew}>
              {tx('newContact')}
            </Button>
          )
        }
      />
    );
  }

  return (
    <Stack gap="sm" className={classes.listColumn}>
      <Group justify="space-between" gap="xs">
        <Title order={2} fz="lg">
          {tx('title')}
        </Title>
        {canCreate && (
          <Button size="sm" leftSection={<IconUserPlus size={16} aria-hidden />} onClick={onNew}>
            {tx('newContact')}
          </Button>
        )}
      </Group>
      <TextInput
        label={tx('search')}
        placeholder={tx('searchPlaceholder')}
        leftSection={<IconSearch size={16} aria-hidden />}
        value={query}
        onChange={(event) => setQuery(event.currentTarget.value)}
        type="search"
      />
      <Text size="xs" c="dimmed" aria-live="polite">
        {tx('count', { n: visible.length })}
      </Text>
      {visible.length === 0 ? (
        <Text size="sm" c="dimmed" py="md" ta="center">
          {tx('noMatch', { q: query.trim() })}
        </Text>
      ) : (
        <div className={classes.listScroll}>
          <ul className={classes.list} aria-label={tx('title')}>
            {visible.map((c) => (
              <li key={c.idSeller}>
                <UnstyledButton
                  className={classes.item}
                  data-active={c.idSeller === selectedRef || undefined}
                  aria-current={c.idSeller === selectedRef ? 'true' : undefined}
                  onClick={() => onOpen(c.idSeller)}
                >
                  <Group gap="sm" wrap="nowrap">
                    <ContactPhoto path={c.imgSeller} alt="" radius="xl" color="brand" aria-hidden>
                      {initials(c.userFirstName, c.userLastName)}
                    </ContactPhoto>
                    <Stack gap={0} style={{ minWidth: 0 }}>
                      <Text fw={600} size="sm" truncate>
                        {c.sellerName}
                      </Text>
                      <Text size="xs" c="dimmed" truncate>
                        {c.userMail}
                      </Text>
                    </Stack>
                  </Group>
                </UnstyledButton>
              </li>
            ))}
          </ul>
        </div>
      )}
    </Stack>
  );
}
