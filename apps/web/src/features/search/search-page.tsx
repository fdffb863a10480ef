import { symptoms, therapies } from '@agendo/contract';
import {
  Alert,
  Badge,
  Box,
  Button,
  CloseButton,
  Container,
  Drawer,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  ThemeIcon,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { useDisclosure, useDocumentTitle } from '@mantine/hooks';
import { IconAdjustmentsHorizontal, IconAlertCircle, IconSearch, IconSearchOff } from '@tabler/icons-react';
import { type FormEvent, useEffect, useMemo, useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { useLang } from '../../i18n/use-t.ts';
import { useTexts } from '../../i18n/use-texts.ts';
import { zoneLabelPlain } from '../../lib/time-zone-label.ts';
import { MoreButton } from '../../ui/list-page.tsx';
import { CourseCard } from './course-card.tsx';
import { FilterPanel } from './filter-panel.tsx';
import { ResultCard, ResultCardSkeleton } from './result-card.tsx';
import classes from './search.module.css';
import {
  activeFilterCount,
  courseSearchInputOf,
  emptyFilters,
  filtersFromParams,
  paramsFromFilters,
  type SearchFilters,
  type SearchMode,
  searchInputOf,
  viewerTimeZone,
} from './search-params.ts';
import { searchTexts } from './search-texts.ts';
import { useCourseResults, useSearchResults } from './use-search.ts';

export function SearchPage() {
  return <SearchView mode="search" />;
}
export function TherapiesPage() {
  return <SearchView mode="terapias" />;
}
export function SymptomsPage() {
  return <SearchView mode="sintomas" />;
}

/**
 * spec 000 §2.2: search-expo and terapias-expo take hideLogo and show first. They are the
 * embeddable versions (a stand at an expo, a partner's site): hideLogo '1' leaves out the
 * Agendo name, show '0' leaves out the filters so only topics and results remain.
 */
export function SearchExpoPage() {
  const { hideLogo, show } = useParams();
  return <SearchView mode="search" expo={{ hideLogo: hideLogo === '1', showFilters: show !== '0' }} />;
}
export function TherapiesExpoPage() {
  const { hideLogo, show } = useParams();
  return <SearchView mode="terapias" expo={{ hideLogo: hideLogo === '1', showFilters: show !== '0' }} />;
}

interface Expo {
  hideLogo: boolean;
  showFilters: boolean;
}

const titleKey = { search: 'titleSearch', terapias: 'titleTherapies', sintomas: 'titleSymptoms' } as const;
const subtitleKey = {
  search: 'subtitleSearch',
  terapias: 'subtitleTherapies',
  sintomas: 'subtitleSymptoms',
} as const;

function topicName(filters: SearchFilters): string | undefined {
  if (filters.ref === undefined) return undefined;
  const list = filters.type === 'sintomas' ? symptoms : therapies;
  return list.find((item) => item.id === filters.ref)?.name;
}

export function SearchView({ mode, expo }: { mode: SearchMode; expo?: Expo }) {
  const t = useTexts(searchTexts);
  const lang = useLang();
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => filtersFromParams(params, mode), [params, mode]);
  const [drawerOpen, drawer] = useDisclosure(false);
  const [text, setText] = useState(filters.q ?? '');
  useDocumentTitle(`${t(titleKey[mode])} · Agendo`);

  // Back and forward change the URL: the box follows it.
  useEffect(() => setText(filters.q ?? ''), [filters.q]);

  const update = (next: SearchFilters) => setParams(paramsFromFilters(next, mode));
  const clear = () => update({ ...emptyFilters, ...(filters.type ? { type: filters.type } : {}) });
  const submitText = (event: FormEvent) => {
    event.preventDefault();
    const { q: _q, ...rest } = filters;
    const trimmed = text.trim();
    update(trimmed ? { ...rest, q: trimmed } : rest);
  };

  const showFilters = expo?.showFilters ?? true;
  const topic = topicName(filters);
  const count = activeFilterCount(filters);
  const panel = <FilterPanel filters={filters} onChange={update} onClear={clear} />;

  return (
    <>
      <Box className={classes.hero}>
        <Container size="lg" py={{ base: 'lg', sm: 40 }}>
          <Stack gap="sm" maw={720}>
            {expo && !expo.hideLogo && (
              <Text fw={800} c="brand.8" size="lg">
                Agendo
              </Text>
            )}
            <Title order={1} fz={{ base: 26, sm: 36 }}>
              {t(titleKey[mode])}
            </Title>
            <Text c="dark.5">{t(subtitleKey[mode])}</Text>
            <search>
              <form onSubmit={submitText}>
                <Group gap="xs" wrap="nowrap" align="flex-end">
                  <TextInput
                    style={{ flex: 1 }}
                    label={t('searchLabel')}
                    placeholder={t('searchPlaceholder')}
                    value={text}
                    maxLength={100}
                    onChange={(event) => setText(event.currentTarget.value)}
                    leftSection={<IconSearch size={18} aria-hidden />}
                    type="search"
                  />
                  <Button type="submit">{t('searchButton')}</Button>
                </Group>
              </form>
            </search>
          </Stack>
        </Container>
      </Box>

      <Container size="lg" py="lg">
        <div className={showFilters ? classes.layout : undefined}>
          {showFilters && (
            <aside className={classes.sidebar} aria-label={t('filters')}>
              <Title order={2} fz="lg" mb="sm">
                {t('filters')}
              </Title>
              {panel}
            </aside>
          )}

          <Stack gap="lg">
            {mode !== 'search' && filters.ref === undefined && (
              <TopicTiles mode={mode} onPick={(ref) => update({ ...filters, ref })} />
            )}

            <Group justify="space-between" gap="sm">
              <Group gap="xs">
                {topic && (
                  <Badge
                    size="lg"
                    variant="light"
                    c="brand.9"
                    rightSection={
                      <CloseButton
                        size="sm"
                        aria-label={t('removeTopic', { name: topic })}
                        onClick={() => {
                          const { ref: _r, ...rest } = filters;
                          update(rest);
                        }}
                      />
                    }
                  >
                    {filters.type === 'sintomas' ? t('symptom') : t('therapy')}: {topic}
                  </Badge>
                )}
              </Group>
              {showFilters && (
                <Button
                  className={classes.phoneOnly}
                  variant="default"
                  leftSection={<IconAdjustmentsHorizontal size={18} aria-hidden />}
                  onClick={drawer.open}
                >
                  {count > 0 ? t('filtersCount', { count }) : t('filters')}
                </Button>
              )}
            </Group>

            <Text size="xs" c="dimmed" mt={-8}>
              {t('yourTime', { zone: zoneLabelPlain(viewerTimeZone(), lang) })}
            </Text>
            <Results filters={filters} onClear={clear} />
          </Stack>
        </div>
      </Container>

      {showFilters && (
        <Drawer opened={drawerOpen} onClose={drawer.close} title={t('filters')} position="bottom" size="85%">
          <Stack gap="md">
            {panel}
            <Button onClick={drawer.close} fullWidth>
              {t('showResults')}
            </Button>
          </Stack>
        </Drawer>
      )}
    </>
  );
}

function TopicTiles({ mode, onPick }: { mode: 'terapias' | 'sintomas'; onPick: (ref: number) => void }) {
  const list = mode === 'sintomas' ? symptoms : therapies;
  return (
    <SimpleGrid cols={{ base: 2, sm: 3, md: 4 }} spacing="sm">
      {list.map((item) => (
        <UnstyledButton key={item.id} className={classes.tile} onClick={() => onPick(item.id)}>
          {item.name}
        </UnstyledButton>
      ))}
    </SimpleGrid>
  );
}

function Results({ filters, onClear }: { filters: SearchFilters; onClear: () => void }) {
  const t = useTexts(searchTexts);
  const input = useMemo(() => searchInputOf(filters, viewerTimeZone()), [filters]);
  const courseInput = useMemo(() => courseSearchInputOf(filters), [filters]);
  const results = useSearchResults(input);
  const courses = useCourseResults(courseInput);
  // A disabled query stays pending: courses count only when the filters let them match.
  const coursesAsked = courseInput !== null;

  if (results.isPending || (coursesAsked && courses.isPending)) {
    return (
      <SimpleGrid cols={{ base: 1, sm: 2, xl: 3 }} spacing="md" aria-busy="true">
        {[1, 2, 3, 4, 5, 6].map((n) => (
          <ResultCardSkeleton key={n} />
        ))}
      </SimpleGrid>
    );
  }
  if (results.isError || (coursesAsked && courses.isError)) {
    return (
      <Alert color="red" icon={<IconAlertCircle aria-hidden />} title={t('errorTitle')} role="alert">
        <Stack gap="sm" align="flex-start">
          <Text size="sm">{t('errorText')}</Text>
          <Button
            variant="white"
            color="red"
            onClick={() => {
              if (results.isError) results.refetch();
              if (courses.isError) courses.refetch();
            }}
          >
            {t('retry')}
          </Button>
        </Stack>
      </Alert>
    );
  }

  const items = results.data.pages.flatMap((page) => page.publications);
  const courseItems = coursesAsked ? (courses.data?.pages.flatMap((page) => page.courses) ?? []) : [];
  if (items.length === 0 && courseItems.length === 0) {
    return (
      <Paper withBorder radius="lg" p="xl">
        <Stack align="center" gap="sm" ta="center">
          <ThemeIcon size={56} radius="xl" variant="light" aria-hidden>
            <IconSearchOff size={28} />
          </ThemeIcon>
          <Title order={2} fz="lg">
            {t('emptyTitle')}
          </Title>
          <Text c="dimmed">{t('emptyText')}</Text>
          <Button variant="light" onClick={onClear}>
            {t('clearFilters')}
          </Button>
        </Stack>
      </Paper>
    );
  }

  return (
    <Stack gap="xl">
      {items.length > 0 && (
        <Stack gap="lg">
          <SimpleGrid cols={{ base: 1, sm: 2, xl: 3 }} spacing="md" aria-label={t('resultsCount')}>
            {items.map((item) => (
              <ResultCard key={item.ref} result={item} />
            ))}
          </SimpleGrid>
          <MoreButton pages={results} label={t('loadMore')} />
        </Stack>
      )}
      {courseItems.length > 0 && (
        <Stack gap="md" component="section" aria-labelledby="search-courses-title">
          <Title order={2} fz="lg" id="search-courses-title">
            {t('courses')}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2, xl: 3 }} spacing="md">
            {courseItems.map((course) => (
              <CourseCard key={course.ref} course={course} />
            ))}
          </SimpleGrid>
          <MoreButton pages={courses} label={t('moreCourses')} />
        </Stack>
      )}
    </Stack>
  );
}
