import { Anchor, Box, Container, Group } from '@mantine/core';
import { Link } from 'react-router';
import { useT } from '../i18n/use-t.ts';
import { usePrefix } from '../lib/route-prefix.ts';

/** The legal links every full-frame page ends with, so terms and privacy are always one tap away. */
export function SiteFooter() {
  const t = useT();
  const { to } = usePrefix();
  const links = [
    { path: 'terms', label: t('footer.terms') },
    { path: 'privacy', label: t('footer.privacy') },
    { path: 'comunity', label: t('footer.comunity') },
  ];
  return (
    <Box
      component="footer"
      py="lg"
      bg="gray.0"
      style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}
    >
      <Container size="lg">
        <Group component="nav" aria-label={t('footer.legal')} gap="lg" justify="center">
          {links.map((link) => (
            <Anchor key={link.path} component={Link} to={to(link.path)} size="sm" c="gray.7">
              {link.label}
            </Anchor>
          ))}
        </Group>
      </Container>
    </Box>
  );
}
