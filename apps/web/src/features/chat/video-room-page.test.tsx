import type { VideoRoom } from '@agendo/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, call } from '../../lib/api.ts';
import { answerActions } from '../../lib/test-actions.ts';
import { userDataFixture } from '../../lib/user-data-fixture.ts';
import { FakeSocket } from '../../test/fake-socket.ts';
import { renderRoutes } from '../../test/render.tsx';
import { VideoRoomPage } from './video-room-page.tsx';

vi.mock('../../lib/api.ts');
const callMock = vi.mocked(call);

/** A track the page can enable and disable (jsdom has no media). */
const track = (kind: 'audio' | 'video') => ({ kind, enabled: true, stop: vi.fn() });
class FakeStream {
  tracks = [track('audio'), track('video')];
  getTracks = () => this.tracks;
  getAudioTracks = () => this.tracks.filter((t) => t.kind === 'audio');
  getVideoTracks = () => this.tracks.filter((t) => t.kind === 'video');
}
/** Enough of RTCPeerConnection for the page's side of a join (no media flows in jsdom). */
class FakePeerConnection {
  static made: FakePeerConnection[] = [];
  connectionState = 'new';
  remoteDescription: unknown = null;
  onicecandidate = null;
  ontrack = null;
  onconnectionstatechange = null;
  constructor(readonly config: unknown) {
    FakePeerConnection.made.push(this);
  }
  addTrack = vi.fn(() => ({ replaceTrack: vi.fn() }));
  createOffer = async () => ({ type: 'offer', sdp: 'v=0 oferta' });
  setLocalDescription = async () => undefined;
  close = vi.fn();
}

const room: VideoRoom = {
  ref: 'bookRef0001',
  room: 'b.bookRef0001',
  title: 'Sesión de terapia',
  sellerName: 'Laura Paz',
  role: 'client',
  group: false,
  startsAt: '2026-11-25T15:00:00.000Z',
  endsAt: '2026-11-25T16:00:00.000Z',
  opensAt: '2026-11-25T15:00:00.000Z',
  state: 'open',
  capacity: 6,
  chatRef: 'bookRef0001',
  members: [],
  iceServers: [{ urls: ['stun:stun.agendo.test:3478'] }],
};

const renderRoom = () =>
  renderRoutes(
    { 'room/:ref/:group?/:external?': <VideoRoomPage />, '*': <p>Otra</p> },
    '/ar/es/room/bookRef0001',
  );

/** Opens the room and lets the server say Laura Paz (the professional) is already in it. */
async function joinedWithLaura() {
  answerActions(callMock, { 'find-group-room-data': { status: '200', room } });
  renderRoom();
  await vi.waitFor(() =>
    expect(FakeSocket.last?.sent).toContainEqual({ type: 'room.join', ref: 'bookRef0001' }),
  );
  const socket = FakeSocket.last as FakeSocket;
  socket.receive({
    type: 'room.joined',
    room: room.room,
    self: 'me',
    peers: [{ peer: 'p-laura', name: 'Laura Paz', role: 'professional' }],
    capacity: 6,
  });
  return socket;
}

