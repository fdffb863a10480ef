import { courseLimits, type InputOf, type ParsedInputOf } from '@agendo/contract';
import * as coursesActions from '@agendo/contract/courses';
import { ActionIcon, Button, Checkbox, Group, Input, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPlus, IconX } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Controller, get, useFieldArray } from 'react-hook-form';
import { useLang } from '../../i18n/use-t.ts';
import { useTexts } from '../../i18n/use-texts.ts';
import { call } from '../../lib/api.ts';
import { errorText } from '../../lib/error-text.ts';
import { useActionForm } from '../../lib/use-action-form.ts';
import { NumberSelectField, WholeNumberField } from '../../ui/form-fields.tsx';
import { type CourseEditorTextKey, courseEditorTexts } from './course-editor-texts.ts';
import { linkInput } from './course-editor-ui.tsx';
import { FormActions, itemFormModal } from './form-modal.tsx';
import { myQuizzesKey, type Question, quizKey } from './use-course-editor.ts';

/** The question being edited: a new one of the quiz, or one of its questions. */
export type QuestionTarget = { quizRef: string; question?: Question };

export const questionTypeText: Record<1 | 2 | 3 | 4, CourseEditorTextKey> = {
  1: 'questionType1',
  2: 'questionType2',
  3: 'questionType3',
  4: 'questionType4',
};

export const QuestionFormModal = itemFormModal(QuestionForm, {
  itemKey: (target: QuestionTarget) => target.question?.id,
  titles: { new: 'newQuestionTitle', edit: 'editQuestionTitle' },
});

type QuestionFormValues = InputOf<'save-quiz-question'>;

function valuesOf({ quizRef, question }: QuestionTarget): QuestionFormValues {
  if (!question)
    return {
      quizRef,
      question: '',
      questionType: 1,
      description: '',
      imgQuizURL: '',
      videoFile: '',
      points: 1,
      optionsAnswers: [
        { answer: '', correct: false },
        { answer: '', correct: false },
      ],
    };
  return {
    quizRef,
    ref: question.id,
    question: question.question,
    questionType: question.questionType,
    description: question.description ?? '',
    imgQuizURL: question.imgQuizURL ?? '',
    videoFile: question.videoFile ?? '',
    points: question.points,
    optionsAnswers: question.optionsAnswers.map((o) => ({ answer: o.answer, correct: o.correct === true })),
  };
}

