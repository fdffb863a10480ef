import * as coursesActions from '@agendo/contract/courses';
import { Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconExternalLink, IconListCheck, IconPlus, IconSchool } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { useTexts } from '../../i18n/use-texts.ts';
import { usePrefix } from '../../lib/route-prefix.ts';
import { CardCover, CardListPage, CardMenu, PausedBadge } from '../../ui/list-page.tsx';
import { loginRequired } from '../../ui/require-login.tsx';
import { courseEditorTexts } from './course-editor-texts.ts';
import { ConfirmDelete, listFailure, useCount } from './course-editor-ui.tsx';
import { useDeleteWorkshop, useMyWorkshops, type WorkshopSummary } from './use-course-editor.ts';

/** my-workshops: the professional's courses and workshops. */
export const MyWorkshopsPage = loginRequired(MyWorkshops);

function MyWorkshops() {
  const tx = useTexts(courseEditorTexts);
  const { to } = usePrefix();
  const remove = useDeleteWorkshop();
  const [deleting, setDeleting] = useState<WorkshopSummary | null>(null);

  return (
    <CardListPage
      title={tx('myWorkshopsTitle')}
      intro={tx('myWorkshopsIntro')}
      actions={
        <Button
          component={Link}
          to={to('manage-quiz')}
          variant="default"
          leftSection={<IconListCheck size={18} aria-hidden />}
        >
          {tx('myQuizzesLink')}
        </Button>
      }
      create={
        <Button
          component={Link}
          to={to('general-workshop/new')}
          leftSection={<IconPlus size={18} aria-hidden />}
        >
          {tx('newWorkshop')}
        </Button>
      }
      list={useMyWorkshops()}
      grid={{ cols: { base: 1, sm: 2, lg: 3 }, cardHeight: 280 }}
      failure={listFailure}
      empty={{ icon: IconSchool, title: tx('emptyTitle'), text: tx('emptyText') }}
      card={(workshop) => (
        <WorkshopCard key={workshop.ref} workshop={workshop} onDelete={() => setDeleting(workshop)} />
      )}
      after={
        <ConfirmDelete
          target={deleting?.ref ?? null}
          action={coursesActions.deleteWorkshop}
          mutation={remove}
          title={tx('deleteWorkshopTitle')}
          message={tx('deleteWorkshopText', { title: deleting?.title ?? '' })}
          onClose={() => setDeleting(null)}
          deletedText={tx('workshopDeleted')}
        />
      }
    />
  );
}

function WorkshopCard({ workshop, onDelete }: { workshop: WorkshopSummary; onDelete: () => void }) {
  const tx = useTexts(courseEditorTexts);
  const count = useCount();
  const { to } = usePrefix();
  const paused = workshop.paused === 1;

  return (
    <Card withBorder radius="lg" padding="md">
      <CardCover src={workshop.cover} height={140} missingLabel={tx('noCover')}>
        <CardMenu
          label={tx('moreActions', { title: workshop.title })}
          remove={{ label: tx('delete'), onClick: onDelete }}
        />
      </CardCover>
      <Stack gap="xs" mt="md" style={{ flex: 1 }}>
        <Group gap={6}>
          <PausedBadge paused={paused} label={paused ? tx('paused') : tx('active')} />
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
