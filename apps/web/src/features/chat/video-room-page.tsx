import type { VideoRoom } from '@agendo/contract';
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Container,
  Drawer,
  Group,
  Select,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import {
  IconMessageCircle,
  IconMicrophone,
  IconMicrophoneOff,
  IconPhoneOff,
  IconScreenShare,
  IconScreenShareOff,
  IconUsersGroup,
  IconVideo,
  IconVideoOff,
} from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { Link, Navigate, useLocation, useParams } from 'react-router';
import { useTexts } from '../../i18n/use-texts.ts';
import { ApiError, call } from '../../lib/api.ts';
import { usePrefix } from '../../lib/route-prefix.ts';
import { useIsLoggedIn } from '../../lib/session.ts';
import { EmbeddedChat } from './chat-page.tsx';
import { RoomMesh } from './video-room-mesh.ts';
import { videoRoomTexts } from './video-room-texts.ts';
import { VideoTile } from './video-tile.tsx';

/**
 * Phones' browsers have no screen capture (getDisplayMedia): the control is not offered there
 * rather than failing when tapped (issue 34).
 */
const canShareScreen = () => typeof navigator.mediaDevices?.getDisplayMedia === 'function';

/** While waiting, the room's state is asked again this often (and at the opening instant). */
const waitingPollMs = 15_000;

/**
 * room/{ref}/{group?}/{external?}, meeting/{room?} and meet-room/{room?} (spec 000 §2.2; issue
 * 17, ADR 016): the own video room of an appointment. The server says whether the viewer is a
 * party and whether the room is open (now and canCalificate); before the start the page waits
 * and joins by itself.
 */
export function VideoRoomPage() {
  const loggedIn = useIsLoggedIn();
  const tx = useTexts(videoRoomTexts);
  const { pathname } = useLocation();
  const params = useParams();
  const ref = params.ref ?? params.room ?? '';
  useDocumentTitle(`${tx('title')} · Agendo`);
  if (!loggedIn) return <Navigate to={`/ar/es/login?next=${encodeURIComponent(pathname)}`} replace />;
  return <RoomScreen roomRef={ref} />;
}

function RoomScreen({ roomRef }: { roomRef: string }) {
  const tx = useTexts(videoRoomTexts);
  const room = useQuery({
    queryKey: ['find-group-room-data', roomRef],
    queryFn: () => call('find-group-room-data', { ref: roomRef }),
    enabled: roomRef !== '',
    retry: false,
    refetchInterval: (query) => (query.state.data?.room.state === 'waiting' ? waitingPollMs : false),
  });
  const data = room.data?.room;
  // At the opening instant, ask again rather than wait for the next poll.
  useEffect(() => {
    if (data?.state !== 'waiting') return;
    const wait = Date.parse(data.opensAt) - Date.now();
    if (wait <= 0 || wait > waitingPollMs) return;
    const timer = setTimeout(() => void room.refetch(), wait + 500);
    return () => clearTimeout(timer);
  }, [data, room]);

  if (roomRef === '' || (room.error instanceof ApiError && room.error.code === 'E404'))
    return <RoomNotFound />;
  if (room.isError)
    return (
      <Container size="sm" py="xl">
        <Alert color="red" title={tx('loadError')}>
          <Button mt="sm" variant="light" onClick={() => void room.refetch()}>
            {tx('retry')}
          </Button>
        </Alert>
      </Container>
    );
  if (!data)
    return (
      <Container size="sm" py="xl" aria-busy="true">
        <Skeleton height={240} radius="md" />
      </Container>
    );
  if (data.state === 'waiting') return <WaitingScreen room={data} />;
  if (data.state === 'ended')
    return (
      <Container size="sm" py="xl">
        <Alert title={data.title}>{tx('ended')}</Alert>
      </Container>
    );
  return <Room room={data} />;
}

