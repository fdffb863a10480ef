import { Badge, Button, Group, Modal, Paper, Stack, Text } from '@mantine/core';
import { IconPlayerPlay } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { call } from '../../lib/api.ts';
import { usePrefix } from '../../lib/route-prefix.ts';
import { userDataKey, useUserData } from '../../lib/user-data.ts';
import { type Guide, guides } from './guides-data.ts';
import { runTour } from './run-tour.ts';

// spec 000 §9: the guide starts 1 s plus 1 s after the agenda opens; the page scrolls to the top
// 100 ms into the wait.
const FIRST_WAIT_MS = 1000;
const SECOND_WAIT_MS = 1000;
const SCROLL_AFTER_MS = 100;
// The header switches to the burger below Mantine's sm (48em); so do the phone versions.
const PHONE_QUERY = '(max-width: 48em)';

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The guides modal (spec 000 §2.4): six guides; starting one goes to the agenda, closes the
 * modal and starts after the spec's delay. Finishing the first-time tour clears newUser on the
 * server and opens the modal again.
 */
export function GuidesModal({
  opened,
  onClose,
  onReopen,
}: {
  opened: boolean;
  onClose: () => void;
  onReopen: () => void;
}) {
  const navigate = useNavigate();
  const { to } = usePrefix();
  const queryClient = useQueryClient();
  const userData = useUserData();
  const newUser = userData.data?.newUser === true;

  async function start(guide: Guide) {
    onClose();
    try {
      await navigate(to('my-tools'));
    } catch (error) {
      // spec 000 §2.4: a navigation failure when starting a guide is only logged.
      console.warn('La guía no pudo abrir la agenda', error);
    }
    await wait(SCROLL_AFTER_MS);
    window.scrollTo({ top: 0, behavior: 'smooth' });
    await wait(FIRST_WAIT_MS - SCROLL_AFTER_MS);
    await wait(SECOND_WAIT_MS);
    const phone = window.matchMedia?.(PHONE_QUERY).matches ?? false;
    const finished = await runTour(phone ? guide.mobile : guide.desktop);
    if (finished && guide.id === 'main' && newUser) {
      await call('clear-new-user', {});
      await queryClient.invalidateQueries({ queryKey: userDataKey });
      onReopen();
    }
  }

  return (
    <Modal opened={opened} onClose={onClose} title="Guías" size="lg" centered>
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {newUser
            ? 'Te damos la bienvenida. Empieza por el recorrido de la pantalla principal: dura un minuto.'
            : 'Elige una guía: te mostramos paso a paso cómo hacerlo en tu agenda.'}
        </Text>
        {guides.map((guide) => (
          <Paper key={guide.id} withBorder p="sm" radius="md">
            <Group justify="space-between" wrap="nowrap" align="center" gap="sm">
              {/* Issue 34: on a 375 px phone the long text squeezed the button to 'Ve'; the text
                  wraps and the button keeps its width. */}
              <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
                <Group gap={6}>
                  <Text fw={600}>{guide.title}</Text>
                  {newUser && guide.id === 'main' && (
                    <Badge size="sm" variant="light">
                      Empieza aquí
                    </Badge>
                  )}
                </Group>
                <Text size="sm" c="dimmed">
                  {guide.summary}
                </Text>
              </Stack>
              <Button
                variant="light"
                leftSection={<IconPlayerPlay size={16} aria-hidden />}
                onClick={() => void start(guide)}
                aria-label={`Ver guía: ${guide.title}`}
                miw={44}
                mih={44}
                style={{ flexShrink: 0 }}
              >
                Ver
              </Button>
            </Group>
          </Paper>
        ))}
      </Stack>
    </Modal>
  );
}
