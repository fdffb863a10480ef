import { Badge, Button, Card, Group, Menu, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  IconExternalLink,
  IconPlayerPause,
  IconPlayerPlay,
  IconPlus,
  IconStethoscope,
} from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { useTexts } from '../../i18n/use-texts.ts';
import { useMoneyText } from '../../lib/money-text.ts';
import { usePrefix } from '../../lib/route-prefix.ts';
import { titleSlug } from '../../lib/title-slug.ts';
import { CardCover, CardListPage, CardMenu, PausedBadge, RetryAlert } from '../../ui/list-page.tsx';
import { loginRequired } from '../../ui/require-login.tsx';
import { catalogueTexts } from './catalogue-texts.ts';
import { DeleteServiceModal } from './delete-service-modal.tsx';
import { availabilityPath } from './schedule-section.tsx';
import { type PublicationSummary, useMyPublications, usePausePublication } from './use-publications.ts';

export const MyServicesPage = loginRequired(MyServices);

function MyServices() {
  const tx = useTexts(catalogueTexts);
  const { to } = usePrefix();
  const [deleting, setDeleting] = useState<PublicationSummary | null>(null);

  return (
    <CardListPage
      title={tx('myServicesTitle')}
      intro={tx('myServicesIntro')}
      create={
        <Button component={Link} to={to('new-service')} leftSection={<IconPlus size={18} aria-hidden />}>
          {tx('createService')}
        </Button>
      }
      list={useMyPublications()}
      grid={{ cols: { base: 1, sm: 2 }, cardHeight: 300 }}
      failure={(_error, retry) => <RetryAlert text={tx('loadError')} retry={retry} />}
      empty={{ icon: IconStethoscope, title: tx('emptyTitle'), text: tx('emptyText') }}
      card={(service) => (
        <ServiceCard key={service.ref} service={service} onDelete={() => setDeleting(service)} />
      )}
      after={<DeleteServiceModal service={deleting} onClose={() => setDeleting(null)} />}
    />
  );
}

function PriceLine({ service }: { service: PublicationSummary }) {
  const tx = useTexts(catalogueTexts);
  const formatMoney = useMoneyText();
  const inter = formatMoney(service.realPriceInter, 'USD');
  if (service.free === 1) return <Text fw={700}>{tx('free')}</Text>;
  if (service.noPrice === 1) return <Text fw={700}>{tx('noPrice')}</Text>;
  if (service.hidePrice === 1) return <Text fw={700}>{tx('hidePrice')}</Text>;
  const normal = formatMoney(service.realPriceLocal, service.profCurrency);
  if (service.promoActive && service.promoPriceLocal !== null) {
    return (
      <Group gap={8} align="baseline">
        <Text fw={700}>{formatMoney(service.promoPriceLocal, service.profCurrency)}</Text>
        <Text size="sm" c="dimmed" td="line-through">
          {normal}
        </Text>
      </Group>
    );
  }
  return (
    <Group gap={8} align="baseline">
      <Text fw={700}>{normal}</Text>
      <Text size="xs" c="dimmed">
        · {inter}
      </Text>
    </Group>
  );
}

function ServiceCard({ service, onDelete }: { service: PublicationSummary; onDelete: () => void }) {
  const tx = useTexts(catalogueTexts);
  const { to } = usePrefix();
  const pause = usePausePublication();
  const paused = service.paused === 1;

  const togglePause = () =>
    pause.mutate(
      { ref: service.ref, paused: !paused },
      {
        onSuccess: () =>
          notifications.show({ color: 'teal', message: paused ? tx('resumedToast') : tx('pausedToast') }),
      },
    );

  return (
    <Card withBorder radius="lg" padding="md" style={{ opacity: paused ? 0.85 : 1 }}>
      <CardCover src={service.image} height={150} missingLabel={tx('noImage')}>
        <CardMenu
          label={tx('moreActions', { title: service.title })}
          remove={{ label: tx('delete'), onClick: onDelete }}
        >
          <Menu.Item
            component={Link}
            to={to(`service/${service.ref}/${titleSlug(service.title)}`)}
            leftSection={<IconExternalLink size={16} aria-hidden />}
          >
            {tx('view')}
          </Menu.Item>
          <Menu.Item
            onClick={togglePause}
            disabled={pause.isPending}
            leftSection={
              paused ? <IconPlayerPlay size={16} aria-hidden /> : <IconPlayerPause size={16} aria-hidden />
            }
          >
            {paused ? tx('resume') : tx('pause')}
          </Menu.Item>
        </CardMenu>
      </CardCover>
      <Stack gap="xs" mt="md" style={{ flex: 1 }}>
        <Group gap={6}>
          <PausedBadge paused={paused} label={paused ? tx('paused') : tx('active')} />
          <Badge variant="outline" color="gray.7">
            {service.modality}
          </Badge>
          {service.promoActive && (
            <Badge variant="outline" color="red.9">
              {tx('promo')}
            </Badge>
          )}
        </Group>
        <Title order={2} fz="md" lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
          {service.title}
        </Title>
        <Text size="sm" c="dimmed">
          {[
            service.therapy,
            tx('minutes', { n: service.duration }),
            service.qtySessions > 1 ? tx('sessions', { n: service.qtySessions }) : null,
            service.groupCapacity > 1 ? tx('group', { n: service.groupCapacity }) : null,
          ]
            .filter(Boolean)
            .join(' · ')}
        </Text>
        <PriceLine service={service} />
      </Stack>
      <SimpleGrid cols={2} spacing="xs" mt="md">
        <Button
          component={Link}
          to={to(`general-service/${service.ref}`)}
          variant="light"
          c="brand.9"
          size="sm"
          h={44}
          px="xs"
          fullWidth
        >
          {tx('edit')}
        </Button>
        <Button
          component={Link}
          to={to(availabilityPath(service.ref, service.typeTurn))}
          variant="default"
          size="sm"
          h={44}
          px="xs"
          fullWidth
        >
          {tx('availability')}
        </Button>
      </SimpleGrid>
    </Card>
  );
}