function WaitingScreen({ room }: { room: VideoRoom }) {
  const tx = useTexts(videoRoomTexts);
  const opens = new Date(room.opensAt);
  return (
    <Container size="sm" py="xl">
      <Stack gap="sm">
        <Title order={1} fz="h2">
          {room.title}
        </Title>
        <Text c="dimmed">{room.sellerName}</Text>
        <Alert title={tx('waitingTitle')}>
          <Text>
            {tx('waitingOpensAt', {
              date: opens.toLocaleDateString('es', { day: 'numeric', month: 'long' }),
              time: opens.toLocaleTimeString('es', { hour: '2-digit', minute: '2-digit' }),
            })}
          </Text>
          <Text mt="xs">{tx('waitingAuto')}</Text>
        </Alert>
      </Stack>
    </Container>
  );
}

/** Camera and microphone, the chosen devices, or nothing when the browser refuses them. */
async function openMedia(camera: string | null, microphone: string | null): Promise<MediaStream | null> {
  if (!navigator.mediaDevices?.getUserMedia) return null;
  try {
    return await navigator.mediaDevices.getUserMedia({
      video: camera ? { deviceId: { exact: camera } } : true,
      audio: microphone ? { deviceId: { exact: microphone } } : true,
    });
  } catch {
    return null;
  }
}

