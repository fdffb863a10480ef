import * as coursesActions from '@agendo/contract/courses';
import {
  Badge,
  Button,
  Card,
  Center,
  Container,
  Group,
  Image,
  Menu,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import {
  IconExternalLink,
  IconListCheck,
  IconPhoto,
  IconPlayerPause,
  IconPlus,
  IconSchool,
  IconTrash,
} from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { useTexts } from '../../i18n/use-texts.ts';
import { usePrefix } from '../../lib/route-prefix.ts';
import { CardGridSkeleton, CardMenu, EmptyState, ListHeader } from '../../ui/list-page.tsx';
import { courseEditorTexts } from './course-editor-texts.ts';
import { ConfirmDelete, ListLoadError, RequireLogin, useCount } from './course-editor-ui.tsx';
import { useDeleteWorkshop, useMyWorkshops, type WorkshopSummary } from './use-course-editor.ts';

/** my-workshops: the professional's courses and workshops. */
export function MyWorkshopsPage() {
  return (
    <RequireLogin>
      <MyWorkshops />
    </RequireLogin>
  );
}

function MyWorkshops() {
  const tx = useTexts(courseEditorTexts);
  const { to } = usePrefix();
  const list = useMyWorkshops();
  const remove = useDeleteWorkshop();
  const [deleting, setDeleting] = useState<WorkshopSummary | null>(null);
  useDocumentTitle(`${tx('myWorkshopsTitle')} · Agendo`);

  return (
    <Container size="lg" py={{ base: 'md', sm: 'xl' }}>
      <Stack gap="lg">
        <ListHeader
          title={tx('myWorkshopsTitle')}
          intro={tx('myWorkshopsIntro')}
          actions={
            <Group gap="xs">
              <Button
                component={Link}
                to={to('manage-quiz')}
                variant="default"
                leftSection={<IconListCheck size={18} aria-hidden />}
              >
                {tx('myQuizzesLink')}
              </Button>
              {list.data && list.data.length > 0 && (
                <Button
                  component={Link}
                  to={to('general-workshop/new')}
                  leftSection={<IconPlus size={18} aria-hidden />}
                >
                  {tx('newWorkshop')}
                </Button>
              )}
            </Group>
          }
        />

        {list.isPending ? (
          <CardGridSkeleton cols={{ base: 1, sm: 2, lg: 3 }} height={280} />
        ) : list.isError ? (
          <ListLoadError error={list.error} retry={() => list.refetch()} />
        ) : list.data.length === 0 ? (
          <EmptyState
            icon={IconSchool}
            title={tx('emptyTitle')}
            text={tx('emptyText')}
            action={
              <Button
                component={Link}
                to={to('general-workshop/new')}
                leftSection={<IconPlus size={18} aria-hidden />}
              >
                {tx('newWorkshop')}
              </Button>
            }
          />
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg">
            {list.data.map((workshop) => (
              <WorkshopCard key={workshop.ref} workshop={workshop} onDelete={() => setDeleting(workshop)} />
            ))}
          </SimpleGrid>
        )}
      </Stack>
      <ConfirmDelete
        target={deleting?.ref ?? null}
        action={coursesActions.deleteWorkshop}
        mutation={remove}
        title={tx('deleteWorkshopTitle')}
        message={tx('deleteWorkshopText', { title: deleting?.title ?? '' })}
        onClose={() => setDeleting(null)}
        onDeleted={() => notifications.show({ color: 'teal', message: tx('workshopDeleted') })}
      />
    </Container>
  );
}

function WorkshopCard({ workshop, onDelete }: { workshop: WorkshopSummary; onDelete: () => void }) {
  const tx = useTexts(courseEditorTexts);
  const count = useCount();
  const { to } = usePrefix();
  const paused = workshop.paused === 1;

  return (
    <Card withBorder radius="lg" padding="md">
      <Card.Section pos="relative">
        {workshop.cover ? (
          <Image src={workshop.cover} alt="" h={140} fit="cover" />
        ) : (
          <Center h={140} bg="var(--mantine-color-gray-1)" role="img" aria-label={tx('noCover')}>
            <IconPhoto size={40} color="var(--mantine-color-gray-5)" aria-hidden />
          </Center>
        )}
        <CardMenu label={tx('moreActions', { title: workshop.title })}>
          <Menu.Item color="red" onClick={onDelete} leftSection={<IconTrash size={16} aria-hidden />}>
            {tx('delete')}
          </Menu.Item>
        </CardMenu>
      </Card.Section>
      <Stack gap="xs" mt="md" style={{ flex: 1 }}>
        <Group gap={6}>
          <Badge
            variant={paused ? 'filled' : 'outline'}
            color={paused ? 'dark.6' : 'teal.9'}
            leftSection={paused ? <IconPlayerPause size={12} aria-hidden /> : undefined}
          >
            {paused ? tx('paused') : tx('active')}
          </Badge>
        </Group>
        <Title order={2} fz="md" lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
          {workshop.title}
        </Title>
        <Text size="sm" c="dimmed">
          {[
            count(workshop.modules, 'oneModule', 'modulesCount'),
            count(workshop.lessons, 'oneLesson', 'lessonsCount'),
            count(workshop.students, 'oneStudent', 'studentsCount'),
          ].join(' · ')}
        </Text>
      </Stack>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs" mt="md">
        <Button
          component={Link}
          to={to(`general-workshop/${workshop.ref}/general`)}
          variant="light"
          c="brand.9"
          size="sm"
          h={44}
          px="xs"
          fullWidth
          aria-label={`${tx('edit')} ${workshop.title}`}
        >
          {tx('edit')}
        </Button>
        <Button
          component={Link}
          to={to(`manage-modules/${workshop.ref}`)}
          variant="default"
          size="sm"
          h={44}
          px="xs"
          fullWidth
        >
          {tx('manageModules')}
        </Button>
      </SimpleGrid>
      <Button
        component={Link}
        to={to(`course/${workshop.ref}`)}
        variant="subtle"
        size="sm"
        h={44}
        mt={4}
        fullWidth
        leftSection={<IconExternalLink size={16} aria-hidden />}
      >
        {tx('view')}
      </Button>
    </Card>
  );
}
