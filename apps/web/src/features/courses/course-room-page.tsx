import { Alert, Button, Center, Container, Loader, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { Link, useParams } from 'react-router';
import { useTexts } from '../../i18n/use-texts.ts';
import { usePrefix } from '../../lib/route-prefix.ts';
import { coursesTexts } from './courses-texts.ts';
import { LiveLesson } from './live-lesson.tsx';
import { useLesson, useMarkDone } from './use-courses.ts';

/**
 * course-room/{ref} (spec 002 §2: ref is the live lesson). The live slice puts the own video
 * room here; until then the page shows the event and says how access works.
 */
export function CourseRoomPage() {
  const { ref } = useParams();
  const tx = useTexts(coursesTexts);
  const { to } = usePrefix();
  const lesson = useLesson(ref);
  const done = useMarkDone();
  useDocumentTitle(`${tx('roomTitle')} · Agendo`);
  const data = lesson.data?.lesson;
  if (lesson.isPending) {
    return (
      <Center py="xl" role="status">
        <Loader size="sm" />
      </Center>
    );
  }
  return (
    <Container size="sm" py="lg">
      <Title order={1} size="h2" mb="md">
        {tx('roomTitle')}
      </Title>
      {!data ? (
        <Alert color="orange">{tx('lessonMissing')}</Alert>
      ) : (
        <>
          <Alert color="blue" mb="md">
            {tx('roomSoon')}
          </Alert>
          {data.moduleFree === 0 && (
            <LiveLesson lesson={data} onDone={() => done.mutate(data.ref)} doneBusy={done.isPending} />
          )}
          <Button component={Link} to={to(`lesson/${data.ref}`)} variant="subtle" mt="md">
            {tx('backToCourse')}
          </Button>
        </>
      )}
    </Container>
  );
}
