import { type OutputOf, socialNetworkLabels, socialNetworks } from '@agendo/contract';
import { Anchor, Button, Container, Group, Image, Paper, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTexts } from '../../i18n/use-texts.ts';
import { usePrefix } from '../../lib/route-prefix.ts';
import { ProfileGate } from './profile-frame.tsx';
import { mediaTexts } from './profile-media-texts.ts';
import { profileTexts } from './profile-texts.ts';
import { useUserInfo } from './use-profile.ts';

/**
 * my-profile (spec 000 §2.2): a summary of the profile with the way to each editor. A client
 * has no public page, so only the address and the account's own editors are shown.
 */
export function MyProfilePage() {
  return <ProfileGate>{(profile) => <MyProfile profile={profile} />}</ProfileGate>;
}

/** The bio as plain text for the summary (the stored HTML was sanitised on the server). */
function bioExcerpt(html: string): string {
  const text = new DOMParser().parseFromString(html, 'text/html').body.textContent ?? '';
  return text.length > 240 ? `${text.slice(0, 240)}…` : text;
}

function addressLine(address: NonNullable<OutputOf<'find-user-profile'>['address']>): string {
  const unit = [address.userFloor, address.userDepto].filter(Boolean).join(' ');
  return [
    unit ? `${address.userStreet}, ${unit}` : address.userStreet,
    address.cityName,
    address.stateName,
    address.userPObox,
    address.countryName,
  ]
    .filter(Boolean)
    .join(', ');
}

function MyProfile({ profile }: { profile: OutputOf<'find-user-profile'> }) {
  const tx = useTexts(profileTexts);
  const mx = useTexts(mediaTexts);
  const { to } = usePrefix();
  const info = useUserInfo();
  useDocumentTitle(`${tx('myProfile')} · Agendo`);
  const professional = info.data?.userType !== 2;
  const links = socialNetworks.filter((n) => profile.socialNetworks[n]);

  return (
    <Container size="sm" py={{ base: 'lg', sm: 'xl' }}>
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1} fz={{ base: 24, sm: 30 }}>
            {tx('myProfile')}
          </Title>
          <Text c="dimmed" size="sm">
            {professional ? tx('myProfileIntro') : tx('clientIntro')}
          </Text>
        </Stack>
        {professional && (
          <Group gap="sm">
            <Button component={Link} to={to('user-web')} variant="light">
              {mx('userWeb')}
            </Button>
            <Button component={Link} to={to('my-business')} variant="default">
              {mx('myBusiness')}
            </Button>
          </Group>
        )}
        {professional && (
          <>
            <Section title={tx('businessTitle')} path="change-business-name" filled={!!profile.businessName}>
              {profile.businessName}
            </Section>
            <Section title={tx('nicknameTitle')} path="change-nickname" filled={!!profile.nickname}>
              {profile.nickname}
            </Section>
            <Section title={tx('bioTitle')} path="change-user-bio" filled={!!profile.userBio}>
              {profile.userBio ? bioExcerpt(profile.userBio) : null}
            </Section>
            <Section title={mx('logoSquareTitle')} path="change-logo-square" filled={!!profile.logoSquare}>
              {profile.logoSquare && <Image src={profile.logoSquare} alt="" w={64} h={64} radius="md" />}
            </Section>
            <Section
              title={mx('logoRectangleTitle')}
              path="change-logo-rectangle"
              filled={!!profile.logoRectangle}
            >
              {profile.logoRectangle && (
                <Image src={profile.logoRectangle} alt="" h={64} w="auto" maw={240} radius="md" />
              )}
            </Section>
            <Section
              title={mx('certificateTitle')}
              path="change-user-certificate"
              filled={!!profile.certificate}
            >
              {profile.certificate?.title}
            </Section>
            <Section title={mx('signTitle')} path="change-sign" filled={!!profile.sign}>
              {profile.sign ? mx('signIntro') : null}
            </Section>
            <Section title={tx('socialTitle')} path="change-social-networks" filled={links.length > 0}>
              {links.length > 0 && (
                <Stack gap={2}>
                  {links.map((n) => (
                    <Text key={n} size="sm" style={{ overflowWrap: 'anywhere' }}>
                      {n === 'website' ? tx('websiteLabel') : socialNetworkLabels[n]}:{' '}
                      {profile.socialNetworks[n]}
                    </Text>
                  ))}
                </Stack>
              )}
            </Section>
          </>
        )}
        <Section title={tx('addressTitle')} path="change-user-address" filled={!!profile.address}>
          {profile.address ? addressLine(profile.address) : null}
        </Section>
        <Section title={tx('personalTitle')} path="change-user-info" filled>
          {info.data ? `${info.data.userFirstName} ${info.data.userLastName}` : null}
        </Section>
        <Section title={tx('phoneTitle')} path="change-user-phone" filled={!!info.data?.userPhone}>
          {info.data?.userPhone}
        </Section>
        <Section title={tx('emailTitle')} path="change-user-email" filled>
          {info.data?.userMail}
        </Section>
      </Stack>
    </Container>
  );
}

function Section({
  title,
  path,
  filled,
  linkText,
  children,
}: {
  title: string;
  path: string;
  filled: boolean;
  linkText?: string;
  children: ReactNode;
}) {
  const tx = useTexts(profileTexts);
  const { to } = usePrefix();
  return (
    <Paper withBorder radius="lg" p="md" component="section" aria-label={title}>
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
        <Stack gap={4} style={{ minWidth: 0 }}>
          <Title order={2} fz="md">
            {title}
          </Title>
          {filled && children ? (
            <Text size="sm" component="div" style={{ overflowWrap: 'anywhere' }}>
              {children}
            </Text>
          ) : (
            <Text size="sm" c="dimmed">
              {tx('empty')}
            </Text>
          )}
        </Stack>
        <Anchor
          component={Link}
          to={to(path)}
          className="touch-link"
          size="sm"
          aria-label={`${linkText ?? (filled ? tx('edit') : tx('add'))}: ${title}`}
        >
          {linkText ?? (filled ? tx('edit') : tx('add'))}
        </Anchor>
      </Group>
    </Paper>
  );
}
