import { courseLimits, type InputOf, type ParsedInputOf } from '@agendo/contract';
import * as coursesActions from '@agendo/contract/courses';
import { SimpleGrid, Stack, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTexts } from '../../i18n/use-texts.ts';
import { call } from '../../lib/api.ts';
import { useActionForm } from '../../lib/use-action-form.ts';
import { WholeNumberField } from '../../ui/form-fields.tsx';
import { courseEditorTexts } from './course-editor-texts.ts';
import { FormActions, FormModal } from './form-modal.tsx';
import { myQuizzesKey, type QuizSummary, quizKey } from './use-course-editor.ts';

/** The quiz being edited: 'new', or its current settings. */
export type QuizTarget = 'new' | Pick<QuizSummary, 'ref' | 'title' | 'okPoints' | 'time'>;

export function QuizFormModal({
  target,
  onClose,
  onCreated,
}: {
  target: QuizTarget | null;
  onClose: () => void;
  onCreated?: (ref: string) => void;
}) {
  const tx = useTexts(courseEditorTexts);
  const editing = target !== null && target !== 'new';
  return (
    <FormModal
      target={target}
      onClose={onClose}
      title={editing ? tx('editQuizTitle') : tx('newQuizTitle')}
      compact
    >
      {(open) => (
        <QuizForm
          key={open === 'new' ? 'new' : open.ref}
          quiz={open === 'new' ? undefined : open}
          onDone={onClose}
          onCreated={onCreated}
        />
      )}
    </FormModal>
  );
}

function QuizForm({
  quiz,
  onDone,
  onCreated,
}: {
  quiz?: Exclude<QuizTarget, 'new'>;
  onDone: () => void;
  onCreated?: (ref: string) => void;
}) {
  const tx = useTexts(courseEditorTexts);
  const queryClient = useQueryClient();
  const defaultValues: InputOf<'save-quiz'> = quiz
    ? { ref: quiz.ref, title: quiz.title, okPoints: quiz.okPoints, time: quiz.time }
    : { title: '', okPoints: 0, time: 10 };
  const editor = useActionForm(coursesActions.saveQuiz, { defaultValues });
  const { form, fieldError, submit } = editor;
  const save = useMutation({
    mutationFn: (values: ParsedInputOf<'save-quiz'>) => call('save-quiz', values),
    onSuccess: async ({ ref }) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: myQuizzesKey }),
        queryClient.invalidateQueries({ queryKey: quizKey(ref) }),
      ]);
      notifications.show({ color: 'teal', message: quiz ? tx('quizSaved') : tx('quizCreated') });
      onDone();
      if (!quiz) onCreated?.(ref);
    },
  });

  return (
    <form onSubmit={submit((values) => save.mutateAsync(values))} noValidate>
      <Stack gap="md">
        <TextInput
          label={tx('quizTitle')}
          withAsterisk
          maxLength={courseLimits.titleMax}
          error={fieldError('title')}
          data-autofocus
          {...form.register('title')}
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <WholeNumberField
            editor={editor}
            name="okPoints"
            cleared={null}
            label={tx('okPoints')}
            withAsterisk
            min={0}
            max={100_000}
          />
          <WholeNumberField
            editor={editor}
            name="time"
            cleared={null}
            label={tx('time')}
            withAsterisk
            min={1}
            max={courseLimits.quizMinutesMax}
          />
        </SimpleGrid>
        <FormActions
          onCancel={onDone}
          submitLabel={quiz ? tx('saveQuiz') : tx('createQuiz')}
          saving={save.isPending}
        />
      </Stack>
    </form>
  );
}