describe('the video room page (issue 17)', { timeout: 20_000 }, () => {
  beforeEach(() => {
    localStorage.setItem('token', 'tok-aaaaaaaaaaaaaaaaaaaaaaaa');
    vi.stubGlobal('WebSocket', FakeSocket);
    vi.stubGlobal('RTCPeerConnection', FakePeerConnection);
    vi.stubGlobal('MediaStream', FakeStream);
    Object.defineProperty(navigator, 'mediaDevices', {
      configurable: true,
      value: {
        getUserMedia: vi.fn(async () => new FakeStream()),
        enumerateDevices: vi.fn(async () => []),
      },
    });
    FakePeerConnection.made = [];
    // The tab's socket outlives a page for a while: what an earlier test sent is not this one's.
    if (FakeSocket.last) FakeSocket.last.sent = [];
  });
  afterEach(() => {
    callMock.mockReset();
    vi.unstubAllGlobals();
  });

  it('refuses somebody who is not a party of the appointment', async () => {
    callMock.mockImplementation(async () => {
      throw new ApiError('E404', 'No encontramos la sala.', undefined, 404);
    });
    renderRoom();
    expect(await screen.findByText('No encontramos la sala.')).toBeInTheDocument();
    expect(callMock).toHaveBeenCalledWith('find-group-room-data', { ref: 'bookRef0001' });
  });

  it('waits before the start, saying when the room opens, and does not join', async () => {
    answerActions(callMock, {
      'find-group-room-data': { status: '200', room: { ...room, state: 'waiting' } },
    });
    renderRoom();
    expect(await screen.findByText('La sala todavía no está abierta.')).toBeInTheDocument();
    expect(screen.getByText(/ingresarás automáticamente/)).toBeInTheDocument();
    await new Promise((r) => setTimeout(r, 50));
    expect(FakeSocket.last?.sent.some((f) => f.type === 'room.join') ?? false).toBe(false);
  });

  it('joins an open room, offers to the peer already there, and mutes and leaves', async () => {
    const user = userEvent.setup();
    const socket = await joinedWithLaura();
    expect(await screen.findByText(/Laura Paz · Conectando…/)).toBeInTheDocument();
    expect(FakePeerConnection.made[0]?.config).toEqual({ iceServers: room.iceServers });
    await vi.waitFor(() =>
      expect(socket.sent).toContainEqual({
        type: 'room.signal',
        to: 'p-laura',
        signal: { kind: 'offer', sdp: 'v=0 oferta' },
      }),
    );

    await user.click(screen.getByRole('button', { name: 'Silenciar micrófono' }));
    expect(screen.getByRole('button', { name: 'Activar micrófono' })).toHaveAttribute('aria-pressed', 'true');

    socket.receive({ type: 'room.peer-left', room: room.room, peer: 'p-laura' });
    expect(await screen.findByText('Esperando a que ingresen los demás participantes.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Salir de la sala' }));
    expect(await screen.findByText('Saliste de la sala.')).toBeInTheDocument();
    expect(socket.sent).toContainEqual({ type: 'room.leave' });
  });

  // Issue 34: a muted microphone or a stopped camera is said on the tile, not left silent or black.
  it('tells the peers when the microphone or the camera goes off, and shows theirs', async () => {
    const user = userEvent.setup();
    const socket = await joinedWithLaura();
    await screen.findByText(/Laura Paz · Conectando…/);
    expect(screen.queryByText('Cámara apagada')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Apagar cámara' }));
    expect(socket.sent).toContainEqual({
      type: 'room.signal',
      to: 'p-laura',
      signal: { kind: 'media', audio: true, video: false },
    });
    const own = screen.getByRole('figure', { name: /Tú/ });
    expect(within(own).getByText('Cámara apagada')).toBeVisible();

    socket.receive({
      type: 'room.signal',
      room: room.room,
      from: 'p-laura',
      signal: { kind: 'media', audio: false, video: false },
    });
    const laura = await screen.findByRole('figure', { name: /Laura Paz/ });
    expect(within(laura).getByText('Cámara apagada')).toBeVisible();
    expect(within(laura).getByRole('img', { name: 'Micrófono silenciado' })).toBeInTheDocument();
  });

  it('offers screen sharing only where the browser can share a screen', async () => {
    answerActions(callMock, { 'find-group-room-data': { status: '200', room } });
    renderRoom();
    // The fake mediaDevices, like a phone's browser, has no getDisplayMedia.
    expect(await screen.findByRole('button', { name: 'Apagar cámara' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Compartir pantalla' })).not.toBeInTheDocument();
  });

  it('shows the microphone in use in the picker rather than an empty box', async () => {
    const withDevice = () => {
      const stream = new FakeStream();
      for (const t of stream.tracks)
        Object.assign(t, { getSettings: () => ({ deviceId: t.kind === 'audio' ? 'mic-2' : 'cam-1' }) });
      return stream;
    };
    Object.defineProperty(navigator, 'mediaDevices', {
      configurable: true,
      value: {
        getUserMedia: vi.fn(async () => withDevice()),
        getDisplayMedia: vi.fn(),
        enumerateDevices: vi.fn(async () => [
          { kind: 'audioinput', deviceId: 'mic-1', label: 'Micrófono integrado' },
          { kind: 'audioinput', deviceId: 'mic-2', label: 'Auriculares USB' },
        ]),
      },
    });
    answerActions(callMock, { 'find-group-room-data': { status: '200', room } });
    renderRoom();
    expect(await screen.findByRole('textbox', { name: 'Micrófono' })).toHaveValue('Auriculares USB');
    // A desktop browser can share its screen.
    expect(screen.getByRole('button', { name: 'Compartir pantalla' })).toBeInTheDocument();
  });

  it("is a live lesson's course-room too: it joins by the lesson's ref and leads back to the lesson", async () => {
    const lesson: VideoRoom = {
      ...room,
      ref: 'lessonRef01',
      room: 'l.lessonRef01',
      group: true,
      chatRef: null,
    };
    answerActions(callMock, { 'find-group-room-data': { status: '200', room: lesson } });
    const user = userEvent.setup();
    renderRoutes(
      { 'course-room/:ref': <VideoRoomPage />, '*': <p>Otra</p> },
      '/ar/es/course-room/lessonRef01',
    );
    await vi.waitFor(() =>
      expect(FakeSocket.last?.sent).toContainEqual({ type: 'room.join', ref: 'lessonRef01' }),
    );
    // No conversation of its own: no chat button.
    expect(screen.queryByRole('button', { name: 'Chat' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Salir de la sala' }));
    expect(screen.getByRole('link', { name: 'Salir de la sala' })).toHaveAttribute(
      'href',
      '/ar/es/lesson/lessonRef01',
    );
  });

  it("a group room's member list has 'Chat del grupo': the group's conversation beside the call", async () => {
    const groupRoom: VideoRoom = {
      ...room,
      room: 'g.pubRef0001:2026-11-25T15:00:00.000Z',
      role: 'professional',
      group: true,
      capacity: 9,
      members: [
        { ref: 'bookRef0001', name: 'Ana Díaz' },
        { ref: 'bookRef0002', name: 'Beto Ruiz' },
      ],
    };
    answerActions(callMock, {
      'find-group-room-data': { status: '200', room: groupRoom },
      'find-user-data': userDataFixture({ ref: 'profRef001', userPlan: 4 }),
      'open-chat': {
        status: '200',
        chat: {
          ref: 'groupChat001',
          role: 'professional',
          counterpart: { ref: 'groupChat001', name: 'Taller de respiración', img: null },
          group: { startsAt: groupRoom.startsAt },
          lastMessage: null,
          unread: 0,
          readByCounterpart: 0,
          lastSeq: 0,
        },
        booking: null,
      },
      'find-chat-messages': { status: '200', messages: [], before: null },
    });
    const user = userEvent.setup();
    renderRoom();
    expect(await screen.findByText(/Ana Díaz, Beto Ruiz/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Chat del grupo' }));
    const drawer = await screen.findByRole('dialog', { name: 'Chat del grupo' });
    expect(await within(drawer).findByRole('heading', { name: 'Taller de respiración' })).toBeInTheDocument();
    expect(callMock).toHaveBeenCalledWith('open-chat', { ref: 'bookRef0001', group: true });
  });

  it('says so when the room is full', async () => {
    answerActions(callMock, { 'find-group-room-data': { status: '200', room } });
    renderRoom();
    await vi.waitFor(() =>
      expect(FakeSocket.last?.sent).toContainEqual({ type: 'room.join', ref: 'bookRef0001' }),
    );
    FakeSocket.last?.receive({
      type: 'error',
      code: 'E31',
      message: 'La sala está completa.',
      ref: 'bookRef0001',
    });
    expect(await screen.findByText('La sala está completa.')).toBeInTheDocument();
  });
});