function Room({ room }: { room: VideoRoom }) {
  const tx = useTexts(videoRoomTexts);
  const { to } = usePrefix();
  const [local, setLocal] = useState<MediaStream | null | undefined>(undefined);
  const [mesh, setMesh] = useState<RoomMesh | null>(null);
  const [left, setLeft] = useState(false);
  const [muted, setMuted] = useState(false);
  const [cameraOff, setCameraOff] = useState(false);
  const [sharing, setSharing] = useState<MediaStream | null>(null);
  const [chatOpen, setChatOpen] = useState(false);
  const [devices, setDevices] = useState<MediaDeviceInfo[]>([]);
  const [camera, setCamera] = useState<string | null>(null);
  const [microphone, setMicrophone] = useState<string | null>(null);

  useEffect(() => {
    let cancelled = false;
    void openMedia(null, null).then(async (stream) => {
      if (cancelled) {
        for (const t of stream?.getTracks() ?? []) t.stop();
        return;
      }
      setLocal(stream);
      const all = (await navigator.mediaDevices?.enumerateDevices?.()) ?? [];
      if (!cancelled) setDevices(all.filter((d) => d.kind === 'videoinput' || d.kind === 'audioinput'));
    });
    return () => {
      cancelled = true;
    };
  }, []);

  // Joins once the local media is settled (or refused); leaves on unmount. A device change goes
  // through the mesh (replaceLocal) and must not rejoin: only a new room or a leave restarts it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: keyed on the media being settled, not on the stream
  useEffect(() => {
    if (local === undefined || left) return;
    const next = new RoomMesh(room.ref, local ?? new MediaStream(), room.iceServers);
    next.start();
    setMesh(next);
    return () => next.stop();
  }, [room.ref, local === undefined, left]);

  useEffect(
    () => () => {
      for (const t of local?.getTracks() ?? []) t.stop();
    },
    [local],
  );

  const snapshot = useSyncExternalStore(
    (listener) => (mesh ? mesh.watch(listener) : () => undefined),
    () => mesh?.current() ?? null,
  );

  async function chooseDevice(kind: 'camera' | 'microphone', id: string | null) {
    const nextCamera = kind === 'camera' ? id : camera;
    const nextMic = kind === 'microphone' ? id : microphone;
    setCamera(nextCamera);
    setMicrophone(nextMic);
    const stream = await openMedia(nextCamera, nextMic);
    if (!stream) return;
    stream.getAudioTracks().forEach((t) => {
      t.enabled = !muted;
    });
    stream.getVideoTracks().forEach((t) => {
      t.enabled = !cameraOff;
    });
    for (const t of local?.getTracks() ?? []) t.stop();
    mesh?.replaceLocal(stream);
    setLocal(stream);
  }

  function toggleMute() {
    local?.getAudioTracks().forEach((t) => {
      t.enabled = muted;
    });
    setMuted(!muted);
    mesh?.setMedia({ audio: muted, video: !cameraOff });
  }
  function toggleCamera() {
    local?.getVideoTracks().forEach((t) => {
      t.enabled = cameraOff;
    });
    setCameraOff(!cameraOff);
    mesh?.setMedia({ audio: !muted, video: cameraOff });
  }
  async function toggleShare() {
    if (sharing) {
      for (const t of sharing.getTracks()) t.stop();
      setSharing(null);
      mesh?.replaceVideo(local?.getVideoTracks()[0] ?? null);
      return;
    }
    try {
      const screen = await navigator.mediaDevices.getDisplayMedia({ video: true });
      const track = screen.getVideoTracks()[0];
      if (!track) return;
      // The browser's own "stop sharing" bar ends it too.
      track.onended = () => {
        setSharing(null);
        mesh?.replaceVideo(local?.getVideoTracks()[0] ?? null);
      };
      mesh?.replaceVideo(track);
      setSharing(screen);
    } catch {
      // The person cancelled the picker.
    }
  }

  if (left)
    return (
      <Container size="sm" py="xl">
        <Stack align="flex-start">
          <Text>{tx('left')}</Text>
          <Group>
            <Button onClick={() => setLeft(false)}>{tx('rejoin')}</Button>
            <Button
              variant="default"
              component={Link}
              to={to(
                // A live lesson's room (course-room, key l.<lesson>) leads back to its lesson.
                room.room.startsWith('l.')
                  ? `lesson/${room.ref}`
                  : room.role === 'professional'
                    ? 'bookings'
                    : 'my-bookings',
              )}
            >
              {tx('leave')}
            </Button>
          </Group>
        </Stack>
      </Container>
    );

  const phase = snapshot?.phase ?? 'joining';
  // The signalling server refused the room (unknown, or not the viewer's): as a missing room.
  if (phase === 'refused') return <RoomNotFound />;
  if (phase === 'full')
    return (
      <Container size="sm" py="xl">
        <Alert color="orange" title={tx('full')} />
      </Container>
    );
  const peers = snapshot?.peers ?? [];
  const cameras = devices.filter((d) => d.kind === 'videoinput');
  const mics = devices.filter((d) => d.kind === 'audioinput');

  return (
    <Container size="xl" py="md">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={1} fz="h3">
            {room.title}
          </Title>
          {phase === 'joining' && <Badge variant="light">{tx('joining')}</Badge>}
          {phase === 'reconnecting' && (
            <Badge color="orange" variant="light" role="status">
              {tx('reconnecting')}
            </Badge>
          )}
        </Group>
        {local === null && <Alert color="orange">{tx('noMedia')}</Alert>}
        <div
          style={{
            display: 'grid',
            gap: 8,
            gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 320px), 1fr))',
          }}
        >
          <VideoTile
            stream={sharing ?? local ?? null}
            name={tx('you')}
            self
            muted
            mirrored={!sharing}
            audioOff={muted || !local?.getAudioTracks().length}
            videoOff={!sharing && (cameraOff || !local?.getVideoTracks().length)}
          />
          {peers.map((p) => (
            <VideoTile
              key={p.peer}
              stream={p.stream}
              name={p.name}
              status={p.state === 'connected' ? null : tx('connecting')}
              audioOff={!p.media.audio}
              videoOff={!p.media.video}
            />
          ))}
        </div>
        {phase === 'joined' && peers.length === 0 && <Text c="dimmed">{tx('alone')}</Text>}
        {room.members.length > 0 && (
          <Text size="sm" c="dimmed">
            {tx('members')}: {room.members.map((m) => m.name).join(', ')}
          </Text>
        )}
        {room.group && room.chatRef && (
          // issue 17: the group's one conversation, beside the call (leaving the page would drop it).
          <Button
            variant="light"
            leftSection={<IconUsersGroup size={18} aria-hidden />}
            onClick={() => setChatOpen(true)}
            w="fit-content"
          >
            {tx('groupChat')}
          </Button>
        )}
        <Group gap="xs" wrap="wrap">
          <ToggleButton control="mute" on={muted} onClick={toggleMute} />
          <ToggleButton control="camera" on={cameraOff} onClick={toggleCamera} />
          {canShareScreen() && (
            <ToggleButton control="share" on={Boolean(sharing)} onClick={() => void toggleShare()} />
          )}
          {room.chatRef && (
            <ActionIcon size={48} variant="light" onClick={() => setChatOpen(true)} aria-label={tx('chat')}>
              <IconMessageCircle aria-hidden />
            </ActionIcon>
          )}
          <Button
            color="red"
            leftSection={<IconPhoneOff size={18} aria-hidden />}
            onClick={() => setLeft(true)}
          >
            {tx('leave')}
          </Button>
          <DeviceSelect
            label={tx('camera')}
            devices={cameras}
            value={camera ?? inUse(local?.getVideoTracks()[0])}
            onChange={(id) => void chooseDevice('camera', id)}
          />
          <DeviceSelect
            label={tx('microphone')}
            devices={mics}
            value={microphone ?? inUse(local?.getAudioTracks()[0])}
            onChange={(id) => void chooseDevice('microphone', id)}
          />
        </Group>
      </Stack>
      {room.chatRef && (
        <Drawer
          opened={chatOpen}
          onClose={() => setChatOpen(false)}
          position="right"
          title={room.group ? tx('groupChat') : tx('chat')}
          closeButtonProps={{ 'aria-label': tx('closeChat') }}
        >
          <EmbeddedChat bookingRef={room.chatRef} group={room.group} backTo="#" />
        </Drawer>
      )}
    </Container>
  );
}

