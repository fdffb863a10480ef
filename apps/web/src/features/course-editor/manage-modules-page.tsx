import { courseLimits, isLiveLesson, type LessonType, lessonTypeNames, lessonTypes } from '@agendo/contract';
import * as coursesActions from '@agendo/contract/courses';
import {
  Badge,
  Button,
  Card,
  Container,
  Group,
  Paper,
  Skeleton,
  Stack,
  Text,
  ThemeIcon,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import {
  IconBroadcast,
  IconEye,
  IconFileTypePdf,
  IconListCheck,
  IconMapPin,
  IconPlayerPlay,
  IconPlus,
  IconSettings,
  IconStack2,
} from '@tabler/icons-react';
import { DateTime } from 'luxon';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { useLang } from '../../i18n/use-t.ts';
import { useTexts } from '../../i18n/use-texts.ts';
import { useMoneyText } from '../../lib/money-text.ts';
import { usePrefix } from '../../lib/route-prefix.ts';
import { zoneLabelPlain } from '../../lib/time-zone-label.ts';
import { BackLink } from '../../ui/back-link.tsx';
import { RequireLogin } from '../../ui/require-login.tsx';
import { courseEditorTexts } from './course-editor-texts.ts';
import {
  ConfirmDelete,
  EditDeleteButtons,
  LoadFailure,
  MoveButtons,
  refocusMove,
} from './course-editor-ui.tsx';
import { LessonFormModal, type LessonTarget } from './lesson-form-modal.tsx';
import { ModuleFormModal, type ModuleTarget } from './module-form-modal.tsx';
import {
  type Lesson,
  type Module,
  useDeleteLesson,
  useDeleteModule,
  useMove,
  useWorkshop,
  type Workshop,
} from './use-course-editor.ts';

/** manage-modules/{ref}: the course's modules and their lessons, in order. */
export function ManageModulesPage() {
  return (
    <RequireLogin>
      <ModulesLoader />
    </RequireLogin>
  );
}

function ModulesLoader() {
  const tx = useTexts(courseEditorTexts);
  const { to } = usePrefix();
  const { ref } = useParams();
  const workshop = useWorkshop(ref);
  useDocumentTitle(`${workshop.data ? `${workshop.data.title} · ` : ''}${tx('manageModulesTitle')} · Agendo`);
  if (workshop.isPending)
    return (
      <Container size="md" py={{ base: 'md', sm: 'xl' }} aria-busy="true">
        <Stack gap="lg">
          <Skeleton height={14} width={110} />
          <Skeleton height={30} width="60%" />
          {[0, 1].map((key) => (
            <Skeleton key={key} height={220} radius="lg" />
          ))}
        </Stack>
      </Container>
    );
  if (workshop.isError)
    return (
      <LoadFailure
        error={workshop.error}
        notFoundCodes={['E40', 'E1']}
        notFoundText="workshopNotFound"
        retry={() => workshop.refetch()}
        back={{ to: to('my-workshops'), label: tx('backToWorkshops') }}
      />
    );
  return <ManageModules workshop={workshop.data} />;
}

export function ManageModules({ workshop }: { workshop: Workshop }) {
  const tx = useTexts(courseEditorTexts);
  const { to } = usePrefix();
  const move = useMove(workshop.ref);
  const deleteModule = useDeleteModule(workshop.ref);
  const deleteLesson = useDeleteLesson(workshop.ref);
  const [editingModule, setEditingModule] = useState<ModuleTarget | null>(null);
  const [editingLesson, setEditingLesson] = useState<LessonTarget | null>(null);
  const [removingModule, setRemovingModule] = useState<Module | null>(null);
  const [removingLesson, setRemovingLesson] = useState<Lesson | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const full = workshop.modules.length >= courseLimits.modulesMax;

  const onMove = (
    kind: 'module' | 'lesson',
    ref: string,
    direction: 'up' | 'down',
    index: number,
    total: number,
  ) =>
    move.mutate(
      { kind, ref, direction },
      {
        onSuccess: () => {
          const position = direction === 'up' ? index : index + 2;
          setAnnouncement(tx('moved', { n: position, total }));
          refocusMove(ref, direction);
        },
      },
    );

  const newModule = () => setEditingModule({ workshopRef: workshop.ref, currency: workshop.currency });

  return (
    <Container size="md" py={{ base: 'md', sm: 'xl' }}>
      <Stack gap="lg">
        <Stack gap={6}>
          <BackLink to={to('my-workshops')} label={tx('backToWorkshops')} />
          <Title order={1} fz={{ base: 24, sm: 30 }} style={{ overflowWrap: 'anywhere' }}>
            {workshop.title}
          </Title>
          <Text size="sm" c="dimmed">
            {tx('manageModulesIntro')}
          </Text>
          <Group gap="xs" mt={4}>
            <Button
              component={Link}
              to={to(`course/${workshop.ref}`)}
              variant="default"
              leftSection={<IconEye size={18} aria-hidden />}
            >
              {tx('viewAsStudent')}
            </Button>
            <Button
              component={Link}
              to={to(`general-workshop/${workshop.ref}/general`)}
              variant="default"
              leftSection={<IconSettings size={18} aria-hidden />}
            >
              {tx('workshopSettings')}
            </Button>
          </Group>
        </Stack>

        <VisuallyHidden role="status" aria-live="polite">
          {announcement}
        </VisuallyHidden>

        {workshop.modules.length === 0 ? (
          <Card withBorder radius="lg" p="xl">
            <Stack align="center" gap="md" ta="center" py="md">
              <ThemeIcon size={56} radius="xl" variant="light">
                <IconStack2 size={30} aria-hidden />
              </ThemeIcon>
              <Title order={2} fz="lg">
                {tx('noModulesTitle')}
              </Title>
              <Text size="sm" c="dimmed">
                {tx('noModulesText')}
              </Text>
              <Button onClick={newModule} leftSection={<IconPlus size={18} aria-hidden />}>
                {tx('addModule')}
              </Button>
            </Stack>
          </Card>
        ) : (
          <Stack gap="lg" component="ol" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {workshop.modules.map((module, index) => (
              <li key={module.ref}>
                <ModuleCard
                  module={module}
                  index={index}
                  total={workshop.modules.length}
                  currency={workshop.currency}
                  busy={move.isPending}
                  onMove={(direction) =>
                    onMove('module', module.ref, direction, index, workshop.modules.length)
                  }
                  onEdit={() =>
                    setEditingModule({ workshopRef: workshop.ref, currency: workshop.currency, module })
                  }
                  onDelete={() => setRemovingModule(module)}
                  onAddLesson={() => setEditingLesson({ workshopRef: workshop.ref, moduleRef: module.ref })}
                  onEditLesson={(lesson) =>
                    setEditingLesson({ workshopRef: workshop.ref, moduleRef: module.ref, lesson })
                  }
                  onDeleteLesson={setRemovingLesson}
                  onMoveLesson={(lesson, direction, at) =>
                    onMove('lesson', lesson.ref, direction, at, module.lessons.length)
                  }
                />
              </li>
            ))}
          </Stack>
        )}

        {workshop.modules.length > 0 && (
          <Stack gap={4} align="flex-start">
            <Button onClick={newModule} disabled={full} leftSection={<IconPlus size={18} aria-hidden />}>
              {tx('addModule')}
            </Button>
            {full && (
              <Text size="sm" c="dimmed">
                {tx('modulesMaxReached', { n: courseLimits.modulesMax })}
              </Text>
            )}
          </Stack>
        )}
      </Stack>

      <ModuleFormModal target={editingModule} onClose={() => setEditingModule(null)} />
      <LessonFormModal target={editingLesson} onClose={() => setEditingLesson(null)} />
      <ConfirmDelete
        target={removingModule?.ref ?? null}
        action={coursesActions.deleteModule}
        mutation={deleteModule}
        title={tx('deleteModuleTitle')}
        message={tx('deleteModuleText', { title: removingModule?.title ?? '' })}
        onClose={() => setRemovingModule(null)}
        onDeleted={() => notifications.show({ color: 'teal', message: tx('moduleDeleted') })}
      />
      <ConfirmDelete
        target={removingLesson?.ref ?? null}
        action={coursesActions.deleteLesson}
        mutation={deleteLesson}
        title={tx('deleteLessonTitle')}
        message={tx('deleteLessonText', { title: removingLesson?.title ?? '' })}
        onClose={() => setRemovingLesson(null)}
        onDeleted={() => notifications.show({ color: 'teal', message: tx('lessonDeleted') })}
      />
    </Container>
  );
}

function ModuleAccess({ module, currency }: { module: Module; currency: string }) {
  const tx = useTexts(courseEditorTexts);
  const money = useMoneyText();
  if (module.moduleFree === 0)
    return (
      <Badge variant="outline" color="teal.9">
        {tx('badgeOpen')}
      </Badge>
    );
  return (
    <Group gap={6}>
      <Badge variant="outline" color="brand.9">
        {module.moduleFree === 1 ? tx('badgePaid') : tx('badgePaidCourse')}
      </Badge>
      <Text size="sm" fw={600}>
        {money(module.priceLocal, currency)}
      </Text>
      <Text size="xs" c="dimmed">
        · {money(module.priceInter, 'USD')}
      </Text>
    </Group>
  );
}

function ModuleCard(props: {
  module: Module;
  index: number;
  total: number;
  currency: string;
  busy: boolean;
  onMove: (direction: 'up' | 'down') => void;
  onEdit: () => void;
  onDelete: () => void;
  onAddLesson: () => void;
  onEditLesson: (lesson: Lesson) => void;
  onDeleteLesson: (lesson: Lesson) => void;
  onMoveLesson: (lesson: Lesson, direction: 'up' | 'down', index: number) => void;
}) {
  const tx = useTexts(courseEditorTexts);
  const { module, index, total } = props;
  const headingId = `module-${module.ref}`;
  return (
    <Paper
      withBorder
      radius="lg"
      p={{ base: 'sm', sm: 'lg' }}
      component="section"
      aria-labelledby={headingId}
    >
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" gap="sm" wrap="wrap">
          <Stack gap={4} style={{ flex: '1 1 220px', minWidth: 0 }}>
            <Text size="xs" c="dimmed" fw={600} tt="uppercase">
              {tx('moduleN', { n: index + 1 })}
            </Text>
            <Title order={2} fz="lg" id={headingId} style={{ overflowWrap: 'anywhere' }}>
              {module.title}
            </Title>
            <ModuleAccess module={module} currency={props.currency} />
            {module.description && (
              <Text size="sm" c="dimmed" lineClamp={3} style={{ overflowWrap: 'anywhere' }}>
                {module.description}
              </Text>
            )}
          </Stack>
          <Group gap={4} wrap="nowrap">
            <MoveButtons
              id={module.ref}
              first={index === 0}
              last={index === total - 1}
              upLabel={tx('moveModuleUp', { title: module.title })}
              downLabel={tx('moveModuleDown', { title: module.title })}
              busy={props.busy}
              onMove={props.onMove}
            />
            <EditDeleteButtons
              editLabel={tx('editModule', { title: module.title })}
              deleteLabel={tx('deleteModule', { title: module.title })}
              onEdit={props.onEdit}
              onDelete={props.onDelete}
            />
          </Group>
        </Group>

        {module.lessons.length === 0 ? (
          <Text size="sm" c="dimmed">
            {tx('noLessons')}
          </Text>
        ) : (
          <Stack
            gap={0}
            component="ol"
            aria-label={tx('lessonsOf', { title: module.title })}
            style={{ listStyle: 'none', padding: 0, margin: 0 }}
          >
            {module.lessons.map((lesson, at) => (
              <LessonRow
                key={lesson.ref}
                lesson={lesson}
                first={at === 0}
                last={at === module.lessons.length - 1}
                busy={props.busy}
                onMove={(direction) => props.onMoveLesson(lesson, direction, at)}
                onEdit={() => props.onEditLesson(lesson)}
                onDelete={() => props.onDeleteLesson(lesson)}
              />
            ))}
          </Stack>
        )}
        <Button
          variant="light"
          onClick={props.onAddLesson}
          leftSection={<IconPlus size={18} aria-hidden />}
          style={{ alignSelf: 'flex-start' }}
          disabled={module.lessons.length >= courseLimits.lessonsPerModuleMax}
          aria-label={`${tx('addLesson')} · ${module.title}`}
        >
          {tx('addLesson')}
        </Button>
      </Stack>
    </Paper>
  );
}

const typeIcon: Record<LessonType, typeof IconPlayerPlay> = {
  1: IconPlayerPlay,
  2: IconFileTypePdf,
  3: IconListCheck,
  6: IconBroadcast,
  7: IconMapPin,
};

/** A short line under the lesson's title: its length, file, or when it happens. */
function lessonDetail(lesson: Lesson, lang: string, minutes: string): string {
  const parts: string[] = [lessonTypeNames[lesson.typeClass]];
  if (lesson.duration > 0) parts.push(minutes);
  if (isLiveLesson(lesson.typeClass) && lesson.live.startDate) {
    const zone = lesson.live.timezone ?? 'UTC';
    const start = DateTime.fromISO(lesson.live.startDate, { zone: 'utc' }).setZone(zone);
    if (start.isValid)
      parts.push(
        `${start.setLocale(lang === 'en' ? 'en' : 'es').toFormat('dd/MM/yyyy HH:mm')} (${zoneLabelPlain(zone, lang === 'en' ? 'en' : 'es', start.toJSDate())})`,
      );
  }
  if (lesson.typeClass === lessonTypes.video && lesson.videoFileName) parts.push(lesson.videoFileName);
  if (lesson.typeClass === lessonTypes.pdf && lesson.pdfFileName) parts.push(lesson.pdfFileName);
  return parts.join(' · ');
}

function LessonRow(props: {
  lesson: Lesson;
  first: boolean;
  last: boolean;
  busy: boolean;
  onMove: (direction: 'up' | 'down') => void;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const tx = useTexts(courseEditorTexts);
  const lang = useLang();
  const { lesson } = props;
  const Icon = typeIcon[lesson.typeClass];
  return (
    <Group
      component="li"
      justify="space-between"
      gap="xs"
      py="xs"
      wrap="wrap"
      style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}
    >
      <Group gap="sm" wrap="nowrap" style={{ flex: '1 1 200px', minWidth: 0 }}>
        <ThemeIcon variant="light" size={36} radius="md">
          <Icon size={20} aria-hidden />
        </ThemeIcon>
        <Stack gap={0} style={{ minWidth: 0 }}>
          <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
            {lesson.title}
          </Text>
          <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {lessonDetail(lesson, lang, tx('minutes', { n: lesson.duration }))}
          </Text>
        </Stack>
      </Group>
      <Group gap={4} wrap="nowrap" ml="auto">
        <MoveButtons
          id={lesson.ref}
          first={props.first}
          last={props.last}
          upLabel={tx('moveLessonUp', { title: lesson.title })}
          downLabel={tx('moveLessonDown', { title: lesson.title })}
          busy={props.busy}
          onMove={props.onMove}
        />
        <EditDeleteButtons
          editLabel={tx('editLesson', { title: lesson.title })}
          deleteLabel={tx('deleteLesson', { title: lesson.title })}
          onEdit={props.onEdit}
          onDelete={props.onDelete}
        />
      </Group>
    </Group>
  );
}
