import { courseLimits, type InputOf, type ParsedInputOf } from '@agendo/contract';
import * as coursesActions from '@agendo/contract/courses';
import { Button, Group, Modal, NumberInput, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Controller } from 'react-hook-form';
import { useTexts } from '../../i18n/use-texts.ts';
import { call } from '../../lib/api.ts';
import { useActionForm } from '../../lib/use-action-form.ts';
import { courseEditorTexts } from './course-editor-texts.ts';
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
    <Modal
      opened={target !== null}
      onClose={onClose}
      title={editing ? tx('editQuizTitle') : tx('newQuizTitle')}
      centered
      closeButtonProps={{ 'aria-label': tx('close') }}
      closeOnClickOutside={false}
    >
      {target !== null && (
        <QuizForm
          key={target === 'new' ? 'new' : target.ref}
          quiz={target === 'new' ? undefined : target}
          onDone={onClose}
          onCreated={onCreated}
        />
      )}
    </Modal>
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
  const { form, fieldError, submit } = useActionForm(coursesActions.saveQuiz, { defaultValues });
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

  const numberField = (name: 'okPoints' | 'time', label: string, min: number, max: number) => (
    <Controller
      control={form.control}
      name={name}
      render={({ field }) => (
        <NumberInput
          label={label}
          withAsterisk
          min={min}
          max={max}
          allowDecimal={false}
          allowNegative={false}
          inputMode="numeric"
          value={typeof field.value === 'number' ? field.value : ''}
          onChange={(value) => field.onChange(value === '' ? null : Number(value))}
          onBlur={field.onBlur}
          ref={field.ref}
          error={fieldError(name)}
        />
      )}
    />
  );

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
          {numberField('okPoints', tx('okPoints'), 0, 100_000)}
          {numberField('time', tx('time'), 1, courseLimits.quizMinutesMax)}
        </SimpleGrid>
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            {tx('cancel')}
          </Button>
          <Button type="submit" loading={save.isPending}>
            {quiz ? tx('saveQuiz') : tx('createQuiz')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
