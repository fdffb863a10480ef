import * as storefrontActions from '@agendo/contract/storefront';
import { Button, Group, Stack, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTexts } from '../../i18n/use-texts.ts';
import { call } from '../../lib/api.ts';
import { useActionForm } from '../../lib/use-action-form.ts';
import { storefrontTexts } from './storefront-texts.ts';

const toastMs = 10_000;

/** The professional's answer to a question on their own publication (the owner only). */

const answerSchema = storefrontActions.answerQuestion.input.pick({ answer: true });

export function AnswerForm({ questionRef, onAnswered }: { questionRef: string; onAnswered: () => void }) {
  const t = useTexts(storefrontTexts);
  const { form, fieldError, submit, submitting } = useActionForm(storefrontActions.answerQuestion, {
    schema: answerSchema,
    defaultValues: { answer: '' },
  });
  const onSubmit = submit(async ({ answer }) => {
    await call('answer-question', { ref: questionRef, answer });
    notifications.show({ color: 'teal', message: t('answerSent'), autoClose: toastMs });
    onAnswered();
  });
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="xs">
        <Textarea
          label={t('answerLabel')}
          autosize
          minRows={2}
          maxLength={1000}
          error={fieldError('answer')}
          {...form.register('answer')}
        />
        <Group justify="flex-end">
          <Button type="submit" size="sm" loading={submitting}>
            {t('answer')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
