import {
  courseLimits,
  type InputOf,
  type LessonType,
  lessonTypeNames,
  lessonTypes,
  type ParsedInputOf,
} from '@agendo/contract';
import * as coursesActions from '@agendo/contract/courses';
import {
  Alert,
  Anchor,
  Divider,
  FileInput,
  Group,
  Progress,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { DatesProvider, DateTimePicker } from '@mantine/dates';
import '@mantine/dates/styles.css';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconCalendar, IconExternalLink, IconFile, IconUpload } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import 'dayjs/locale/es';
import 'dayjs/locale/en';
import { useState } from 'react';
import { Controller } from 'react-hook-form';
import { useLang } from '../../i18n/use-t.ts';
import { useTexts } from '../../i18n/use-texts.ts';
import { ApiError, call } from '../../lib/api.ts';
import { apiErrorText } from '../../lib/form-errors.ts';
import { usePrefix } from '../../lib/route-prefix.ts';
import { useActionForm } from '../../lib/use-action-form.ts';
import { FlagField, isOn, NumberSelectField, WholeNumberField } from '../../ui/form-fields.tsx';
import { courseEditorTexts } from './course-editor-texts.ts';
import { linkInput } from './course-editor-ui.tsx';
import { FormActions, itemFormModal } from './form-modal.tsx';
import { browserZone, isoToWall, wallToIso, zoneOptions } from './live-time.ts';
import { uploadLessonFile } from './upload-lesson-file.ts';
import { type Lesson, useMyQuizzes, useRefreshWorkshop } from './use-course-editor.ts';

/** The lesson being edited: a new one in a module, or one of its lessons. */
export type LessonTarget = { workshopRef: string; moduleRef: string; lesson?: Lesson };

export const LessonFormModal = itemFormModal(LessonForm, {
  itemKey: (target: LessonTarget) => target.lesson?.ref,
  titles: { new: 'newLessonTitle', edit: 'editLessonTitle' },
});

type LessonFormValues = InputOf<'save-lesson'>;

const typeOrder: LessonType[] = [
  lessonTypes.video,
  lessonTypes.pdf,
  lessonTypes.quiz,
  lessonTypes.liveOnline,
  lessonTypes.liveInPerson,
];

function valuesOf(moduleRef: string, lesson: Lesson | undefined): LessonFormValues {
  if (!lesson)
    return {
      moduleRef,
      title: '',
      typeClass: lessonTypes.video,
      duration: 0,
      descriptionPrivate: '',
      videoLink: '',
      downloadPdf: false,
      quizRef: null,
      startDate: null,
      endDate: null,
      timezone: browserZone(),
      useMyVideoCall: true,
      platformVideoCall: null,
      linkVideoCall: '',
      passVideoCall: '',
      roomIdLink: '',
      address: '',
    };
  const { live } = lesson;
  return {
    moduleRef,
    ref: lesson.ref,
    title: lesson.title,
    typeClass: lesson.typeClass,
    duration: lesson.duration,
    descriptionPrivate: lesson.descriptionPrivate,
    videoLink: lesson.videoLink ?? '',
    downloadPdf: lesson.downloadPdf === 1,
    quizRef: lesson.quizRef,
    startDate: live.startDate,
    endDate: live.endDate,
    timezone: live.timezone ?? browserZone(),
    useMyVideoCall: live.useMyVideoCall === 1,
    platformVideoCall: live.platformVideoCall,
    linkVideoCall: live.linkVideoCall ?? '',
    passVideoCall: live.passVideoCall ?? '',
    roomIdLink: live.roomIdLink ?? '',
    address: live.address ?? '',
  };
}

