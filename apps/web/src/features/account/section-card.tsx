import { Anchor, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { usePrefix } from '../../lib/route-prefix.ts';

export function SectionCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} component="section" aria-label={title}>
      <Stack gap="md">
        <Title order={2} fz="lg">
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}

/** A card of my-account that leads elsewhere: what the pages behind it are for, and a link to each. */
export function LinksCard({
  title,
  intro,
  links,
  gap = 'xs',
}: {
  title: string;
  intro: string;
  /** Each page's path below the route prefix, and the link's text. */
  links: readonly (readonly [path: string, label: string])[];
  gap?: 4 | 'xs';
}) {
  const { to } = usePrefix();
  return (
    <SectionCard title={title}>
      <Text size="sm" c="dimmed">
        {intro}
      </Text>
      <Stack gap={gap}>
        {links.map(([path, label]) => (
          <Anchor key={path} component={Link} to={to(path)} className="touch-link">
            {label}
          </Anchor>
        ))}
      </Stack>
    </SectionCard>
  );
}