function RoomNotFound() {
  const tx = useTexts(videoRoomTexts);
  return (
    <Container size="sm" py="xl">
      <Alert color="red" title={tx('notFound')}>
        {tx('notFoundHint')}
      </Alert>
    </Container>
  );
}

/**
 * The call's on/off controls, off then on: the text says what a click does; a danger control is
 * red while on (muted, camera off), the others keep Mantine's default colour.
 */
const toggles = {
  mute: { texts: ['mute', 'unmute'], icons: [IconMicrophone, IconMicrophoneOff], danger: true },
  camera: { texts: ['cameraOff', 'cameraOn'], icons: [IconVideo, IconVideoOff], danger: true },
  share: { texts: ['shareScreen', 'stopShare'], icons: [IconScreenShare, IconScreenShareOff], danger: false },
} as const;

/** A call control that stays pressed while on. */
function ToggleButton({
  control,
  on,
  onClick,
}: {
  control: keyof typeof toggles;
  on: boolean;
  onClick: () => void;
}) {
  const tx = useTexts(videoRoomTexts);
  const { texts, icons, danger } = toggles[control];
  const Icon = icons[on ? 1 : 0];
  return (
    <ActionIcon
      size={48}
      variant={on ? 'filled' : 'light'}
      color={danger ? (on ? 'red' : 'brand') : undefined}
      onClick={onClick}
      aria-label={tx(texts[on ? 1 : 0])}
      aria-pressed={on}
    >
      <Icon aria-hidden />
    </ActionIcon>
  );
}

/**
 * The device a track comes from: until the person picks one, the picker shows the device the
 * browser chose instead of an empty box (issue 34).
 */
const inUse = (track: MediaStreamTrack | undefined) => track?.getSettings?.().deviceId ?? null;

/** The choice of camera or microphone, shown only when there is more than one. */
function DeviceSelect({
  label,
  devices,
  value,
  onChange,
}: {
  label: string;
  devices: MediaDeviceInfo[];
  value: string | null;
  onChange: (id: string | null) => void;
}) {
  if (devices.length <= 1) return null;
  return (
    <Select
      label={label}
      data={devices.map((d, i) => ({ value: d.deviceId, label: d.label || `${label} ${i + 1}` }))}
      value={value}
      onChange={onChange}
      allowDeselect={false}
      w={220}
    />
  );
}
