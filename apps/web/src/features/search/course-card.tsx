import type { OutputOf } from '@agendo/contract';
import { Badge, Card, Group, Image, Stack, Text } from '@mantine/core';
import { IconBook2, IconCertificate } from '@tabler/icons-react';
import { useTexts } from '../../i18n/use-texts.ts';
import { usePrefix } from '../../lib/route-prefix.ts';
import { titleSlug } from '../../lib/title-slug.ts';
import { CardHeading } from './result-card.tsx';
import classes from './search.module.css';
import { searchTexts } from './search-texts.ts';

export type CourseResult = OutputOf<'search-courses'>['courses'][number];

function CoursePrice({ course }: { course: CourseResult }) {
  const t = useTexts(searchTexts);
  if (course.hidePrice) {
    return (
      <Text size="sm" c="dimmed">
        {t('hiddenPrice')}
      </Text>
    );
  }
  if (course.free || course.priceText === null) {
    return (
      <Badge color="teal.9" variant="outline" size="lg">
        {t('free')}
      </Badge>
    );
  }
  return (
    <Group gap={8} align="baseline" wrap="wrap">
      <Text size="sm" c="dimmed">
        {t('modulesFrom')}
      </Text>
      <Text fw={700} size="lg">
        {course.priceText}
      </Text>
      {course.freeModules > 0 && (
        <Badge color="teal.9" variant="outline">
          {course.freeModules === 1 ? t('oneFreeModule') : t('freeModules', { n: course.freeModules })}
        </Badge>
      )}
    </Group>
  );
}

/** One course of the results: cover, professional, title (the course page's link), price. */
export function CourseCard({ course }: { course: CourseResult }) {
  const t = useTexts(searchTexts);
  const { to } = usePrefix();
  const href = to(`course/${course.ref}/${titleSlug(course.title)}`);

  return (
    <Card withBorder radius="lg" padding="md" className={classes.card} data-testid="course-result">
      {course.cover && (
        <Card.Section mb="sm">
          <Image src={course.cover} alt="" h={140} fit="cover" />
        </Card.Section>
      )}
      <Stack gap="sm" h="100%">
        <CardHeading
          prof={course}
          avatar={course.cover ? null : { src: course.profImg, size: 48 }}
          href={href}
          title={course.title}
        />

        <Group gap="xs">
          <Badge variant="light" color="gray" c="dark.6" leftSection={<IconBook2 size={12} aria-hidden />}>
            {t('course')}
          </Badge>
          <Badge variant="light" color="gray" c="dark.6">
            {course.modules === 1 ? t('oneModule') : t('modules', { n: course.modules })}
            {' · '}
            {course.lessons === 1 ? t('oneLesson') : t('lessons', { n: course.lessons })}
          </Badge>
          {course.certificate && (
            <Badge
              variant="light"
              color="gray"
              c="dark.6"
              leftSection={<IconCertificate size={12} aria-hidden />}
            >
              {t('certificate')}
            </Badge>
          )}
        </Group>

        <CoursePrice course={course} />
      </Stack>
    </Card>
  );
}
