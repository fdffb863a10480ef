import type { CourseView } from '@agendo/contract';
import {
  Alert,
  Anchor,
  Badge,
  Box,
  Button,
  Card,
  Center,
  Container,
  Group,
  Image,
  Loader,
  Progress,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useDisclosure, useDocumentTitle } from '@mantine/hooks';
import { IconCertificate, IconCheck, IconCircleDashed, IconEye, IconLock } from '@tabler/icons-react';
import { lazy, Suspense, useEffect } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { useTexts } from '../../i18n/use-texts.ts';
import { usePrefix } from '../../lib/route-prefix.ts';
import { useLatched } from '../../lib/use-latched.ts';
import { CommunityLink } from './community-link.tsx';
import { coursePageTexts } from './course-page-texts.ts';
import { lessonIcons } from './lesson-icons.ts';
import { MissingNotice } from './missing-notice.tsx';
import { useCourse } from './use-course.ts';

// Long badge texts wrap on phones instead of being cut with '…'.
// Only the owner previews the course: the floating window loads when they open it (issue 13).
const PreviewWindow = lazy(() =>
  import('../../ui/preview-window.tsx').then((module) => ({ default: module.PreviewWindow })),
);

// issue 13: a module's cart (prices, the card and transfer chooser, its mutations) is below the
// course's header and description; its code stays out of the page's first load and is asked for
// when the page first renders, so it arrives while the course itself is being fetched.
const moduleCart = () => import('./module-cart.tsx');
const ModuleCart = lazy(() => moduleCart().then((module) => ({ default: module.ModuleCart })));
const prefetchModuleCart = () => {
  moduleCart().catch(() => {});
};

const wrapLabel = { label: { whiteSpace: 'normal' as const, paddingBlock: 2 } };

/**
 * course/{ref}/{title?} and course-landing/{ref}/{title?}/{gift?} (spec 000 §2.2): the course,
 * its modules and lessons as this viewer may open them, each sold module's cart, progress for
 * a student, and for the owner the content with the 'users must buy' badge, never the cart.
 */
export function CoursePage() {
  const { ref } = useParams();
  const tx = useTexts(coursePageTexts);
  const { to } = usePrefix();
  const course = useCourse(ref);
  const data = course.data?.course;
  const [preview, { open, close }] = useDisclosure(false);
  const previewUsed = useLatched(preview);
  useDocumentTitle(data ? `${data.title} · Agendo` : 'Agendo');
  useEffect(prefetchModuleCart, []);

  if (course.isPending) {
    return (
      <Center py="xl" role="status">
        <Group gap="xs">
          <Loader size="sm" />
          <Text>{tx('loading')}</Text>
        </Group>
      </Center>
    );
  }
  if (!data) {
    return <MissingNotice title={tx('notFound')} to={to('search')} label={tx('searchCourses')} />;
  }
  const percent = data.total ? Math.floor((data.completed * 100) / data.total) : 0;
  const firstOpenLesson = data.modules.find((m) => m.moduleFree === 0)?.lessons[0];
  return (
    <Container size="md" py="lg">
      {data.paused === 1 && (
        <Alert color="yellow" mb="md">
          {tx('paused')}
        </Alert>
      )}
      <Card withBorder radius="md" padding={0} mb="lg">
        {data.cover && <Image src={data.cover} alt="" h={220} fit="cover" fetchPriority="high" />}
        <Box p="lg">
          <Title order={1}>{data.title}</Title>
          <Anchor component={Link} to={to(`professional/${data.profRef}`)} c="dimmed" mt={4} display="block">
            {tx('by', { name: data.profName })}
          </Anchor>
          {data.description && (
            <Text mt="md" style={{ whiteSpace: 'pre-line' }}>
              {data.description}
            </Text>
          )}
          <Group gap="xs" mt="md">
            {data.certificate === 1 && (
              <Badge variant="light" h="auto" styles={wrapLabel} leftSection={<IconCertificate size={14} />}>
                {tx('certificateOn')}
              </Badge>
            )}
            {data.limitTime === 1 && data.limitTimeDays && (
              <Badge variant="light" color="gray" h="auto" styles={wrapLabel}>
                {tx('limitText', { days: data.limitTimeDays })}
              </Badge>
            )}
          </Group>
          {data.admin && (
            <Group mt="md">
              <Text size="sm">{tx('ownerView')}</Text>
              <Button
                component={Link}
                to={to(`general-workshop/${data.ref}/general`)}
                size="xs"
                variant="light"
              >
                {tx('edit')}
              </Button>
              <Button size="xs" variant="default" leftSection={<IconEye size={14} />} onClick={open}>
                {tx('preview')}
              </Button>
            </Group>
          )}
          {data.enrolmentRef && (
            <Box mt="md">
              <Text size="sm">{tx('progress', { done: data.completed, total: data.total, percent })}</Text>
              <Progress value={percent} mt={6} aria-label={`${percent} %`} />
              <Group mt="sm">
                {firstOpenLesson && data.enableCourse && (
                  <Button component={Link} to={to(`lesson/${nextLesson(data) ?? firstOpenLesson.ref}`)}>
                    {data.completed > 0 ? tx('continue') : tx('start')}
                  </Button>
                )}
                {data.linkComunityWp && (
                  <CommunityLink href={data.linkComunityWp} label={tx('community')} variant="light" />
                )}
              </Group>
            </Box>
          )}
          {!data.enableCourse && (
            <Alert color="orange" mt="md" title={tx('periodExpired')}>
              {tx('periodExpiredText')}
            </Alert>
          )}
        </Box>
      </Card>

      <Title order={2} size="h3" mb="sm">
        {tx('modules')}
      </Title>
      {data.modules.length === 0 && <Text c="dimmed">{tx('noModules')}</Text>}
      <CourseModules course={data} />

      {previewUsed && (
        <Suspense fallback={null}>
          <PreviewWindow opened={preview} onClose={close} title={data.title}>
            <Box p="md">
              <Title order={3}>{data.title}</Title>
              <CourseModules course={data} />
            </Box>
          </PreviewWindow>
        </Suspense>
      )}
    </Container>
  );
}

