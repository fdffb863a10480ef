import {
  type QuizData,
  type QuizQuestion,
  type QuizResult,
  quizChooseOptionMessage,
  quizClock,
  quizFinishTexts,
} from '@agendo/contract';
import {
  Alert,
  Badge,
  Blockquote,
  Button,
  Card,
  Group,
  Image,
  List,
  Radio,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { IconCheck, IconClock, IconX } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTexts } from '../../i18n/use-texts.ts';
import { ApiError } from '../../lib/api.ts';
import { embedUrl } from '../../lib/video-embed.ts';
import type { QuizEngine } from './quiz-engine.ts';
import { quizTexts } from './quiz-texts.ts';

type Phase = { kind: 'intro' } | { kind: 'question'; index: number } | { kind: 'finish'; result: QuizResult };

/**
 * spec 002 §4 "Quiz flow" / 000 §2.8: intro, one question per screen ('Siguiente' needs an
 * option: 'Debes eleggir una opción.'), a countdown of the quiz time, and the finish screen with
 * a check or a cross per question. Passing ends the quiz at once; the countdown reaching zero
 * fails it; 'Volver a intentar' starts a new run when not passed.
 */
export function QuizPlayer({
  quiz,
  engine,
  passedBefore = false,
  onPassed,
}: {
  quiz: QuizData;
  engine: QuizEngine;
  passedBefore?: boolean;
  onPassed?: () => void;
}) {
  const tx = useTexts(quizTexts);
  const [phase, setPhase] = useState<Phase>({ kind: 'intro' });
  const [questions, setQuestions] = useState<QuizQuestion[]>([]);
  const [choice, setChoice] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [deadline, setDeadline] = useState<number | null>(null);
  const [left, setLeft] = useState(0);
  const finishing = useRef(false);

  async function end() {
    if (finishing.current) return;
    finishing.current = true;
    setDeadline(null);
    try {
      const result = await engine.finish();
      setPhase({ kind: 'finish', result });
      if (result.outcome === 'passed') onPassed?.();
    } catch (error) {
      setProblem(error instanceof ApiError ? error.message : String(error));
    }
  }

  // The countdown: at zero the quiz ends as not passed. The ref keeps the interval on the
  // latest end() without restarting it on every render.
  const endRef = useRef(end);
  endRef.current = end;
  useEffect(() => {
    if (deadline === null) return;
    const tick = () => {
      const seconds = Math.max(0, Math.ceil((deadline - Date.now()) / 1000));
      setLeft(seconds);
      if (seconds === 0) void endRef.current();
    };
    tick();
    const timer = setInterval(tick, 250);
    return () => clearInterval(timer);
  }, [deadline]);

  async function start() {
    setBusy(true);
    setProblem(null);
    try {
      const run = await engine.start();
      finishing.current = false;
      setQuestions(run.questions);
      setChoice(null);
      setDeadline(Date.now() + run.secondsLeft * 1000);
      setPhase({ kind: 'question', index: 0 });
    } catch (error) {
      setProblem(error instanceof ApiError ? error.message : String(error));
    } finally {
      setBusy(false);
    }
  }

  async function next(index: number) {
    const question = questions[index];
    if (!question) return;
    if (!choice) {
      setProblem(quizChooseOptionMessage);
      return;
    }
    setBusy(true);
    setProblem(null);
    try {
      const outcome = await engine.answer(question.id, choice);
      // The countdown may have ended the run while this answer was on its way.
      if (finishing.current) return;
      setChoice(null);
      if (outcome === 'running' && index + 1 < questions.length)
        setPhase({ kind: 'question', index: index + 1 });
      else await end();
    } catch (error) {
      setProblem(error instanceof ApiError ? error.message : String(error));
    } finally {
      setBusy(false);
    }
  }

  if (phase.kind === 'intro') {
    return (
      <Card withBorder radius="md" padding="lg" data-testid="quiz">
        <Title order={2} size="h3">
          {quiz.title || tx('quizIntro')}
        </Title>
        <Text mt="xs">{tx('quizRules', { n: quiz.duration, minutes: quiz.time })}</Text>
        <Text size="sm" c="dimmed">
          {quiz.okPoints > 0 ? tx('quizPass', { points: quiz.okPoints }) : tx('quizPassAll')}
        </Text>
        {passedBefore && (
          <Badge mt="sm" color="teal" variant="light">
            {tx('quizPassedBefore')}
          </Badge>
        )}
        {problem && (
          <Alert color="orange" mt="sm">
            {problem}
          </Alert>
        )}
        <Button mt="md" onClick={() => void start()} loading={busy} disabled={quiz.duration === 0}>
          {tx('quizStart')}
        </Button>
      </Card>
    );
  }

  if (phase.kind === 'finish') {
    const texts = quizFinishTexts({
      outcome: phase.result.outcome,
      okPoints: phase.result.okPoints,
      points: phase.result.points,
      correct: phase.result.correct,
    });
    const passed = phase.result.outcome === 'passed';
    return (
      <Card withBorder radius="md" padding="lg" data-testid="quiz-finish">
        <Title order={2} size="h3" c={passed ? 'teal.8' : 'orange.8'}>
          {texts.title}
        </Title>
        {texts.lines.map((line) => (
          <Text key={line} mt={4}>
            {line}
          </Text>
        ))}
        <List spacing={6} mt="md" listStyleType="none" p={0}>
          {phase.result.results.map((r, i) => (
            <List.Item
              key={r.questionId}
              icon={
                <ThemeIcon size={22} radius="xl" color={r.correct ? 'teal' : 'red'} variant="light">
                  {r.correct ? <IconCheck size={14} aria-hidden /> : <IconX size={14} aria-hidden />}
                </ThemeIcon>
              }
            >
              <Text size="sm">
                {i + 1}. {r.question}{' '}
                <Text span size="xs" c="dimmed">
                  (
                  {r.correct === null
                    ? tx('quizUnanswered')
                    : r.correct
                      ? tx('quizCorrect')
                      : tx('quizWrong')}
                  )
                </Text>
              </Text>
            </List.Item>
          ))}
        </List>
        {!passed && (
          <Button mt="lg" onClick={() => void start()} loading={busy}>
            {tx('quizRetry')}
          </Button>
        )}
      </Card>
    );
  }

  const question = questions[phase.index];
  if (!question) return null;
  const embed = question.videoFile ? embedUrl(question.videoFile) : null;
  return (
    <Card withBorder radius="md" padding="lg" data-testid="quiz-question">
      <Group justify="space-between" mb="sm">
        <Text size="sm" c="dimmed">
          {tx('quizQuestion', { n: phase.index + 1, total: questions.length })}
        </Text>
        <Badge
          leftSection={<IconClock size={14} aria-hidden />}
          color={left <= 30 ? 'red' : 'blue'}
          variant="light"
          aria-label={`${tx('quizTime')}: ${quizClock(left)}`}
          data-testid="quiz-clock"
        >
          {quizClock(left)}
        </Badge>
      </Group>
      <Title order={2} size="h4">
        {question.question}
      </Title>
      {question.questionType === 2 && question.description && (
        <Blockquote mt="sm">{question.description}</Blockquote>
      )}
      {question.questionType === 3 && question.imgQuizURL && (
        <Image src={question.imgQuizURL} alt="" mah={280} fit="contain" mt="sm" radius="sm" />
      )}
      {question.questionType === 4 &&
        question.videoFile &&
        (embed ? (
          <iframe
            src={embed}
            title={question.question}
            style={{ width: '100%', aspectRatio: '16 / 9', border: 0, marginTop: 12 }}
            allow="encrypted-media; picture-in-picture"
            allowFullScreen
          />
        ) : (
          // biome-ignore lint/a11y/useMediaCaption: professionals' question videos come without captions.
          <video src={question.videoFile} controls style={{ width: '100%', marginTop: 12 }} />
        ))}
      <Radio.Group
        value={choice}
        onChange={(value) => {
          setChoice(value);
          setProblem(null);
        }}
        mt="md"
        name={`question-${question.id}`}
      >
        <Stack gap="xs">
          {question.optionsAnswers.map((o) => (
            <Radio key={o.id} value={o.id} label={o.answer} />
          ))}
        </Stack>
      </Radio.Group>
      {problem && (
        <Text c="red.8" size="sm" mt="sm" role="alert">
          {problem}
        </Text>
      )}
      <Button mt="lg" onClick={() => void next(phase.index)} loading={busy}>
        {tx('quizNext')}
      </Button>
    </Card>
  );
}
