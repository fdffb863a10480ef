import { Button, Card, Container, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconSchool } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTexts } from '../../i18n/use-texts.ts';
import { usePrefix } from '../../lib/route-prefix.ts';
import { coursesTexts } from './courses-texts.ts';
import { useEnrolments } from './use-courses.ts';
import { WorkshopPanel } from './workshop-panel.tsx';

function EnrolmentsPage({ mode }: { mode: 1 | 2 }) {
  const tx = useTexts(coursesTexts);
  const { to } = usePrefix();
  const list = useEnrolments(mode);
  const title = mode === 2 ? tx('myCourses') : tx('myStudents');
  useDocumentTitle(`${title} · Agendo`);
  return (
    <Container size="md" py="lg">
      <Title order={1} size="h2" mb="md">
        {title}
      </Title>
      {list.isPending && (
        <Stack>
          <Skeleton h={150} radius="md" />
          <Skeleton h={150} radius="md" />
        </Stack>
      )}
      {list.data?.enrolments.length === 0 && (
        <Card withBorder radius="md" padding="xl" ta="center">
          <IconSchool size={40} style={{ margin: '0 auto' }} aria-hidden />
          <Text mt="sm">{mode === 2 ? tx('emptyMine') : tx('emptyStudents')}</Text>
          <Button component={Link} to={to(mode === 2 ? 'search' : 'my-workshops')} mt="md" variant="light">
            {mode === 2 ? tx('searchCourses') : tx('edit')}
          </Button>
        </Card>
      )}
      <Stack>
        {list.data?.enrolments.map((e) => (
          <WorkshopPanel key={e.ref} enrolment={e} side={mode} />
        ))}
      </Stack>
    </Container>
  );
}

/** my-courses/{ref?}/…: the student's courses. */
export function MyCoursesPage() {
  return <EnrolmentsPage mode={2} />;
}

/** courses/{ref?}/…: the professional's students and their contractings. */
export function CoursesPage() {
  return <EnrolmentsPage mode={1} />;
}
