import { type CalendarProviderName, calendarProviderLabels } from '@agendo/contract';
import { Anchor, Button, Card, Group, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { useTexts } from '../../i18n/use-texts.ts';
import { ApiError } from '../../lib/api.ts';
import { calendarTexts } from './external-calendars-texts.ts';
import { ErrorText, LinkCard, LinkedProvider, LinkingFrame } from './linking-frame.tsx';
import { useCalendarLink, useSaveCaldav, useStartLink } from './use-external-calendars.ts';

/** change-calendar (spec 000 §2.2; issue 18): link Google Calendar, Outlook or a CalDAV server. */
export function ChangeCalendarPage() {
  const found = useCalendarLink();
  return (
    <LinkingFrame title="calendarTitle" intro="calendarIntro" query={found}>
      {found.data && <CalendarLink link={found.data} />}
    </LinkingFrame>
  );
}

type CalendarState = NonNullable<ReturnType<typeof useCalendarLink>['data']>;

function CalendarLink({ link }: { link: CalendarState }) {
  const tx = useTexts(calendarTexts);
  const start = useStartLink();
  const label = (provider: string | null) =>
    calendarProviderLabels[(provider ?? 'caldav') as CalendarProviderName] ?? '';

  if (link.connected === 1) {
    return (
      <LinkCard>
        <LinkedProvider
          title={tx('calendarLinked', { provider: label(link.provider) })}
          account={link.account}
          kind="calendar"
          unlinkLabel={tx('unlinkCalendar')}
        >
          {link.linkedAt && (
            <Text size="sm" c="dimmed">
              {tx('since', { date: new Date(link.linkedAt).toLocaleDateString('es-AR') })}
            </Text>
          )}
          {link.pendingSync > 0 && (
            <Text size="sm" c="orange.9" role="status">
              {tx('pendingSync', { count: String(link.pendingSync) })}
            </Text>
          )}
          {link.imitationPage && (
            <Anchor href={link.imitationPage} size="sm" className="touch-link">
              {tx('openImitation')}
            </Anchor>
          )}
        </LinkedProvider>
      </LinkCard>
    );
  }

  const oauth = link.available.filter((p): p is 'google' | 'outlook' => p !== 'caldav');
  return (
    <Stack gap="lg">
      <LinkCard>
        <Text fw={600}>{tx('notLinked')}</Text>
        <ErrorText error={start.error} />
        <Group gap="sm">
          {oauth.map((provider) => (
            <Button
              key={provider}
              mih={44}
              variant={provider === 'google' ? 'filled' : 'default'}
              loading={start.isPending && start.variables === provider}
              onClick={() => start.mutate(provider)}
            >
              {tx('linkWith', { provider: label(provider) })}
            </Button>
          ))}
        </Group>
      </LinkCard>
      {link.available.includes('caldav') && <CaldavForm hint={link.caldavHint} />}
    </Stack>
  );
}

function CaldavForm({ hint }: { hint: string | null }) {
  const tx = useTexts(calendarTexts);
  const save = useSaveCaldav();
  const [url, setUrl] = useState('');
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const fieldError = (field: string) =>
    save.error instanceof ApiError && save.error.field === field ? save.error.message : undefined;
  return (
    <Card
      withBorder
      radius="md"
      p={{ base: 'md', sm: 'lg' }}
      component="section"
      aria-label={tx('caldavTitle')}
    >
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          save.mutate({ url, username, password });
        }}
      >
        <Stack gap="sm">
          <Title order={2} fz="lg">
            {tx('caldavTitle')}
          </Title>
          <Text size="sm" c="dimmed">
            {tx('caldavIntro')}
          </Text>
          <TextInput
            label={tx('caldavUrl')}
            placeholder="https://"
            value={url}
            onChange={(e) => setUrl(e.currentTarget.value)}
            error={fieldError('url')}
            inputMode="url"
          />
          <TextInput
            label={tx('caldavUser')}
            value={username}
            onChange={(e) => setUsername(e.currentTarget.value)}
            error={fieldError('username')}
            autoComplete="username"
          />
          <PasswordInput
            label={tx('caldavPassword')}
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
            error={fieldError('password')}
            autoComplete="current-password"
          />
          {save.error && !(save.error instanceof ApiError && save.error.field) && (
            <ErrorText error={save.error} />
          )}
          <Group gap="sm">
            <Button type="submit" mih={44} loading={save.isPending}>
              {tx('caldavSave')}
            </Button>
            {hint && (
              <Button
                variant="light"
                mih={44}
                onClick={() => {
                  setUrl(hint);
                  setUsername(decodeURIComponent(hint.split('/caldav/')[1]?.split('/')[0] ?? ''));
                }}
              >
                {tx('caldavImitation')}
              </Button>
            )}
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
