import { Box, Burger, Collapse, Group, NavLink, Paper, Stack, Text, UnstyledButton } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { useState } from 'react';
import { useTexts } from '../../../i18n/use-texts.ts';
import { AreaTab } from './area-tab.tsx';
import { type AreaKey, clinicalAreas } from './clinical-areas.tsx';
import { clinicalTexts } from './clinical-texts.ts';

/**
 * spec 001 §2.5 'Historia Clínica': a side menu with the nine tabs (Motivo de consulta by
 * default); on phones the menu collapses behind 'Menú de opciones' and closes after a pick.
 */
export function ClinicalHistory({ contactRef }: { contactRef: string }) {
  const tx = useTexts(clinicalTexts);
  const [active, setActive] = useState<AreaKey>('complaint');
  const [menuOpen, menu] = useDisclosure(false);
  const phone = useMediaQuery('(max-width: 768px)');
  const area =
    clinicalAreas.find((a) => a.key === active) ?? (clinicalAreas[0] as (typeof clinicalAreas)[number]);

  const links = (
    <Stack gap={2} component="nav" aria-label={tx('menu')}>
      {clinicalAreas.map((a) => (
        // A real button: Mantine's NavLink is an anchor without href by default, which the Tab key skips.
        <NavLink
          key={a.key}
          component="button"
          type="button"
          label={a.heading}
          active={a.key === active}
          aria-current={a.key === active ? 'page' : undefined}
          onClick={() => {
            setActive(a.key);
            menu.close();
          }}
          style={{ borderRadius: 8, minHeight: 44 }}
        />
      ))}
    </Stack>
  );

  return (
    <Box>
      {phone ? (
        <Paper withBorder p="xs" mb="md">
          <UnstyledButton onClick={menu.toggle} aria-expanded={menuOpen} w="100%" mih={44}>
            <Group gap="xs" wrap="nowrap">
              <Burger opened={menuOpen} size="sm" component="span" aria-hidden />
              <Text fw={600}>{tx('menu')}</Text>
              <Text c="dimmed" size="sm" ml="auto" truncate>
                {area.heading}
              </Text>
            </Group>
          </UnstyledButton>
          <Collapse in={menuOpen}>{links}</Collapse>
        </Paper>
      ) : null}
      <Group align="flex-start" wrap="nowrap" gap="lg">
        {!phone && (
          <Paper withBorder p="xs" w={240} style={{ flexShrink: 0 }}>
            {links}
          </Paper>
        )}
        <Box style={{ flex: 1, minWidth: 0 }}>
          <AreaTab key={area.key} tab={area} consId={contactRef} />
        </Box>
      </Group>
    </Box>
  );
}
