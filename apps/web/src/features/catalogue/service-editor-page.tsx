import { currencyForCountryId, type ParsedInputOf } from '@agendo/contract';
import {
  Alert,
  Anchor,
  Box,
  Button,
  Container,
  Grid,
  Group,
  Modal,
  NavLink,
  Paper,
  ScrollArea,
  Skeleton,
  Stack,
  Switch,
  Text,
  Title,
} from '@mantine/core';
import '@mantine/dates/styles.css';
import { useDocumentTitle } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import {
  IconAlertCircle,
  IconArrowLeft,
  IconExternalLink,
  IconPlayerPause,
  IconTrash,
} from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link, Navigate, useBlocker, useLocation, useNavigate, useParams } from 'react-router';
import { useTexts } from '../../i18n/use-texts.ts';
import { ApiError, call } from '../../lib/api.ts';
import { usePrefix } from '../../lib/route-prefix.ts';
import { useIsLoggedIn } from '../../lib/session.ts';
import { useActionForm } from '../../lib/use-action-form.ts';
import { catalogueTexts } from './catalogue-texts.ts';
import { DeleteServiceModal } from './delete-service-modal.tsx';
import { GeneralSection } from './general-section.tsx';
import { MediaSection } from './media-section.tsx';
import { ModalitySection } from './modality-section.tsx';
import { PricesSection } from './prices-section.tsx';
import {
  type EditorSection,
  editorSections,
  formValuesOf,
  isEditorSection,
  newPublicationValues,
  slugOf,
} from './publication-form.ts';
import { ScheduleSection } from './schedule-section.tsx';
import {
  myPublicationsKey,
  type Publication,
  publicationKey,
  useOwnInfo,
  usePausePublication,
  usePublication,
} from './use-publications.ts';
import { VideoCallSection } from './video-call-section.tsx';

/** new-service, edit-service/{ref} and general-service/{ref}/{type?} (type opens a section). */
export function ServiceEditorPage() {
  const loggedIn = useIsLoggedIn();
  const { to } = usePrefix();
  const { pathname } = useLocation();
  if (!loggedIn) return <Navigate to={`${to('login')}?next=${encodeURIComponent(pathname)}`} replace />;
  return <EditorLoader />;
}

function EditorLoader() {
  const tx = useTexts(catalogueTexts);
  const { ref, type } = useParams();
  const info = useOwnInfo();
  const publication = usePublication(ref);
  useDocumentTitle(`${ref ? tx('editTitle') : tx('newTitle')} · Agendo`);

  if (info.isPending || (ref && publication.isPending)) return <EditorSkeleton />;
  const failure = info.error ?? publication.error;
  if (failure) {
    const missing = failure instanceof ApiError && failure.code === 'E7';
    return (
      <StateMessage
        text={missing ? tx('notFound') : tx('editorLoadError')}
        retry={missing ? undefined : () => Promise.all([info.refetch(), publication.refetch()])}
      />
    );
  }
  if (info.data?.userType !== 1) return <StateMessage text={tx('onlyProfessionals')} />;
  // Another professional's ref answers like an unknown one.
  if (ref && !publication.data?.admin) return <StateMessage text={tx('notFound')} />;

  return (
    <ServiceEditor
      key={ref ?? 'new'}
      publication={ref ? publication.data : undefined}
      currency={currencyForCountryId(info.data.userCountry)}
      countryId={info.data.userCountry}
      section={isEditorSection(type) ? type : undefined}
    />
  );
}

const sectionLabel = {
  general: 'sectionGeneral',
  modalidad: 'sectionModality',
  precios: 'sectionPrices',
  agenda: 'sectionSchedule',
  videollamada: 'sectionVideo',
  imagenes: 'sectionMedia',
} as const satisfies Record<EditorSection, keyof (typeof catalogueTexts)['es']>;

/** The section at the top of the screen, for the navigation's highlight. */
function useVisibleSection(initial: EditorSection | undefined): EditorSection | undefined {
  const [visible, setVisible] = useState(initial);
  useEffect(() => {
    let frame = 0;
    const update = () => {
      frame = 0;
      let current: EditorSection | undefined;
      for (const section of editorSections) {
        const top = document.getElementById(`section-${section}`)?.getBoundingClientRect().top;
        if (top !== undefined && top <= 140) current = section;
      }
      if (current) setVisible(current);
    };
    const onScroll = () => {
      if (!frame) frame = requestAnimationFrame(update);
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      if (frame) cancelAnimationFrame(frame);
    };
  }, []);
  return visible;
}

function scrollToSection(section: EditorSection) {
  document.getElementById(`section-${section}`)?.scrollIntoView({ behavior: 'smooth', block: 'start' });
}