export function QuestionForm({ target, onDone }: { target: QuestionTarget; onDone: () => void }) {
  const tx = useTexts(courseEditorTexts);
  const lang = useLang();
  const queryClient = useQueryClient();
  const editor = useActionForm(coursesActions.saveQuizQuestion, { defaultValues: valuesOf(target) });
  const { form, fieldError, submit } = editor;
  const options = useFieldArray({ control: form.control, name: 'optionsAnswers' });
  const questionType = form.watch('questionType');

  // The list's own error (E26, E27) sits on the array: under `root` when the resolver found it,
  // on the array itself when the server named the field.
  const listError = (() => {
    const error = get(form.formState.errors, 'optionsAnswers') as
      | { message?: string; root?: { message?: string } }
      | undefined;
    return errorText(coursesActions.saveQuizQuestion, error?.root?.message ?? error?.message, lang);
  })();

  const save = useMutation({
    mutationFn: (values: ParsedInputOf<'save-quiz-question'>) => call('save-quiz-question', values),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: quizKey(target.quizRef) }),
        queryClient.invalidateQueries({ queryKey: myQuizzesKey }),
      ]);
      notifications.show({ color: 'teal', message: tx('questionSaved') });
      onDone();
    },
  });

  return (
    <form
      onSubmit={submit((values) => save.mutateAsync(values))}
      noValidate
      aria-label={target.question ? tx('editQuestionTitle') : tx('newQuestionTitle')}
    >
      <Stack gap="md">
        <Textarea
          label={tx('question')}
          withAsterisk
          autosize
          minRows={2}
          maxRows={6}
          maxLength={courseLimits.questionMax}
          error={fieldError('question')}
          data-autofocus
          {...form.register('question')}
        />
        <Group grow align="flex-start" gap="sm" wrap="wrap">
          <NumberSelectField
            editor={editor}
            name="questionType"
            cleared={undefined}
            label={tx('questionType')}
            withAsterisk
            allowDeselect={false}
            data={([1, 2, 3, 4] as const).map((t) => ({ value: String(t), label: tx(questionTypeText[t]) }))}
            miw={180}
          />
          <WholeNumberField
            editor={editor}
            name="points"
            cleared={null}
            label={tx('points')}
            withAsterisk
            min={0}
            max={courseLimits.pointsMax}
            miw={120}
          />
        </Group>

        {questionType === 2 && (
          <Textarea
            label={tx('quotedDescription')}
            withAsterisk
            autosize
            minRows={3}
            maxRows={10}
            maxLength={courseLimits.questionDescriptionMax}
            error={fieldError('description')}
            {...form.register('description')}
          />
        )}
        {questionType === 3 && (
          <TextInput
            label={tx('imgQuizURL')}
            withAsterisk
            {...linkInput}
            error={fieldError('imgQuizURL')}
            {...form.register('imgQuizURL')}
          />
        )}
        {questionType === 4 && (
          <TextInput
            label={tx('videoQuiz')}
            withAsterisk
            {...linkInput}
            error={fieldError('videoFile')}
            {...form.register('videoFile')}
          />
        )}

        <Input.Wrapper
          label={tx('options')}
          withAsterisk
          description={tx('optionsHint', { min: courseLimits.optionsMin, max: courseLimits.optionsMax })}
          error={listError}
          id="question-options"
        >
          <Stack gap="sm" mt="xs">
            {options.fields.map((option, index) => (
              <Group key={option.id} gap="xs" align="flex-start" wrap="nowrap">
                <TextInput
                  label={tx('optionN', { n: index + 1 })}
                  withAsterisk
                  maxLength={courseLimits.answerMax}
                  error={fieldError(`optionsAnswers.${index}.answer`)}
                  style={{ flex: 1, minWidth: 0 }}
                  {...form.register(`optionsAnswers.${index}.answer`)}
                />
                <Controller
                  control={form.control}
                  name={`optionsAnswers.${index}.correct`}
                  render={({ field }) => (
                    <Checkbox
                      mt={30}
                      label={tx('correct')}
                      aria-label={tx('correctOf', { n: index + 1 })}
                      checked={field.value === true}
                      onChange={(event) => {
                        field.onChange(event.currentTarget.checked);
                        form.clearErrors('optionsAnswers');
                      }}
                      ref={field.ref}
                    />
                  )}
                />
                <ActionIcon
                  mt={20}
                  variant="subtle"
                  color="gray"
                  size={44}
                  aria-label={tx('removeOption', { n: index + 1 })}
                  disabled={options.fields.length <= courseLimits.optionsMin}
                  onClick={() => options.remove(index)}
                >
                  <IconX size={18} aria-hidden />
                </ActionIcon>
              </Group>
            ))}
            <Group justify="space-between">
              <Button
                variant="light"
                size="sm"
                leftSection={<IconPlus size={16} aria-hidden />}
                disabled={options.fields.length >= courseLimits.optionsMax}
                onClick={() => options.append({ answer: '', correct: false })}
              >
                {tx('addOption')}
              </Button>
              <Text size="xs" c="dimmed">
                {options.fields.length} / {courseLimits.optionsMax}
              </Text>
            </Group>
          </Stack>
        </Input.Wrapper>

        <FormActions
          onCancel={onDone}
          submitLabel={target.question ? tx('saveQuestion') : tx('createQuestion')}
          saving={save.isPending}
        />
      </Stack>
    </form>
  );
}
