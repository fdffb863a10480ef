import * as storefrontActions from '@agendo/contract/storefront';
import { Button, Group, Stack, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconMessageCircleQuestion } from '@tabler/icons-react';
import { useLocation, useNavigate } from 'react-router';
import { useTexts } from '../../i18n/use-texts.ts';
import { call } from '../../lib/api.ts';
import { usePrefix } from '../../lib/route-prefix.ts';
import { useIsLoggedIn } from '../../lib/session.ts';
import { useActionForm } from '../../lib/use-action-form.ts';
import { savePendingQuestion } from './pending-question.ts';
import { storefrontTexts } from './storefront-texts.ts';

const toastMs = 10_000;

const askSchema = storefrontActions.saveQuestion.input.pick({ question: true });

export function AskForm({ publicationRef, onSent }: { publicationRef: string; onSent: () => void }) {
  const t = useTexts(storefrontTexts);
  const loggedIn = useIsLoggedIn();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const { to } = usePrefix();
  const { form, fieldError, submit, submitting } = useActionForm(storefrontActions.saveQuestion, {
    schema: askSchema,
    defaultValues: { question: '' },
  });

  const onSubmit = submit(async ({ question }) => {
    if (!loggedIn) {
      // spec 000 §3: kept as question{ref} and sent after login (within 5 minutes).
      savePendingQuestion(publicationRef, question);
      notifications.show({ color: 'blue', message: t('questionLogin'), autoClose: toastMs });
      await navigate(`${to('login')}?next=${encodeURIComponent(pathname)}`);
      return;
    }
    await call('save-question', { ref: publicationRef, question });
    form.reset({ question: '' });
    notifications.show({ color: 'teal', message: t('questionSent'), autoClose: toastMs });
    onSent();
  });

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="xs">
        <Textarea
          label={t('askLabel')}
          description={t('askHint')}
          autosize
          minRows={2}
          maxRows={6}
          maxLength={500}
          error={fieldError('question')}
          {...form.register('question')}
        />
        <Group justify="flex-end">
          <Button
            type="submit"
            loading={submitting}
            leftSection={<IconMessageCircleQuestion size={18} aria-hidden />}
          >
            {t('ask')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

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