export function ServiceEditor({
  publication,
  currency,
  countryId,
  section,
}: {
  publication: Publication | undefined;
  currency: string;
  countryId: number;
  section?: EditorSection;
}) {
  const tx = useTexts(catalogueTexts);
  const { to } = usePrefix();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const savedRef = publication?.ref;
  const editor = useActionForm('save-publish', {
    defaultValues: publication ? formValuesOf(publication) : newPublicationValues,
  });
  const { form, submit } = editor;
  const [deleting, setDeleting] = useState(false);
  const [triedToSave, setTriedToSave] = useState(false);
  const visible = useVisibleSection(section);
  // Leaving the editor with unsaved changes asks first; moving between its sections does not.
  const leaving = useRef(false);
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      !leaving.current &&
      form.formState.isDirty &&
      !(savedRef && nextLocation.pathname.includes(`/general-service/${savedRef}`)) &&
      currentLocation.pathname !== nextLocation.pathname,
  );

  useEffect(() => {
    if (section) scrollToSection(section);
  }, [section]);

  const save = useMutation({
    mutationFn: (values: ParsedInputOf<'save-publish'>) => call('save-publish', values),
    onSuccess: async ({ ref }) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: myPublicationsKey }),
        queryClient.invalidateQueries({ queryKey: publicationKey(ref) }),
      ]);
      if (!savedRef) {
        notifications.show({ color: 'teal', message: tx('created') });
        leaving.current = true;
        navigate(to(`general-service/${ref}/agenda`), { replace: true });
        return;
      }
      notifications.show({ color: 'teal', message: tx('saved') });
      form.reset(form.getValues());
    },
  });

  const onSubmit = submit(async (values) => {
    await save.mutateAsync(savedRef ? { ...values, ref: savedRef } : values);
  });
  const hasErrors = Object.keys(form.formState.errors).length > 0;

  const goTo = (target: EditorSection) => {
    scrollToSection(target);
    if (savedRef)
      navigate(to(`general-service/${savedRef}/${target}`), { replace: true, preventScrollReset: true });
  };

  const nav = editorSections.map((s) => ({ id: s, label: tx(sectionLabel[s]) }));

  return (
    <Container size="lg" py={{ base: 'md', sm: 'xl' }}>
      <Stack gap="lg">
        <Stack gap={6}>
          <Anchor component={Link} to={to('my-services')} size="sm" style={{ alignSelf: 'flex-start' }}>
            <Group gap={4} component="span">
              <IconArrowLeft size={16} aria-hidden />
              {tx('backToList')}
            </Group>
          </Anchor>
          <Group justify="space-between" align="flex-start" gap="sm">
            <Title order={1} fz={{ base: 24, sm: 30 }} style={{ overflowWrap: 'anywhere' }}>
              {savedRef ? publication?.title : tx('newTitle')}
            </Title>
            {publication && (
              <Button
                component={Link}
                to={to(`service/${publication.ref}/${slugOf(publication.title)}`)}
                variant="default"
                leftSection={<IconExternalLink size={18} aria-hidden />}
              >
                {tx('view')}
              </Button>
            )}
          </Group>
          <Text size="sm" c="dimmed">
            {tx('editorIntro')}
          </Text>
        </Stack>

        {publication?.paused === 1 && (
          <Alert color="yellow" icon={<IconPlayerPause aria-hidden />} role="status">
            {tx('pausedBanner')}
          </Alert>
        )}

        {/* Phones: the sections as a row of buttons that scrolls sideways. */}
        <Box hiddenFrom="md">
          <ScrollArea type="never" aria-label={tx('sectionsNav')} component="nav">
            <Group gap="xs" wrap="nowrap" pb={4}>
              {nav.map((item) => (
                <Button
                  key={item.id}
                  size="compact-md"
                  variant={visible === item.id ? 'filled' : 'default'}
                  radius="xl"
                  style={{ flexShrink: 0 }}
                  onClick={() => goTo(item.id)}
                >
                  {item.label}
                </Button>
              ))}
            </Group>
          </ScrollArea>
        </Box>

        <Grid gutter="lg">
          <Grid.Col span={{ base: 12, md: 3 }} visibleFrom="md">
            <Paper
              component="nav"
              aria-label={tx('sectionsNav')}
              withBorder
              radius="lg"
              p="xs"
              pos="sticky"
              top={80}
            >
              {nav.map((item) => (
                <NavLink
                  key={item.id}
                  component="button"
                  type="button"
                  label={item.label}
                  active={visible === item.id}
                  aria-current={visible === item.id ? 'true' : undefined}
                  onClick={() => goTo(item.id)}
                  style={{ borderRadius: 'var(--mantine-radius-md)' }}
                />
              ))}
            </Paper>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 9 }}>
            <form
              onSubmit={(event) => {
                setTriedToSave(true);
                return onSubmit(event);
              }}
              noValidate
              aria-label={savedRef ? tx('editTitle') : tx('newTitle')}
            >
              <Stack gap="lg">
                <GeneralSection editor={editor} />
                <ModalitySection editor={editor} countryId={countryId} />
                <PricesSection editor={editor} currency={currency} />
                <ScheduleSection editor={editor} savedRef={savedRef} />
                <VideoCallSection editor={editor} />
                <MediaSection editor={editor} savedRef={savedRef} images={publication?.imagesBig ?? []} />
                {publication && <StatusCard publication={publication} onDelete={() => setDeleting(true)} />}

                <Paper
                  withBorder
                  radius="lg"
                  p="sm"
                  pos="sticky"
                  bottom={8}
                  shadow="md"
                  style={{ zIndex: 5 }}
                >
                  <Group justify="space-between" gap="sm" wrap="wrap">
                    <Text
                      size="sm"
                      c={hasErrors && triedToSave ? 'red.8' : 'dimmed'}
                      role={hasErrors ? 'alert' : undefined}
                    >
                      {hasErrors && triedToSave
                        ? tx('fixErrors')
                        : form.formState.isDirty
                          ? tx('unsaved')
                          : ''}
                    </Text>
                    <Button type="submit" loading={save.isPending}>
                      {savedRef ? tx('save') : tx('create')}
                    </Button>
                  </Group>
                </Paper>
              </Stack>
            </form>
          </Grid.Col>
        </Grid>
      </Stack>
      <DeleteServiceModal
        service={deleting && publication ? { ref: publication.ref, title: publication.title } : null}
        onClose={() => setDeleting(false)}
        onDeleted={() => {
          leaving.current = true;
          navigate(to('my-services'), { replace: true });
        }}
      />
      <Modal
        opened={blocker.state === 'blocked'}
        onClose={() => blocker.reset?.()}
        title={tx('leaveTitle')}
        centered
      >
        <Stack>
          <Text>{tx('leaveText')}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => blocker.reset?.()}>
              {tx('leaveStay')}
            </Button>
            <Button color="red" onClick={() => blocker.proceed?.()}>
              {tx('leaveGo')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Container>
  );
}

