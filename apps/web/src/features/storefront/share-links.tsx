import type { Publication } from '@agendo/contract';
import { ActionIcon, Group, Paper, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconBrandFacebook, IconBrandWhatsapp, IconBrandX, IconLink } from '@tabler/icons-react';
import { useTexts } from '../../i18n/use-texts.ts';
import { usePrefix } from '../../lib/route-prefix.ts';
import { titleSlug } from '../../lib/title-slug.ts';
import { LazyTooltip } from '../../ui/lazy-tooltip.tsx';
import { storefrontTexts } from './storefront-texts.ts';

/** spec 000 §2.7: share links to social networks and a messaging app, and copy link. */
export function ShareLinks({ pub }: { pub: Publication }) {
  const t = useTexts(storefrontTexts);
  const { to } = usePrefix();
  const url = `${window.location.origin}${to(`service/${pub.ref}/${titleSlug(pub.title)}`)}`;
  const text = t('shareText', { title: pub.title });
  const links = [
    {
      label: t('shareWhatsapp'),
      href: `https://wa.me/?text=${encodeURIComponent(`${text} ${url}`)}`,
      icon: IconBrandWhatsapp,
      color: 'green',
    },
    {
      label: t('shareFacebook'),
      href: `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(url)}`,
      icon: IconBrandFacebook,
      color: 'blue',
    },
    {
      label: t('shareX'),
      href: `https://x.com/intent/post?text=${encodeURIComponent(text)}&url=${encodeURIComponent(url)}`,
      icon: IconBrandX,
      color: 'dark',
    },
  ];

  async function copy() {
    try {
      await navigator.clipboard.writeText(url);
      notifications.show({ color: 'teal', message: t('copied'), autoClose: 10_000 });
    } catch {
      notifications.show({ color: 'red', message: url, autoClose: 10_000 });
    }
  }

  return (
    <Paper withBorder radius="md" p="md">
      <Group justify="space-between" wrap="nowrap">
        <Text fw={600} size="sm">
          {t('share')}
        </Text>
        <Group gap="xs" wrap="nowrap">
          {links.map((link) => (
            <LazyTooltip key={link.label} label={link.label}>
              <ActionIcon
                component="a"
                href={link.href}
                target="_blank"
                rel="noopener noreferrer"
                size={44}
                variant="light"
                color={link.color}
                aria-label={link.label}
              >
                <link.icon size={22} aria-hidden />
              </ActionIcon>
            </LazyTooltip>
          ))}
          <LazyTooltip label={t('copyLink')}>
            <ActionIcon size={44} variant="light" color="gray" aria-label={t('copyLink')} onClick={copy}>
              <IconLink size={22} aria-hidden />
            </ActionIcon>
          </LazyTooltip>
        </Group>
      </Group>
    </Paper>
  );
}
