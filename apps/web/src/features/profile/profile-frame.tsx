import type { OutputOf } from '@agendo/contract';
import { Anchor, Button, Container, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconArrowLeft } from '@tabler/icons-react';
import type { FormEventHandler, ReactNode } from 'react';
import { Link } from 'react-router';
import { useTexts } from '../../i18n/use-texts.ts';
import { usePrefix } from '../../lib/route-prefix.ts';
import { RetryAlert } from '../../ui/list-page.tsx';
import { RequireLogin } from '../../ui/require-login.tsx';
import { profileTexts } from './profile-texts.ts';
import { useProfile } from './use-profile.ts';

type Profile = OutputOf<'find-user-profile'>;

/**
 * The profile pages' common frame: signed-out visitors go to the login and come back; the
 * profile's loading (skeleton) and error (retry) states.
 */
export function ProfileGate({ children }: { children: (profile: Profile) => ReactNode }) {
  return (
    <RequireLogin>
      <ProfileLoader>{children}</ProfileLoader>
    </RequireLogin>
  );
}

function ProfileLoader({ children }: { children: (profile: Profile) => ReactNode }) {
  const tx = useTexts(profileTexts);
  const profile = useProfile();
  if (profile.isPending) {
    return (
      <Container size="sm" py={{ base: 'lg', sm: 'xl' }} aria-busy="true">
        <Stack gap="md">
          <Skeleton height={28} width="50%" />
          <Skeleton height={16} width="80%" />
          <Skeleton height={180} radius="lg" />
        </Stack>
      </Container>
    );
  }
  if (profile.isError) {
    return (
      <Container size="sm" py="xl">
        <RetryAlert text={tx('loadError')} retry={() => profile.refetch()} />
      </Container>
    );
  }
  return children(profile.data);
}

/** One editor of the profile: its title, what it is for, the form, and the way back. */
export function EditorFrame({
  title,
  intro,
  children,
}: {
  title: string;
  intro: string;
  children: ReactNode;
}) {
  const tx = useTexts(profileTexts);
  const { to } = usePrefix();
  useDocumentTitle(`${title} · Agendo`);
  return (
    <Container size="sm" py={{ base: 'lg', sm: 'xl' }}>
      <Stack gap="md">
        <Anchor component={Link} to={to('my-profile')} className="touch-link" size="sm">
          <IconArrowLeft size={16} aria-hidden style={{ verticalAlign: 'middle' }} /> {tx('backToProfile')}
        </Anchor>
        <Title order={1} fz={{ base: 24, sm: 28 }}>
          {title}
        </Title>
        <Text c="dimmed" size="sm">
          {intro}
        </Text>
        {children}
      </Stack>
    </Container>
  );
}

/** The save button at an editor's end (a submit button unless `onClick` saves). */
export function SaveRow({ saving, onClick }: { saving: boolean; onClick?: () => void }) {
  const tx = useTexts(profileTexts);
  return (
    <Group justify="flex-end">
      <Button type={onClick ? 'button' : 'submit'} onClick={onClick} loading={saving}>
        {tx('save')}
      </Button>
    </Group>
  );
}

/** An editor whose fields are one form, saved by the button at its end. */
export function EditorForm({
  title,
  intro,
  onSubmit,
  saving,
  children,
}: {
  title: string;
  intro: string;
  onSubmit: FormEventHandler<HTMLFormElement>;
  saving: boolean;
  children: ReactNode;
}) {
  return (
    <EditorFrame title={title} intro={intro}>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          {children}
          <SaveRow saving={saving} />
        </Stack>
      </form>
    </EditorFrame>
  );
}
