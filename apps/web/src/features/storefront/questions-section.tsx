import { type OutputOf, reportQuestionErrors, saveQuestionErrors } from '@agendo/contract';
import { Alert, Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconFlag } from '@tabler/icons-react';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useLang } from '../../i18n/use-t.ts';
import { useTexts } from '../../i18n/use-texts.ts';
import { call } from '../../lib/api.ts';
import { showApiError } from '../../lib/form-errors.ts';
import { usePrefix } from '../../lib/route-prefix.ts';
import { useIsLoggedIn } from '../../lib/session.ts';
import { MoreButton } from '../../ui/list-page.tsx';
import { takePendingQuestion } from './pending-question.ts';
import { storefrontTexts } from './storefront-texts.ts';
import { useQuestions, useRefreshQuestions } from './use-questions.ts';

type QuestionItem = OutputOf<'find-questions'>['questions'][number];
const toastMs = 10_000;

// The forms (react-hook-form and its resolver) load with the section, not with the page: the
// service page is a landing page for ads (issue 13).
const AskForm = lazy(() => import('./ask-form.tsx').then((m) => ({ default: m.AskForm })));
const AnswerForm = lazy(() => import('./question-forms.tsx').then((m) => ({ default: m.AnswerForm })));

function formatDate(iso: string, lang: string): string {
  // A bare date is that day where the reader is, as an ISO date-time without offset is.
  const at = new Date(/^\d{4}-\d{2}-\d{2}$/.test(iso) ? `${iso}T00:00` : iso);
  return new Intl.DateTimeFormat(lang, { year: 'numeric', month: 'short', day: 'numeric' }).format(at);
}

/**
 * spec 000 §4 "Re-booking": a question stored within the last 5 minutes is sent again on load
 * when the visitor is signed in; an older one is dropped.
 */
export function usePendingQuestionResend(ref: string, loggedIn: boolean, onSent: () => void) {
  const lang = useLang();
  const t = useTexts(storefrontTexts);
  const sentFor = useRef<string | null>(null);
  useEffect(() => {
    if (!loggedIn || sentFor.current === ref) return;
    sentFor.current = ref;
    const text = takePendingQuestion(ref);
    if (!text) return;
    call('save-question', { ref, question: text })
      .then(() => {
        notifications.show({ color: 'teal', message: t('questionSent'), autoClose: toastMs });
        onSent();
      })
      .catch((error: unknown) => showApiError({ errors: saveQuestionErrors }, error, lang));
  }, [ref, loggedIn, onSent, lang, t]);
}

export function QuestionsSection({ publicationRef }: { publicationRef: string }) {
  const t = useTexts(storefrontTexts);
  const loggedIn = useIsLoggedIn();
  const query = useQuestions(publicationRef, loggedIn ? 'user' : 'guest');
  const refresh = useRefreshQuestions(publicationRef);
  usePendingQuestionResend(publicationRef, loggedIn, refresh);

  const first = query.data?.pages[0];
  const isOwner = first?.isOwner ?? false;
  const items = query.data?.pages.flatMap((page) => page.questions) ?? [];

  return (
    <Stack gap="md" component="section" aria-labelledby="questions-title">
      <Title order={2} id="questions-title" fz="h3">
        {t('questionsTitle')}
      </Title>
      {!isOwner && (
        <Suspense fallback={<Skeleton h={120} />}>
          <AskForm publicationRef={publicationRef} onSent={refresh} />
        </Suspense>
      )}
      {query.isPending ? (
        <Stack gap="sm" aria-busy="true" aria-label={t('loading')}>
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} height={72} radius="md" />
          ))}
        </Stack>
      ) : query.isError ? (
        <Alert color="red" title={t('questionsError')}>
          <Button variant="light" color="red" mt="xs" onClick={() => query.refetch()}>
            {t('retry')}
          </Button>
        </Alert>
      ) : items.length === 0 ? (
        <Text c="dimmed">{isOwner ? t('questionsEmptyOwner') : t('questionsEmpty')}</Text>
      ) : (
        <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {items.map((item) => (
            <li key={item.ref}>
              <QuestionCard item={item} isOwner={isOwner} onChanged={refresh} />
            </li>
          ))}
        </Stack>
      )}
      <MoreButton pages={query} label={t('seeMore')} />
    </Stack>
  );
}

function QuestionCard({
  item,
  isOwner,
  onChanged,
}: {
  item: QuestionItem;
  isOwner: boolean;
  onChanged: () => void;
}) {
  const t = useTexts(storefrontTexts);
  const lang = useLang();
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap={6}>
        <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
          {item.question}
        </Text>
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Text size="sm" c="dimmed">
            {t('askedBy', { name: item.askerName, date: formatDate(item.date, lang) })}
          </Text>
          {!item.mine && !item.reportedQuestion && <ReportButton questionRef={item.ref} target="q" />}
        </Group>
        {item.answer !== null ? (
          <Paper bg="gray.0" radius="sm" p="sm" ml={{ base: 0, sm: 'md' }}>
            <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {item.answer}
            </Text>
            <Group justify="space-between" gap="xs" mt={4}>
              {item.answerDate && (
                <Text size="xs" c="dimmed">
                  {t('answeredOn', { date: formatDate(item.answerDate, lang) })}
                </Text>
              )}
              {!isOwner && !item.reportedAnswer && <ReportButton questionRef={item.ref} target="a" />}
            </Group>
          </Paper>
        ) : isOwner ? (
          <Suspense fallback={<Skeleton h={90} />}>
            <AnswerForm questionRef={item.ref} onAnswered={onChanged} />
          </Suspense>
        ) : (
          <Text size="sm" c="dimmed" fs="italic">
            {t('waitingAnswer')}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}

function ReportButton({ questionRef, target }: { questionRef: string; target: 'q' | 'a' }) {
  const t = useTexts(storefrontTexts);
  const lang = useLang();
  const loggedIn = useIsLoggedIn();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const { to } = usePrefix();
  const [state, setState] = useState<'idle' | 'sending' | 'done'>('idle');
  if (state === 'done') return null;

  async function report() {
    if (!loggedIn) {
      await navigate(`${to('login')}?next=${encodeURIComponent(pathname)}`);
      return;
    }
    setState('sending');
    try {
      await call('report-question', { ref: questionRef, answer: target });
      // spec 000 §8: the message, then the report button is hidden.
      notifications.show({
        color: 'blue',
        message: target === 'q' ? t('reportedQuestion') : t('reportedAnswer'),
        autoClose: toastMs,
      });
      setState('done');
    } catch (error) {
      showApiError({ errors: reportQuestionErrors }, error, lang);
      setState('idle');
    }
  }

  return (
    <Button
      variant="subtle"
      color="gray"
      size="compact-sm"
      leftSection={<IconFlag size={14} aria-hidden />}
      loading={state === 'sending'}
      onClick={report}
    >
      {target === 'q' ? t('reportQuestion') : t('reportAnswer')}
    </Button>
  );
}
