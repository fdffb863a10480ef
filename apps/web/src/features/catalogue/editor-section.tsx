import { Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import type { useActionForm } from '../../lib/use-action-form.ts';
import type { EditorSection } from './publication-form.ts';

export type EditorForm = ReturnType<typeof useActionForm<'save-publish'>>;

/** One section of the editor: a titled card with an anchor (general-service/{ref}/{section}). */
export function EditorSectionCard({
  id,
  title,
  description,
  children,
}: {
  id: EditorSection;
  title: string;
  description?: string;
  children: ReactNode;
}) {
  const headingId = `section-${id}-title`;
  return (
    <Paper
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'lg' }}
      component="section"
      id={`section-${id}`}
      aria-labelledby={headingId}
      style={{ scrollMarginTop: 80 }}
    >
      <Stack gap="md">
        <Stack gap={4}>
          <Title order={2} fz="lg" id={headingId}>
            {title}
          </Title>
          {description && (
            <Text size="sm" c="dimmed">
              {description}
            </Text>
          )}
        </Stack>
        {children}
      </Stack>
    </Paper>
  );
}

/** A number field's value from the form (null and '' both mean empty). */
export function numberValue(value: unknown): number | string {
  return typeof value === 'number' ? value : '';
}
export function fromNumberInput(value: number | string): number | null {
  if (value === '' || value === null) return null;
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(n) ? n : null;
}
export function isOn(value: unknown): boolean {
  return value === true || value === 1;
}
