import { courseLimits } from '@agendo/contract';
import * as coursesActions from '@agendo/contract/courses';
import {
  Anchor,
  Badge,
  Blockquote,
  Box,
  Button,
  Group,
  Image,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import {
  IconCircle,
  IconCircleCheckFilled,
  IconExternalLink,
  IconEye,
  IconQuestionMark,
  IconSettings,
} from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useParams } from 'react-router';
import { useTexts } from '../../i18n/use-texts.ts';
import { HeadedCard } from '../../ui/headed-card.tsx';
import { PreviewWindow } from '../../ui/preview-window.tsx';
import { previewQuizEngine } from '../../ui/quiz/quiz-engine.ts';
import { QuizPlayer } from '../../ui/quiz/quiz-player.tsx';
import { loginRequired } from '../../ui/require-login.tsx';
import { ContentFrame, ContentLoader, OrderedItems, plainList } from './content-page.tsx';
import { courseEditorTexts } from './course-editor-texts.ts';
import { ConfirmDelete, EditDeleteButtons, useCount } from './course-editor-ui.tsx';
import { QuestionFormModal, type QuestionTarget, questionTypeText } from './question-form-modal.tsx';
import { QuizFormModal, type QuizTarget } from './quiz-form-modal.tsx';
import { type Question, type Quiz, useDeleteQuestion, useQuiz } from './use-course-editor.ts';

/** manage-questions/{ref}: one quiz's settings and its questions with the right answers. */
export const ManageQuestionsPage = loginRequired(QuestionsLoader);

function QuestionsLoader() {
  const tx = useTexts(courseEditorTexts);
  return (
    <ContentLoader
      of="quiz"
      query={useQuiz(useParams().ref)}
      title={tx('questions')}
      nameOf={(data) => data.quiz.title}
      placeholders={{ first: 90, height: 180 }}
    >
      {(data) => <ManageQuestions data={data} />}
    </ContentLoader>
  );
}

export function ManageQuestions({ data }: { data: Quiz }) {
  const tx = useTexts(courseEditorTexts);
  const { quiz, questions } = data;
  const remove = useDeleteQuestion(quiz.ref);
  const [editing, setEditing] = useState<QuestionTarget | null>(null);
  const [settings, setSettings] = useState<QuizTarget | null>(null);
  const [deleting, setDeleting] = useState<string | null>(null);
  const [previewing, setPreviewing] = useState(false);
  // One engine per preview: it holds the run, so re-renders must not replace it.
  const previewQuiz = useMemo(() => ({ ...quiz, duration: questions.length }), [quiz, questions]);
  const previewEngine = useMemo(() => previewQuizEngine(previewQuiz, questions), [previewQuiz, questions]);
  const total = questions.reduce((sum, q) => sum + q.points, 0);

  return (
    <ContentFrame
      of="quiz"
      name={quiz.title}
      intro={tx('questionsIntro')}
      after={
        <>
          <QuestionFormModal target={editing} onClose={() => setEditing(null)} />
          <QuizFormModal target={settings} onClose={() => setSettings(null)} />
          <ConfirmDelete
            target={deleting}
            action={coursesActions.deleteQuizQuestion}
            mutation={remove}
            title={tx('deleteQuestionTitle')}
            message={tx('deleteQuestionText')}
            onClose={() => setDeleting(null)}
            deletedText={tx('questionDeleted')}
          />
          {/* spec 000 §2.8 and §2.3: the quiz as a student takes it, graded here with the same rule. */}
          <PreviewWindow opened={previewing} onClose={() => setPreviewing(false)} title={tx('previewQuiz')}>
            <Box p="md">{previewing && <QuizPlayer quiz={previewQuiz} engine={previewEngine} />}</Box>
          </PreviewWindow>
        </>
      }
    >
      <Paper withBorder radius="lg" p="md" component="section" aria-label={tx('quizSettings')}>
        <Group justify="space-between" gap="sm" align="flex-start">
          <SimpleGrid cols={{ base: 2, xs: 4 }} spacing="sm" style={{ flex: '1 1 260px' }}>
            <Fact label={tx('questions')} value={questions.length} />
            <Fact label={tx('totalPoints')} value={total} />
            <Fact label={tx('okPoints')} value={quiz.okPoints} />
            <Fact label={tx('time')} value={quiz.time} />
          </SimpleGrid>
          <Button
            variant="default"
            leftSection={<IconEye size={18} aria-hidden />}
            disabled={questions.length === 0}
            onClick={() => setPreviewing(true)}
          >
            {tx('previewQuiz')}
          </Button>
          <Button
            variant="default"
            leftSection={<IconSettings size={18} aria-hidden />}
            onClick={() =>
              setSettings({ ref: quiz.ref, title: quiz.title, okPoints: quiz.okPoints, time: quiz.time })
            }
          >
            {tx('quizSettings')}
          </Button>
        </Group>
      </Paper>

      <OrderedItems
        count={questions.length}
        gap="md"
        empty={{ icon: IconQuestionMark, title: tx('noQuestionsTitle'), text: tx('noQuestionsText') }}
        add={{
          label: tx('addQuestion'),
          onClick: () => setEditing({ quizRef: quiz.ref }),
          max: courseLimits.questionsMax,
          maxText: tx('questionsMaxReached', { n: courseLimits.questionsMax }),
        }}
      >
        {questions.map((question, index) => (
          <li key={question.id}>
            <QuestionCard
              question={question}
              n={index + 1}
              onEdit={() => setEditing({ quizRef: quiz.ref, question })}
              onDelete={() => setDeleting(question.id)}
            />
          </li>
        ))}
      </OrderedItems>
    </ContentFrame>
  );
}

