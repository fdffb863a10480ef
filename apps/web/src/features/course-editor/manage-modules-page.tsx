import { courseLimits, isLiveLesson, type LessonType, lessonTypeNames, lessonTypes } from '@agendo/contract';
import * as coursesActions from '@agendo/contract/courses';
import { Badge, Button, Group, Stack, Text, ThemeIcon, Title, VisuallyHidden } from '@mantine/core';
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
import { HeadedCard } from '../../ui/headed-card.tsx';
import { loginRequired } from '../../ui/require-login.tsx';
import { ContentFrame, ContentLoader, OrderedItems, plainList } from './content-page.tsx';
import { courseEditorTexts } from './course-editor-texts.ts';
import { ConfirmDelete, EditDeleteButtons, MoveButtons, refocusMove } from './course-editor-ui.tsx';
import { LessonFormModal, type LessonTarget } from './lesson-form-modal.tsx';
import { ModuleFormModal, type ModuleTarget } from './module-form-modal.tsx';
import {
  type Lesson,
  type Module,
  useDeletePart,
  useMove,
  useWorkshop,
  type Workshop,
} from './use-course-editor.ts';

/** manage-modules/{ref}: the course's modules and their lessons, in order. */
export const ManageModulesPage = loginRequired(ModulesLoader);

function ModulesLoader() {
  const tx = useTexts(courseEditorTexts);
  return (
    <ContentLoader
      of="workshop"
      query={useWorkshop(useParams().ref)}
      title={tx('manageModulesTitle')}
      nameOf={(workshop) => workshop.title}
      placeholders={{ height: 220 }}
    >
      {(workshop) => <ManageModules workshop={workshop} />}
    </ContentLoader>
  );
}

export function ManageModules({ workshop }: { workshop: Workshop }) {
  const tx = useTexts(courseEditorTexts);
  const { to } = usePrefix();
  const move = useMove(workshop.ref);
  const deleteModule = useDeletePart(workshop.ref, 'delete-module');
  const deleteLesson = useDeletePart(workshop.ref, 'delete-lesson');
  const [editingModule, setEditingModule] = useState<ModuleTarget | null>(null);
  const [editingLesson, setEditingLesson] = useState<LessonTarget | null>(null);
  const [removingModule, setRemovingModule] = useState<Module | null>(null);
  const [removingLesson, setRemovingLesson] = useState<Lesson | null>(null);
  const [announcement, setAnnouncement] = useState('');

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
    <ContentFrame
      of="workshop"
      name={workshop.title}
      intro={tx('manageModulesIntro')}
      actions={
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
      }
      after={
        <>
          <ModuleFormModal target={editingModule} onClose={() => setEditingModule(null)} />
          <LessonFormModal target={editingLesson} onClose={() => setEditingLesson(null)} />
          <ConfirmDelete
            target={removingModule?.ref ?? null}
            action={coursesActions.deleteModule}
            mutation={deleteModule}
            title={tx('deleteModuleTitle')}
            message={tx('deleteModuleText', { title: removingModule?.title ?? '' })}
            onClose={() => setRemovingModule(null)}
            deletedText={tx('moduleDeleted')}
          />
          <ConfirmDelete
            target={removingLesson?.ref ?? null}
            action={coursesActions.deleteLesson}
            mutation={deleteLesson}
            title={tx('deleteLessonTitle')}
            message={tx('deleteLessonText', { title: removingLesson?.title ?? '' })}
            onClose={() => setRemovingLesson(null)}
            deletedText={tx('lessonDeleted')}
          />
        </>
      }
    >
      <VisuallyHidden role="status" aria-live="polite">
        {announcement}
      </VisuallyHidden>

      <OrderedItems
        count={workshop.modules.length}
        gap="lg"
        empty={{ icon: IconStack2, title: tx('noModulesTitle'), text: tx('noModulesText') }}
        add={{
          label: tx('addModule'),
          onClick: newModule,
          max: courseLimits.modulesMax,
          maxText: tx('modulesMaxReached', { n: courseLimits.modulesMax }),
        }}
      >
        {workshop.modules.map((module, index) => (
          <li key={module.ref}>
            <ModuleCard
              module={module}
              index={index}
              total={workshop.modules.length}
              currency={workshop.currency}
              busy={move.isPending}
              onMove={(direction) => onMove('module', module.ref, direction, index, workshop.modules.length)}
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
      </OrderedItems>
    </ContentFrame>
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
    <HeadedCard headingId={headingId} p={{ base: 'sm', sm: 'lg' }}>
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
            style={plainList}
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
    </HeadedCard>
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
