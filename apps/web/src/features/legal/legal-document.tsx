import { Container, List, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { longDate } from './long-date.ts';

/** A paragraph, or a bullet list when it is an array. */
export type LegalBlock = string | readonly string[];
export interface LegalSection {
  title: string;
  blocks: readonly LegalBlock[];
}
export interface LegalText {
  title: string;
  /** ISO date of the last change, shown as 'Última actualización'. */
  updated: string;
  intro: string;
  sections: readonly LegalSection[];
}

/** One legal document: a single h1, an h2 per section, at a readable line length. */
export function LegalDocument({ text }: { text: LegalText }) {
  useDocumentTitle(`${text.title} · Agendo`);
  return (
    <Container size={720} px="md" py={{ base: 'lg', sm: 48 }} component="article">
      <Stack gap={4} mb="xl">
        <Title order={1} fz={{ base: 28, sm: 34 }}>
          {text.title}
        </Title>
        <Text c="gray.7" size="sm">
          Última actualización: <time dateTime={text.updated}>{longDate(text.updated)}</time>
        </Text>
      </Stack>
      <Text mb="xl">{text.intro}</Text>
      {text.sections.map((section, i) => (
        <Stack component="section" gap="sm" mb="xl" key={section.title}>
          <Title order={2} fz={{ base: 20, sm: 22 }}>
            {i + 1}. {section.title}
          </Title>
          {section.blocks.map((block) =>
            typeof block === 'string' ? (
              <Text key={block}>{block}</Text>
            ) : (
              <List key={block.join()} spacing={6} withPadding>
                {block.map((item) => (
                  <List.Item key={item}>{item}</List.Item>
                ))}
              </List>
            ),
          )}
        </Stack>
      ))}
    </Container>
  );
}
