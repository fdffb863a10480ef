import {
  ActionIcon,
  Alert,
  Badge,
  Box,
  Button,
  Card,
  Center,
  Container,
  Group,
  Image,
  Menu,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import {
  IconAlertCircle,
  IconDots,
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
import { courseEditorTexts } from './course-editor-texts.ts';
import { ConfirmDelete, isForbidden, RequireLogin, useCount } from './course-editor-ui.tsx';
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
        <Group justify="space-between" align="flex-end" gap="sm">
          <Stack gap={4} maw={620}>
            <Title order={1} fz={{ base: 24, sm: 30 }}>
              {tx('myWorkshopsTitle')}
            </Title>
            <Text size="sm" c="dimmed">
              {tx('myWorkshopsIntro')}
            </Text>
          </Stack>
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
        </Group>

        {list.isPending ? (
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg" aria-busy="true">
            {[0, 1, 2].map((key) => (
              <Skeleton key={key} height={280} radius="lg" />
            ))}
          </SimpleGrid>
        ) : list.isError ? (
          <Alert color="red" icon={<IconAlertCircle aria-hidden />} role="alert">
            <Stack gap="sm" align="flex-start">
              {isForbidden(list.error) ? (
                <Text size="sm">{tx('onlyProfessionals')}</Text>
              ) : (
                <>
                  <Text size="sm">{tx('loadError')}</Text>
                  <Button variant="white" color="red" onClick={() => list.refetch()}>
                    {tx('retry')}
                  </Button>
                </>
              )}
            </Stack>
          </Alert>
        ) : list.data.length === 0 ? (
          <EmptyState />
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
        action="delete-workshop"
        mutation={remove}
        title={tx('deleteWorkshopTitle')}
        message={tx('deleteWorkshopText', { title: deleting?.title ?? '' })}
        onClose={() => setDeleting(null)}
        onDeleted={() => notifications.show({ color: 'teal', message: tx('workshopDeleted') })}
      />
    </Container>
  );
}

function EmptyState() {
  const tx = useTexts(courseEditorTexts);
  const { to } = usePrefix();
  return (
    <Card withBorder radius="lg" p="xl">
      <Stack align="center" gap="md" ta="center" py="lg">
        <ThemeIcon size={64} radius="xl" variant="light">
          <IconSchool size={34} aria-hidden />
        </ThemeIcon>
        <Title order={2} fz="lg">
          {tx('emptyTitle')}
        </Title>
        <Text size="sm" c="dimmed" maw={460}>
          {tx('emptyText')}
        </Text>
        <Button
          component={Link}
          to={to('general-workshop/new')}
          leftSection={<IconPlus size={18} aria-hidden />}
        >
          {tx('newWorkshop')}
        </Button>
      </Stack>
    </Card>
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
        <Box pos="absolute" top={8} right={8}>
          <Menu position="bottom-end" withinPortal>
            <Menu.Target>
              <ActionIcon
                variant="default"
                size={44}
                radius="xl"
                aria-label={tx('moreActions', { title: workshop.title })}
              >
                <IconDots size={20} aria-hidden />
              </ActionIcon>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Item color="red" onClick={onDelete} leftSection={<IconTrash size={16} aria-hidden />}>
                {tx('delete')}
              </Menu.Item>
            </Menu.Dropdown>
          </Menu>
        </Box>
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
