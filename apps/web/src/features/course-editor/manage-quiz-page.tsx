import * as coursesActions from '@agendo/contract/courses';
import { Button, Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconListCheck, IconPencil, IconPlus, IconQuestionMark, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTexts } from '../../i18n/use-texts.ts';
import { usePrefix } from '../../lib/route-prefix.ts';
import { CardListPage } from '../../ui/list-page.tsx';
import { loginRequired } from '../../ui/require-login.tsx';
import { courseEditorTexts } from './course-editor-texts.ts';
import { ConfirmDelete, listFailure, useCount } from './course-editor-ui.tsx';
import { QuizFormModal, type QuizTarget } from './quiz-form-modal.tsx';
import { type QuizSummary, useDeleteQuiz, useMyQuizzes } from './use-course-editor.ts';

/** manage-quiz: the professional's quizzes, used as lessons of type 3. */
export const ManageQuizPage = loginRequired(ManageQuiz);

function ManageQuiz() {
  const tx = useTexts(courseEditorTexts);
  const { to } = usePrefix();
  const navigate = useNavigate();
  const remove = useDeleteQuiz();
  const [editing, setEditing] = useState<QuizTarget | null>(null);
  const [deleting, setDeleting] = useState<QuizSummary | null>(null);

  return (
    <CardListPage
      title={tx('manageQuizTitle')}
      intro={tx('manageQuizIntro')}
      back={{ to: to('my-workshops'), label: tx('backToWorkshops') }}
      create={
        <Button onClick={() => setEditing('new')} leftSection={<IconPlus size={18} aria-hidden />}>
          {tx('newQuiz')}
        </Button>
      }
      list={useMyQuizzes()}
      grid={{ cols: { base: 1, sm: 2, lg: 3 }, cardHeight: 190 }}
      failure={listFailure}
      empty={{ icon: IconListCheck, title: tx('noQuizzesTitle'), text: tx('noQuizzesText') }}
      card={(quiz) => (
        <QuizCard
          key={quiz.ref}
          quiz={quiz}
          onEdit={() => setEditing(quiz)}
          onDelete={() => setDeleting(quiz)}
        />
      )}
      after={
        <>
          <QuizFormModal
            target={editing}
            onClose={() => setEditing(null)}
            onCreated={(ref) => navigate(to(`manage-questions/${ref}`))}
          />
          <ConfirmDelete
            target={deleting?.ref ?? null}
            action={coursesActions.deleteQuiz}
            mutation={remove}
            title={tx('deleteQuizTitle')}
            message={tx('deleteQuizText', { title: deleting?.title ?? '' })}
            onClose={() => setDeleting(null)}
            deletedText={tx('quizDeleted')}
          />
        </>
      }
    />
  );
}

function QuizCard({
  quiz,
  onEdit,
  onDelete,
}: {
  quiz: QuizSummary;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const tx = useTexts(courseEditorTexts);
  const count = useCount();
  const { to } = usePrefix();
  // Each named after the quiz it acts on: the cards' buttons read alike otherwise.
  const action = (label: string, Icon: typeof IconPencil, onClick: () => void, color?: string) => (
    <Button
      variant="default"
      c={color}
      h={44}
      px="xs"
      leftSection={<Icon size={16} aria-hidden />}
      onClick={onClick}
      aria-label={`${label} · ${quiz.title}`}
    >
      {label}
    </Button>
  );
  return (
    <Card withBorder radius="lg" padding="md">
      <Stack gap="xs" style={{ flex: 1 }}>
        <Title order={2} fz="md" lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
          {quiz.title}
        </Title>
        <Text size="sm">{count(quiz.questions, 'oneQuestion', 'questionsCount')}</Text>
        <Text size="sm" c="dimmed">
          {tx('okPoints')}: {quiz.okPoints} · {tx('time')}: {quiz.time}
        </Text>
        <Text size="sm" c="dimmed">
          {quiz.lessons === 0 ? tx('notUsed') : count(quiz.lessons, 'usedByOne', 'usedBy')}
        </Text>
      </Stack>
      <Button
        component={Link}
        to={to(`manage-questions/${quiz.ref}`)}
        variant="light"
        c="brand.9"
        h={44}
        mt="md"
        fullWidth
        leftSection={<IconQuestionMark size={18} aria-hidden />}
        aria-label={`${tx('questions')} · ${quiz.title}`}
      >
        {tx('questions')}
      </Button>
      <SimpleGrid cols={2} spacing="xs" mt="xs">
        {action(tx('edit'), IconPencil, onEdit)}
        {action(tx('delete'), IconTrash, onDelete, 'red.9')}
      </SimpleGrid>
    </Card>
  );
}