function StatusCard({ publication, onDelete }: { publication: Publication; onDelete: () => void }) {
  const tx = useTexts(catalogueTexts);
  const pause = usePausePublication();
  return (
    <Paper
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'lg' }}
      component="section"
      aria-label={tx('dangerZone')}
    >
      <Stack gap="md">
        <Switch
          label={tx('pausedSwitch')}
          description={tx('pausedHint')}
          checked={publication.paused === 1}
          disabled={pause.isPending}
          onChange={(event) => {
            const paused = event.currentTarget.checked;
            pause.mutate(
              { ref: publication.ref, paused },
              {
                onSuccess: () =>
                  notifications.show({
                    color: 'teal',
                    message: paused ? tx('pausedToast') : tx('resumedToast'),
                  }),
              },
            );
          }}
        />
        <Group justify="space-between" gap="sm">
          <Text size="sm" c="dimmed" maw={420}>
            {tx('dangerText')}
          </Text>
          <Button
            color="red.9"
            variant="outline"
            leftSection={<IconTrash size={18} aria-hidden />}
            onClick={onDelete}
          >
            {tx('delete')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

function StateMessage({ text, retry }: { text: string; retry?: () => unknown }) {
  const tx = useTexts(catalogueTexts);
  const { to } = usePrefix();
  return (
    <Container size="sm" py="xl">
      <Alert color={retry ? 'red' : 'gray'} icon={<IconAlertCircle aria-hidden />} role="alert">
        <Stack gap="sm" align="flex-start">
          <Text size="sm">{text}</Text>
          <Group gap="xs">
            {retry && (
              <Button variant="white" color="red" onClick={() => retry()}>
                {tx('retry')}
              </Button>
            )}
            <Button component={Link} to={to('my-services')} variant="default">
              {tx('backToList')}
            </Button>
          </Group>
        </Stack>
      </Alert>
    </Container>
  );
}

function EditorSkeleton() {
  return (
    <Container size="lg" py={{ base: 'md', sm: 'xl' }} aria-busy="true">
      <Stack gap="lg">
        <Skeleton height={14} width={110} />
        <Skeleton height={30} width="55%" />
        <Grid gutter="lg">
          <Grid.Col span={{ base: 12, md: 3 }} visibleFrom="md">
            <Skeleton height={260} radius="lg" />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 9 }}>
            <Stack gap="lg">
              {[0, 1, 2].map((key) => (
                <Skeleton key={key} height={220} radius="lg" />
              ))}
            </Stack>
          </Grid.Col>
        </Grid>
      </Stack>
    </Container>
  );
}
