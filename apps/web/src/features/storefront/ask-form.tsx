import { checkQuestion, saveQuestionErrors } from '@agendo/contract';
import { Button, Group, Stack, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconMessageCircleQuestion } from '@tabler/icons-react';
import { useLocation, useNavigate } from 'react-router';
import { useTexts } from '../../i18n/use-texts.ts';
import { call } from '../../lib/api.ts';
import { usePrefix } from '../../lib/route-prefix.ts';
import { useIsLoggedIn } from '../../lib/session.ts';
import { useCheckedForm } from '../../lib/use-checked-form.ts';
import { savePendingQuestion } from './pending-question.ts';
import { storefrontTexts } from './storefront-texts.ts';

const toastMs = 10_000;

/**
 * A visitor's question on a service page (spec 000 §3). Checked with the contract's zod-free rule
 * (rules/question.ts): zod, the action schemas and react-hook-form, ~140 kB of script to run on a
 * phone, stay off the public page (issue 13). The server validates with the schema.
 */
export function AskForm({ publicationRef, onSent }: { publicationRef: string; onSent: () => void }) {
  const t = useTexts(storefrontTexts);
  const loggedIn = useIsLoggedIn();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const { to } = usePrefix();
  const { field, submit, submitting, reset } = useCheckedForm({
    errors: saveQuestionErrors,
    defaultValues: { question: '' },
    check: checkQuestion,
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
    reset();
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
          {...field('question')}
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