export function LessonForm({ target, onDone }: { target: LessonTarget; onDone: () => void }) {
  const tx = useTexts(courseEditorTexts);
  const lang = useLang();
  const { to } = usePrefix();
  const refresh = useRefreshWorkshop();
  const { workshopRef, moduleRef, lesson } = target;
  // Once saved (even if its file then fails to upload), saving again updates the same lesson.
  const [savedRef, setSavedRef] = useState(lesson?.ref);
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const editor = useActionForm(coursesActions.saveLesson, { defaultValues: valuesOf(moduleRef, lesson) });
  const { form, fieldError, submit } = editor;
  const [typeClass, timezone, useMyVideoCall] = form.watch(['typeClass', 'timezone', 'useMyVideoCall']);
  const zone = timezone || browserZone();
  const live = typeClass === lessonTypes.liveOnline || typeClass === lessonTypes.liveInPerson;
  const quizzes = useMyQuizzes(typeClass === lessonTypes.quiz);

  const save = useMutation({
    mutationFn: (values: ParsedInputOf<'save-lesson'>) => call('save-lesson', values),
  });

  const onSubmit = submit(async (values) => {
    setUploadError(null);
    const { ref } = await save.mutateAsync(savedRef ? { ...values, ref: savedRef } : values);
    setSavedRef(ref);
    const kind =
      values.typeClass === lessonTypes.video ? 'video' : values.typeClass === lessonTypes.pdf ? 'pdf' : null;
    if (kind && file) {
      try {
        setProgress(0);
        await uploadLessonFile(ref, kind, file, setProgress);
        setFile(null);
      } catch (error) {
        await refresh(workshopRef);
        if (!(error instanceof ApiError && error.isNetwork))
          setUploadError(`${tx('uploadFailed')} ${apiErrorText(coursesActions.saveLesson, error, lang)}`);
        else setUploadError(tx('uploadFailed'));
        return;
      } finally {
        setProgress(null);
      }
    }
    await refresh(workshopRef);
    notifications.show({ color: 'teal', message: kind && file ? tx('uploaded') : tx('lessonSaved') });
    onDone();
  });

  const changeZone = (next: string | null) => {
    if (!next) return;
    // The typed date and hour stay; they now mean that time in the new zone.
    for (const name of ['startDate', 'endDate'] as const) {
      const wall = isoToWall(form.getValues(name), zone);
      if (wall) form.setValue(name, wallToIso(wall, next), { shouldDirty: true });
    }
    form.setValue('timezone', next, { shouldDirty: true });
  };

  const dateField = (name: 'startDate' | 'endDate', label: string) => (
    <Controller
      control={form.control}
      name={name}
      render={({ field }) => (
        <DateTimePicker
          label={label}
          withAsterisk
          valueFormat="DD/MM/YYYY HH:mm"
          leftSection={<IconCalendar size={18} aria-hidden />}
          clearable
          value={isoToWall(field.value, zone)}
          onChange={(wall) => field.onChange(wallToIso(wall, zone))}
          onBlur={field.onBlur}
          ref={field.ref}
          error={fieldError(name)}
          popoverProps={{ withinPortal: true }}
        />
      )}
    />
  );

  // The file to upload once the lesson is saved: a video or a PDF, by the lesson's type.
  const fileInput = (label: string, accept: string, description?: string) => (
    <FileInput
      label={label}
      description={description}
      placeholder={tx('chooseFile')}
      accept={accept}
      clearable
      leftSection={<IconUpload size={18} aria-hidden />}
      value={file}
      onChange={setFile}
    />
  );

  const storedVideo = lesson?.videoFileName;
  const storedPdf = lesson?.pdfFileName;

  return (
    <form onSubmit={onSubmit} noValidate aria-label={lesson ? tx('editLessonTitle') : tx('newLessonTitle')}>
      <Stack gap="md">
        <TextInput
          label={tx('lessonTitle')}
          withAsterisk
          maxLength={courseLimits.lessonTitleMax}
          error={fieldError('title')}
          data-autofocus
          {...form.register('title')}
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <NumberSelectField
            editor={editor}
            name="typeClass"
            cleared={undefined}
            onPicked={() => setFile(null)}
            label={tx('typeClass')}
            withAsterisk
            allowDeselect={false}
            data={typeOrder.map((t) => ({ value: String(t), label: lessonTypeNames[t] }))}
          />
          <WholeNumberField
            editor={editor}
            name="duration"
            cleared={0}
            label={tx('duration')}
            min={0}
            max={1440}
          />
        </SimpleGrid>
        <Textarea
          label={tx('descriptionPrivate')}
          description={tx('descriptionPrivateHint')}
          autosize
          minRows={3}
          maxRows={10}
          maxLength={courseLimits.lessonDescriptionMax}
          error={fieldError('descriptionPrivate')}
          {...form.register('descriptionPrivate')}
        />

        <Divider />

        {typeClass === lessonTypes.video && (
          <Stack gap="sm">
            <TextInput
              label={tx('videoLink')}
              {...linkInput}
              error={fieldError('videoLink')}
              {...form.register('videoLink')}
            />
            {fileInput(tx('videoOr'), 'video/mp4,video/webm,video/ogg', tx('videoFile'))}
            {storedVideo && <StoredFile name={storedVideo} />}
          </Stack>
        )}

        {typeClass === lessonTypes.pdf && (
          <Stack gap="sm">
            {fileInput(tx('pdfFile'), 'application/pdf')}
            {storedPdf && <StoredFile name={storedPdf} />}
            <FlagField
              editor={editor}
              name="downloadPdf"
              label={tx('downloadPdf')}
              description={tx('downloadPdfHint')}
            />
          </Stack>
        )}

        {typeClass === lessonTypes.quiz && (
          <Stack gap={6}>
            <Controller
              control={form.control}
              name="quizRef"
              render={({ field }) => (
                <Select
                  label={tx('quiz')}
                  withAsterisk
                  placeholder={tx('quizPlaceholder')}
                  data={(quizzes.data ?? []).map((q) => ({ value: q.ref, label: q.title }))}
                  nothingFoundMessage={tx('noQuizzes')}
                  disabled={quizzes.isPending}
                  value={field.value ?? null}
                  onChange={(value) => field.onChange(value)}
                  onBlur={field.onBlur}
                  ref={field.ref}
                  error={fieldError('quizRef')}
                  description={quizzes.data?.length === 0 ? tx('noQuizzes') : undefined}
                />
              )}
            />
            <Anchor
              href={to('manage-quiz')}
              target="_blank"
              rel="noopener"
              size="sm"
              style={{ alignSelf: 'flex-start' }}
            >
              <Group gap={4} component="span">
                {tx('manageQuizzes')}
                <IconExternalLink size={14} aria-hidden />
              </Group>
            </Anchor>
          </Stack>
        )}

        {live && (
          <DatesProvider settings={{ locale: lang, firstDayOfWeek: 1 }}>
            <Stack gap="md">
              <SimpleGrid cols={{ base: 1, xs: 2 }}>
                {dateField('startDate', tx('startDate'))}
                {dateField('endDate', tx('endDate'))}
              </SimpleGrid>
              <Select
                label={tx('timezone')}
                withAsterisk
                searchable
                allowDeselect={false}
                data={zoneOptions(browserZone(), timezone)}
                value={timezone ?? null}
                onChange={changeZone}
                error={fieldError('timezone')}
              />
              {typeClass === lessonTypes.liveOnline && (
                <Stack gap="md">
                  <FlagField
                    editor={editor}
                    name="useMyVideoCall"
                    label={tx('useMyVideoCall')}
                    description={tx('useMyVideoCallHint')}
                    onChecked={(checked) => {
                      if (!checked && !form.getValues('platformVideoCall'))
                        form.setValue('platformVideoCall', 2);
                    }}
                  />
                  {!isOn(useMyVideoCall) && (
                    <Stack gap="md">
                      <NumberSelectField
                        editor={editor}
                        name="platformVideoCall"
                        cleared={null}
                        label={tx('platform')}
                        allowDeselect={false}
                        data={[
                          { value: '2', label: tx('platformMeet') },
                          { value: '3', label: tx('platformZoom') },
                          { value: '5', label: tx('platformOther') },
                        ]}
                      />
                      <TextInput
                        label={tx('linkVideoCall')}
                        withAsterisk
                        {...linkInput}
                        error={fieldError('linkVideoCall')}
                        {...form.register('linkVideoCall')}
                      />
                      <SimpleGrid cols={{ base: 1, xs: 2 }}>
                        <TextInput
                          label={tx('passVideoCall')}
                          maxLength={100}
                          autoComplete="off"
                          error={fieldError('passVideoCall')}
                          {...form.register('passVideoCall')}
                        />
                        <TextInput
                          label={tx('roomIdLink')}
                          maxLength={100}
                          error={fieldError('roomIdLink')}
                          {...form.register('roomIdLink')}
                        />
                      </SimpleGrid>
                    </Stack>
                  )}
                </Stack>
              )}
              {typeClass === lessonTypes.liveInPerson && (
                <TextInput
                  label={tx('address')}
                  withAsterisk
                  maxLength={300}
                  autoComplete="street-address"
                  error={fieldError('address')}
                  {...form.register('address')}
                />
              )}
            </Stack>
          </DatesProvider>
        )}

        {progress !== null && (
          <Stack gap={4} role="status">
            <Text size="sm">{tx('uploading', { n: progress })}</Text>
            <Progress value={progress} aria-label={tx('uploading', { n: progress })} />
          </Stack>
        )}
        {uploadError && (
          <Alert color="red" icon={<IconAlertTriangle aria-hidden />} role="alert">
            {uploadError}
          </Alert>
        )}

        <FormActions
          onCancel={onDone}
          submitLabel={savedRef ? tx('saveLesson') : tx('createLesson')}
          saving={save.isPending}
          busy={progress !== null}
        />
      </Stack>
    </form>
  );
}

function StoredFile({ name }: { name: string }) {
  const tx = useTexts(courseEditorTexts);
  return (
    <Group gap={6} wrap="nowrap" align="flex-start">
      <IconFile size={18} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
      <Stack gap={0} style={{ minWidth: 0 }}>
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {tx('storedFile', { name })}
        </Text>
        <Text size="xs" c="dimmed">
          {tx('replaceFile')}
        </Text>
      </Stack>
    </Group>
  );
}
