import {
  Alert,
  AspectRatio,
  Box,
  Button,
  Container,
  Group,
  Loader,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconAlertCircle, IconCameraOff, IconRefresh } from '@tabler/icons-react';
// Decodes on the page itself with a bundled decoder: no worker, no WebAssembly and no CDN, which
// the app's CSP (script-src and worker-src 'self') would refuse.
import { BrowserQRCodeReader, type IScannerControls } from '@zxing/browser';
import { type FormEvent, useEffect, useEffectEvent, useRef, useState } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { useTexts } from '../../i18n/use-texts.ts';
import { usePrefix } from '../../lib/route-prefix.ts';
import { useIsLoggedIn } from '../../lib/session.ts';
import { type AttendanceLink, parseAttendanceLink } from './attendance-link.ts';
import { attendanceTexts } from './attendance-texts.ts';

type Camera = 'starting' | 'scanning' | 'unavailable';

/** qr-reader (spec 000 §2.2): the professional scans a student's entry QR at an in-person event. */
export function QrReaderPage() {
  const loggedIn = useIsLoggedIn();
  const { to } = usePrefix();
  const { pathname } = useLocation();
  if (!loggedIn) return <Navigate to={`${to('login')}?next=${encodeURIComponent(pathname)}`} replace />;
  return <QrReader />;
}

function QrReader() {
  const tx = useTexts(attendanceTexts);
  const { to } = usePrefix();
  const navigate = useNavigate();
  useDocumentTitle(`${tx('scanTitle')} · Agendo`);
  const videoRef = useRef<HTMLVideoElement>(null);
  const [camera, setCamera] = useState<Camera>('starting');
  const [attempt, setAttempt] = useState(0);
  const [scanned, setScanned] = useState<string | null>(null);
  const [pasted, setPasted] = useState('');
  const [pasteError, setPasteError] = useState<string | null>(null);

  const open = (link: AttendanceLink) => navigate(to(`qr-reader-live-date/${link.lessonId}/${link.userId}`));
  // The scan loop outlives renders: it opens the entry with the latest navigate and prefix.
  const onScanned = useEffectEvent((link: AttendanceLink) => open(link));

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` restarts the camera on demand.
  useEffect(() => {
    const video = videoRef.current;
    if (!video || !navigator.mediaDevices?.getUserMedia) {
      setCamera('unavailable');
      return;
    }
    setCamera('starting');
    let controls: IScannerControls | undefined;
    let done = false;
    const reader = new BrowserQRCodeReader(undefined, { delayBetweenScanAttempts: 250 });
    reader
      .decodeFromConstraints({ video: { facingMode: 'environment' } }, video, (result, _error, scan) => {
        if (done || !result) return;
        const text = result.getText();
        const link = parseAttendanceLink(text);
        if (link) {
          done = true;
          scan.stop();
          onScanned(link);
        } else {
          setScanned(text);
        }
      })
      .then(
        (started) => {
          controls = started;
          // Left the page (or StrictMode's trial unmount) while the camera was opening.
          if (done) started.stop();
          else setCamera('scanning');
        },
        () => {
          if (!done) setCamera('unavailable');
        },
      );
    return () => {
      done = true;
      controls?.stop();
    };
  }, [attempt]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const link = parseAttendanceLink(pasted);
    if (link) open(link);
    else setPasteError(tx('notEntry'));
  };

  return (
    <Container size={520} px="md" py={{ base: 'md', sm: 'xl' }}>
      <Stack gap="md">
        <Title order={1} fz={{ base: 24, sm: 30 }}>
          {tx('scanTitle')}
        </Title>
        {camera === 'unavailable' ? (
          <Alert color="orange" icon={<IconCameraOff aria-hidden />} title={tx('cameraDenied')} role="alert">
            <Text size="sm">{tx('cameraHelp')}</Text>
            <Button
              mt="sm"
              variant="light"
              leftSection={<IconRefresh aria-hidden />}
              onClick={() => setAttempt((n) => n + 1)}
            >
              {tx('retryCamera')}
            </Button>
          </Alert>
        ) : (
          <Text c="dimmed">{tx('scanIntro')}</Text>
        )}
        <AspectRatio
          ratio={1}
          maw={420}
          w="100%"
          mx="auto"
          display={camera === 'unavailable' ? 'none' : undefined}
        >
          <Box
            pos="relative"
            bg="dark.9"
            style={{ borderRadius: 'var(--mantine-radius-lg)', overflow: 'hidden' }}
          >
            <video
              ref={videoRef}
              muted
              playsInline
              aria-label={tx('cameraLabel')}
              style={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }}
            />
            {camera === 'starting' && (
              <Group pos="absolute" inset={0} justify="center" c="white" role="status">
                <Loader color="white" size="sm" />
                <Text>{tx('starting')}</Text>
              </Group>
            )}
          </Box>
        </AspectRatio>
        {scanned !== null && (
          <Alert color="red" icon={<IconAlertCircle aria-hidden />} role="alert">
            {tx('notEntry')}
          </Alert>
        )}
        <Box component="form" onSubmit={submit} noValidate>
          <Title order={2} fz="lg" mb="xs">
            {tx('manualTitle')}
          </Title>
          <Stack gap="sm" align="flex-start">
            <TextInput
              w="100%"
              size="md"
              label={tx('pasteLabel')}
              placeholder={tx('pastePlaceholder')}
              value={pasted}
              inputMode="url"
              autoComplete="off"
              error={pasteError}
              onChange={(event) => {
                setPasted(event.currentTarget.value);
                setPasteError(null);
              }}
            />
            <Button type="submit" size="md">
              {tx('register')}
            </Button>
          </Stack>
        </Box>
      </Stack>
    </Container>
  );
}
