import { buyModulePrompt, type LessonData, lessonTypes } from '@agendo/contract';
import {
  Alert,
  Badge,
  Box,
  Button,
  Card,
  Container,
  Drawer,
  Grid,
  Group,
  Loader,
  NavLink,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { useDisclosure, useDocumentTitle, useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import {
  IconBan,
  IconCheck,
  IconChevronLeft,
  IconChevronRight,
  IconCircleDashed,
  IconLock,
} from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useMemo } from 'react';
import { Link, Navigate, useLocation, useParams } from 'react-router';
import { useTexts } from '../../i18n/use-texts.ts';
import { call } from '../../lib/api.ts';
import { usePrefix } from '../../lib/route-prefix.ts';
import { useIsLoggedIn } from '../../lib/session.ts';
import { embedUrl } from '../../lib/video-embed.ts';
import { serverQuizEngine } from '../../ui/quiz/quiz-engine.ts';
import { QuizPlayer } from '../../ui/quiz/quiz-player.tsx';
import { coursesTexts } from './courses-texts.ts';
import { lessonIcons } from './lesson-icons.ts';
import { LiveLesson } from './live-lesson.tsx';
import { MissingNotice, PageLoading } from './missing-notice.tsx';
import { ModuleCart } from './module-cart.tsx';
import { invalidateProgress, useLesson, useMarkDone, useModulesProgress } from './use-courses.ts';

// pdf.js is large: it loads only when a PDF lesson opens.
const PdfViewer = lazy(() => import('../../ui/pdf/pdf-viewer.tsx').then((m) => ({ default: m.PdfViewer })));

/** lesson/{ref}/{book?}/…: one lesson of a course, with the course's progress beside it. */
export function LessonPage() {
  const { ref } = useParams();
  const tx = useTexts(coursesTexts);
  const { to } = usePrefix();
  const { pathname } = useLocation();
  // Lessons are read with a session (find-lesson-data-workshop is signed-in): a visitor who
  // follows a lesson link from the course page signs in first and comes back to it.
  const loggedIn = useIsLoggedIn();
  const lesson = useLesson(loggedIn ? ref : undefined);
  const data = lesson.data?.lesson;
  const progress = useModulesProgress(data?.courseRef);
  const wide = useMediaQuery('(min-width: 62em)');
  const [outline, { open, close }] = useDisclosure(false);
  useDocumentTitle(data ? `${data.titleClass} · ${data.courseTitle} · Agendo` : 'Agendo');

  if (!loggedIn) return <Navigate to={`${to('login')}?next=${encodeURIComponent(pathname)}`} replace />;
  if (lesson.isPending) {
    return <PageLoading />;
  }
  if (!data) {
    return <MissingNotice title={tx('lessonMissing')} to={to('my-courses')} label={tx('myCourses')} />;
  }

  const sidebar = (
    <Stack gap={4} data-testid="course-outline">
      <Text fw={700} size="sm">
        {tx('courseContent')}
      </Text>
      {progress.data && (
        <Text size="xs" c="dimmed">
          {tx('progress', {
            done: progress.data.completed,
            total: progress.data.total,
            percent: progress.data.total
              ? Math.floor((progress.data.completed * 100) / progress.data.total)
              : 0,
          })}
        </Text>
      )}
      {progress.data?.modules.map((m) => (
        <Box key={m.ref} mt="xs">
          <Group gap={6} wrap="nowrap">
            {m.moduleFree !== 0 && <IconLock size={14} aria-label={tx('locked')} />}
            <Text size="sm" fw={600}>
              {m.title}
            </Text>
          </Group>
          {m.lessons.map((l) => {
            const Icon = lessonIcons[l.typeClass];
            return (
              <NavLink
                key={l.ref}
                component={Link}
                to={to(`lesson/${l.ref}`)}
                label={l.title}
                active={l.ref === data.ref}
                onClick={close}
                leftSection={<Icon size={16} aria-hidden />}
                rightSection={
                  m.moduleFree !== 0 ? (
                    <IconLock size={14} aria-label={tx('locked')} />
                  ) : l.complete ? (
                    <IconCheck size={16} color="var(--mantine-color-teal-7)" aria-label={tx('done')} />
                  ) : (
                    <IconCircleDashed size={16} aria-hidden />
                  )
                }
              />
            );
          })}
        </Box>
      ))}
    </Stack>
  );

  return (
    <Container size="lg" py="md">
      <Group justify="space-between" mb="sm" wrap="wrap">
        <Button
          component={Link}
          to={to(`course/${data.courseRef}`)}
          variant="subtle"
          px={0}
          leftSection={<IconChevronLeft size={16} />}
        >
          {tx('backToCourse')}
        </Button>
        {!wide && (
          <Button variant="light" size="xs" onClick={open}>
            {tx('courseContent')}
          </Button>
        )}
      </Group>
      <Grid gutter="lg">
        {wide && <Grid.Col span={3}>{sidebar}</Grid.Col>}
        <Grid.Col span={wide ? 9 : 12}>
          <LessonBody lesson={data} />
          <Group justify="space-between" mt="lg">
            {data.prevRef ? <StepLink lessonRef={data.prevRef} step="prev" /> : <span />}
            {data.nextRef && <StepLink lessonRef={data.nextRef} step="next" />}
          </Group>
        </Grid.Col>
      </Grid>
      <Drawer opened={outline} onClose={close} title={data.courseTitle} size="85%">
        {sidebar}
      </Drawer>
    </Container>
  );
}

/** The link to the lesson before or after this one, its chevron on the side it leads to. */
function StepLink({ lessonRef, step }: { lessonRef: string; step: 'prev' | 'next' }) {
  const tx = useTexts(coursesTexts);
  const { to } = usePrefix();
  return (
    <Button
      component={Link}
      to={to(`lesson/${lessonRef}`)}
      variant="default"
      leftSection={step === 'prev' ? <IconChevronLeft size={16} /> : undefined}
      rightSection={step === 'next' ? <IconChevronRight size={16} /> : undefined}
    >
      {tx(step)}
    </Button>
  );
}

function LessonBody({ lesson }: { lesson: LessonData }) {
  const tx = useTexts(coursesTexts);
  const queryClient = useQueryClient();
  const done = useMarkDone();
  const markDone = () =>
    done.mutate(lesson.ref, {
      onSuccess: () => notifications.show({ color: 'teal', message: tx('doneToast') }),
    });

  const header = (
    <Box mb="md">
      <Text size="sm" c="dimmed">
        {lesson.courseTitle} · {lesson.moduleTitle}
      </Text>
      <Group gap="xs" align="center">
        <Title order={1} size="h2">
          {lesson.titleClass}
        </Title>
        {lesson.complete && (
          <Badge color="teal" leftSection={<IconCheck size={12} />}>
            {tx('done')}
          </Badge>
        )}
      </Group>
      {lesson.ownerBadge && (
        <Badge color="yellow" variant="light" mt={6}>
          {tx('ownerBadge')}
        </Badge>
      )}
    </Box>
  );

  if (lesson.moduleFree !== 0) {
    // spec 002 §2: the lock, the block icon and both purchase texts; moduleFree 2 shows no cart.
    return (
      <>
        {header}
        <Card withBorder radius="md" padding="lg" data-testid="lesson-locked">
          <Group wrap="nowrap" align="flex-start">
            <ThemeIcon size={44} radius="xl" color="gray" variant="light">
              <IconLock size={24} aria-hidden />
            </ThemeIcon>
            <div>
              <Group gap={6}>
                <IconBan size={16} aria-hidden />
                <Text fw={600}>{tx('lockedText')}</Text>
              </Group>
              {lesson.moduleFree === 1 && <Text mt={4}>{buyModulePrompt(lesson.moduleTitle)}</Text>}
            </div>
          </Group>
          {lesson.moduleFree === 1 && (
            <Box mt="md">
              <ModuleCart moduleRef={lesson.moduleRef} />
            </Box>
          )}
        </Card>
      </>
    );
  }

  const description = lesson.descriptionPrivate ? (
    <Text mt="md" style={{ whiteSpace: 'pre-line' }}>
      {lesson.descriptionPrivate}
    </Text>
  ) : null;

  if (lesson.typeClass === lessonTypes.video) {
    const embed = lesson.video && lesson.videoIsLink ? embedUrl(lesson.video) : null;
    return (
      <>
        {header}
        {!lesson.video ? (
          <Alert color="gray">{tx('noVideo')}</Alert>
        ) : embed ? (
          <iframe
            src={embed}
            title={lesson.titleClass}
            style={{ width: '100%', aspectRatio: '16 / 9', border: 0, borderRadius: 8 }}
            allow="encrypted-media; picture-in-picture"
            allowFullScreen
          />
        ) : (
          <>
            {/* spec 002 §4: the end of the video marks the lesson done. */}
            {/* biome-ignore lint/a11y/useMediaCaption: professionals upload their lessons without caption files. */}
            <video
              src={lesson.video}
              controls
              playsInline
              preload="metadata"
              data-testid="lesson-video"
              style={{ width: '100%', borderRadius: 8, background: '#000' }}
              onEnded={() => {
                if (!lesson.isOwner && !lesson.complete) markDone();
              }}
            />
            {!lesson.isOwner && (
              <Text size="xs" c="dimmed" mt={4}>
                {tx('videoEndHint')}
              </Text>
            )}
          </>
        )}
        {description}
        {embed && !lesson.isOwner && (
          <Button
            mt="md"
            variant="light"
            onClick={markDone}
            loading={done.isPending}
            disabled={lesson.complete}
          >
            {lesson.complete ? tx('done') : tx('markDone')}
          </Button>
        )}
      </>
    );
  }

  if (lesson.typeClass === lessonTypes.pdf) {
    return (
      <>
        {header}
        {lesson.pdfFile ? (
          <Suspense fallback={<Loader size="sm" />}>
            <PdfViewer
              src={lesson.pdfFile}
              fileName={lesson.pdfName ?? 'clase.pdf'}
              downloadable={lesson.downloadPdf === 1}
              {...(lesson.isOwner || lesson.complete ? {} : { onDone: markDone })}
            />
          </Suspense>
        ) : (
          <Alert color="gray">{tx('noPdf')}</Alert>
        )}
        {description}
      </>
    );
  }

  if (lesson.typeClass === lessonTypes.quiz && lesson.quizId) {
    return (
      <>
        {header}
        {description}
        <QuizLesson lesson={lesson} onPassed={() => invalidateProgress(queryClient)} />
      </>
    );
  }

  return (
    <>
      {header}
      <LiveLesson lesson={lesson} onDone={markDone} doneBusy={done.isPending} />
      {description}
    </>
  );
}

function QuizLesson({ lesson, onPassed }: { lesson: LessonData; onPassed: () => void }) {
  // One engine per lesson: it holds the running attempt, so a re-render must not replace it.
  const engine = useMemo(() => serverQuizEngine(lesson.ref), [lesson.ref]);
  const quiz = useQuery({
    queryKey: ['find-quiz-data', lesson.ref],
    queryFn: () => call('find-quiz-data', { ref: lesson.ref, lessonId: lesson.ref }),
  });
  if (!quiz.data) return <Loader size="sm" />;
  return (
    <QuizPlayer quiz={quiz.data.quiz} engine={engine} passedBefore={quiz.data.passed} onPassed={onPassed} />
  );
}