function nextLesson(course: CourseView): string | undefined {
  for (const m of course.modules) {
    if (m.moduleFree !== 0) continue;
    const pending = m.lessons.find((l) => !l.complete);
    if (pending) return pending.ref;
  }
  return undefined;
}

function CourseModules({ course }: { course: CourseView }) {
  const tx = useTexts(coursePageTexts);
  const { to } = usePrefix();
  const [search] = useSearchParams();
  const buy = search.get('buy');
  return (
    <Stack gap="md">
      {course.modules.map((m, index) => (
        <Card
          key={m.ref}
          withBorder
          radius="md"
          padding="md"
          id={`module-${m.ref}`}
          data-testid="course-module"
        >
          <Group justify="space-between" wrap="wrap" gap="xs">
            <Group gap="xs">
              {m.moduleFree !== 0 && <IconLock size={16} aria-label={tx('locked')} />}
              <Text fw={700}>
                {index + 1}. {m.title}
              </Text>
            </Group>
            <Group gap="xs">
              <Text size="sm" c="dimmed">
                {tx('lessonsCount', { n: m.lessons.length })}
              </Text>
              {m.ownerBadge && (
                <Badge color="yellow" variant="light" h="auto" styles={wrapLabel}>
                  {tx('ownerBadge')}
                </Badge>
              )}
              {m.purchase === 'pending' && (
                <Badge color="orange" variant="light" h="auto" styles={wrapLabel}>
                  {tx('pendingPayment')}
                </Badge>
              )}
            </Group>
          </Group>
          {m.description && (
            <Text size="sm" mt={4} c="dimmed">
              {m.description}
            </Text>
          )}
          <Stack gap={2} mt="sm">
            {m.lessons.map((l) => {
              const Icon = lessonIcons[l.typeClass];
              return (
                <Group key={l.ref} gap="xs" wrap="nowrap">
                  <Icon size={16} aria-hidden />
                  {/* 24 px tall at least: a tap target a finger can hit (WCAG 2.5.8). */}
                  <Anchor component={Link} to={to(`lesson/${l.ref}`)} size="sm" display="inline-block" py={2}>
                    {l.title}
                  </Anchor>
                  {l.complete ? (
                    <IconCheck size={16} color="var(--mantine-color-teal-7)" aria-label={tx('done')} />
                  ) : (
                    course.enrolmentRef && m.moduleFree === 0 && <IconCircleDashed size={14} aria-hidden />
                  )}
                </Group>
              );
            })}
          </Stack>
          {/* The owner never sees the cart (spec 002 §6); a sold module the viewer lacks shows it. */}
          {!course.admin && m.moduleFree !== 0 && m.purchase !== 'pending' && (
            <Box mt="md" data-autofocus={buy === m.ref || undefined}>
              <Suspense fallback={<Loader size="sm" />}>
                <ModuleCart moduleRef={m.ref} />
              </Suspense>
            </Box>
          )}
          {!course.admin && !course.enableCourse && m.purchase === 'paid' && (
            <Text size="sm" c="orange.8" mt="xs">
              {tx('recontract')}
            </Text>
          )}
        </Card>
      ))}
    </Stack>
  );
}