function Fact({ label, value }: { label: string; value: number }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={700}>{value}</Text>
    </Stack>
  );
}

function QuestionCard({
  question,
  n,
  onEdit,
  onDelete,
}: {
  question: Question;
  n: number;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const tx = useTexts(courseEditorTexts);
  const count = useCount();
  const headingId = `question-${question.id}`;
  return (
    <HeadedCard headingId={headingId} component="article" p={{ base: 'sm', sm: 'md' }}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
          <Stack gap={6} style={{ minWidth: 0 }}>
            <Group gap={6}>
              <Text size="xs" c="dimmed" fw={600} tt="uppercase">
                {tx('questionN', { n })}
              </Text>
              <Badge variant="outline" color="gray.7">
                {tx(questionTypeText[question.questionType])}
              </Badge>
              <Badge variant="light">{count(question.points, 'onePoint', 'pointsN')}</Badge>
            </Group>
            <Title order={2} fz="md" id={headingId} style={{ overflowWrap: 'anywhere' }}>
              {question.question}
            </Title>
          </Stack>
          <Group gap={4} wrap="nowrap">
            <EditDeleteButtons
              editLabel={tx('editQuestion', { n })}
              deleteLabel={tx('deleteQuestion', { n })}
              onEdit={onEdit}
              onDelete={onDelete}
            />
          </Group>
        </Group>
        {question.questionType === 2 && question.description && (
          <Blockquote p="sm" style={{ overflowWrap: 'anywhere' }}>
            {question.description}
          </Blockquote>
        )}
        {question.questionType === 3 && question.imgQuizURL && (
          <Image src={question.imgQuizURL} alt={tx('imageOf')} mah={180} w="auto" fit="contain" radius="md" />
        )}
        {question.questionType === 4 && question.videoFile && (
          <Anchor href={question.videoFile} target="_blank" rel="noopener noreferrer" size="sm">
            <Group gap={4} component="span">
              {tx('openVideo')}
              <IconExternalLink size={14} aria-hidden />
            </Group>
          </Anchor>
        )}
        <Stack gap={4} component="ul" style={plainList}>
          {question.optionsAnswers.map((option) => (
            <Group key={option.id} component="li" gap="xs" wrap="nowrap" align="flex-start">
              {option.correct ? (
                <IconCircleCheckFilled
                  size={20}
                  color="var(--mantine-color-teal-8)"
                  aria-hidden
                  style={{ flexShrink: 0 }}
                />
              ) : (
                <IconCircle
                  size={20}
                  color="var(--mantine-color-gray-5)"
                  aria-hidden
                  style={{ flexShrink: 0 }}
                />
              )}
              <Text size="sm" fw={option.correct ? 600 : 400} style={{ overflowWrap: 'anywhere' }}>
                {option.answer}
                {option.correct && (
                  <Text span size="xs" c="teal.9" fw={700} ml={6}>
                    ({tx('correct')})
                  </Text>
                )}
              </Text>
            </Group>
          ))}
        </Stack>
      </Stack>
    </HeadedCard>
  );
}
