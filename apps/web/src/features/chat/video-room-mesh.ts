import type { IceServer, RoomPeer, RoomSignal, ServerFrame } from '@agendo/contract';
import { realtime } from '../../lib/realtime.ts';

/** One other participant: their media and how the connection to them goes. */
export interface RemotePeer extends RoomPeer {
  stream: MediaStream | null;
  state: RTCPeerConnectionState | 'new';
  /** What the peer says of its microphone and camera (on until it says otherwise). */
  media: MediaState;
}

/** Whether a participant's microphone and camera are on. */
export interface MediaState {
  audio: boolean;
  video: boolean;
}

export type MeshPhase = 'joining' | 'joined' | 'reconnecting' | 'refused' | 'full' | 'closed';

export interface MeshSnapshot {
  phase: MeshPhase;
  self: string | null;
  peers: RemotePeer[];
}

/** Candidates found within this time go in one frame (the channel counts frames per person). */
const candidateBatchMs = 120;

interface Link {
  peer: RoomPeer;
  pc: RTCPeerConnection;
  stream: MediaStream | null;
  pending: RTCIceCandidateInit[];
  timer: ReturnType<typeof setTimeout> | undefined;
  /** Candidates that came before the remote description (they wait for it). */
  early: RTCIceCandidateInit[];
  /** What carries our video to them (the camera's track or the screen's). */
  video: RTCRtpSender | null;
  media: MediaState;
}

/**
 * The browser's side of the own video room (issue 17, ADR 016): a full mesh, one
 * RTCPeerConnection per other participant, signalled over the real-time channel. The newcomer
 * offers to everyone already in the room; the others only answer. When the channel reconnects
 * (a network drop), the socket is a new peer: the mesh is torn down and joined again, and the
 * others see the old peer leave and the new one arrive.
 */
export class RoomMesh {
  private links = new Map<string, Link>();
  private room: string | null = null;
  private unsubscribe: (() => void) | null = null;
  private unwatch: (() => void) | null = null;
  private wasOpen = false;
  private listeners = new Set<() => void>();
  private snapshot: MeshSnapshot = { phase: 'joining', self: null, peers: [] };
  /** What the local tracks are now (camera or screen), sent on every connection. */
  private local: MediaStream;
  /** Our microphone and camera, told to every peer when they change and to each newcomer. */
  private media: MediaState = { audio: true, video: true };

  constructor(
    private readonly ref: string,
    local: MediaStream,
    private readonly iceServers: IceServer[],
  ) {
    this.local = local;
  }

  start() {
    this.unsubscribe = realtime.subscribe((frame) => this.onFrame(frame));
    this.unwatch = realtime.watchStatus(() => this.onStatus());
    this.onStatus();
  }

  stop() {
    realtime.send({ type: 'room.leave' });
    this.unsubscribe?.();
    this.unwatch?.();
    this.closeLinks();
    this.set({ phase: 'closed', self: null, peers: [] });
  }

  watch = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  current = () => this.snapshot;

  /** Swaps the video track on every connection (camera ↔ screen) without renegotiating. */
  replaceVideo(track: MediaStreamTrack | null) {
    for (const link of this.links.values()) void link.video?.replaceTrack(track);
  }

  /** A new local stream (another camera or microphone): its tracks replace the sent ones. */
  replaceLocal(stream: MediaStream) {
    this.local = stream;
    for (const link of this.links.values()) {
      for (const track of stream.getTracks()) {
        const sender = link.pc.getSenders().find((s) => s.track?.kind === track.kind);
        void sender?.replaceTrack(track);
      }
    }
  }

  /** Our microphone or camera went on or off: every peer's tile for us says so. */
  setMedia(media: MediaState) {
    this.media = media;
    for (const peer of this.links.keys()) this.signal(peer, { kind: 'media', ...media });
  }

  private set(next: Partial<MeshSnapshot>) {
    this.snapshot = { ...this.snapshot, ...next };
    for (const listener of this.listeners) listener();
  }

  private publishPeers() {
    this.set({
      peers: [...this.links.values()].map((l) => ({
        ...l.peer,
        stream: l.stream,
        state: l.pc.connectionState ?? 'new',
        media: l.media,
      })),
    });
  }

  private onStatus() {
    const open = realtime.status === 'open';
    if (open && !this.wasOpen) {
      // A first connection, or the channel came back after a drop: (re)join as a new peer.
      this.closeLinks();
      realtime.send({ type: 'room.join', ref: this.ref });
    } else if (!open && this.wasOpen && this.snapshot.phase === 'joined') {
      this.set({ phase: 'reconnecting' });
    }
    this.wasOpen = open;
  }

  private onFrame(frame: ServerFrame) {
    switch (frame.type) {
      case 'room.joined':
        this.room = frame.room;
        this.closeLinks();
        this.set({ phase: 'joined', self: frame.self });
        for (const peer of frame.peers) void this.offerTo(peer);
        this.publishPeers();
        return;
      case 'room.peer-joined':
        if (frame.room !== this.room) return;
        this.linkTo(frame.peer);
        this.publishPeers();
        return;
      case 'room.peer-left':
        if (frame.room !== this.room) return;
        this.drop(frame.peer);
        return;
      case 'room.signal':
        if (frame.room !== this.room) return;
        void this.onSignal(frame.from, frame.signal);
        return;
      case 'error':
        if (frame.ref !== this.ref && !['E32'].includes(frame.code)) return;
        if (frame.code === 'E31') this.set({ phase: 'full' });
        else if (frame.code === 'E32') realtime.send({ type: 'room.join', ref: this.ref });
        else if (frame.code === 'E404' || frame.code === 'E30') this.set({ phase: 'refused' });
        return;
      case 'ready':
        // A fresh socket: whatever room this tab was in is gone with the old one.
        return;
      default:
        return;
    }
  }

  private linkTo(peer: RoomPeer): Link {
    const existing = this.links.get(peer.peer);
    if (existing) return existing;
    const pc = new RTCPeerConnection({ iceServers: this.iceServers });
    const link: Link = {
      peer,
      pc,
      stream: null,
      pending: [],
      timer: undefined,
      early: [],
      video: null,
      media: { audio: true, video: true },
    };
    this.links.set(peer.peer, link);
    // A newcomer learns at once that our microphone or camera is off.
    if (!this.media.audio || !this.media.video) this.signal(peer.peer, { kind: 'media', ...this.media });
    for (const track of this.local.getTracks()) {
      const sender = pc.addTrack(track, this.local);
      if (track.kind === 'video') link.video = sender;
    }
    pc.ontrack = (event) => {
      link.stream = event.streams[0] ?? new MediaStream([event.track]);
      this.publishPeers();
    };
    pc.onconnectionstatechange = () => this.publishPeers();
    pc.onicecandidate = (event) => {
      if (!event.candidate) return;
      link.pending.push(event.candidate.toJSON());
      if (link.timer) return;
      link.timer = setTimeout(() => {
        link.timer = undefined;
        while (link.pending.length > 0) {
          const batch = link.pending.splice(0, 20);
          this.signal(peer.peer, {
            kind: 'candidates',
            candidates: batch.map((c) => ({
              candidate: c.candidate ?? '',
              sdpMid: c.sdpMid ?? null,
              sdpMLineIndex: c.sdpMLineIndex ?? null,
            })),
          });
        }
      }, candidateBatchMs);
    };
    return link;
  }

  private async offerTo(peer: RoomPeer) {
    const link = this.linkTo(peer);
    const offer = await link.pc.createOffer();
    await link.pc.setLocalDescription(offer);
    this.signal(peer.peer, { kind: 'offer', sdp: offer.sdp ?? '' });
  }

  private async onSignal(from: string, signal: RoomSignal) {
    const link = this.links.get(from);
    if (!link) return;
    const { pc } = link;
    if (signal.kind === 'offer') {
      await pc.setRemoteDescription({ type: 'offer', sdp: signal.sdp });
      const answer = await pc.createAnswer();
      await pc.setLocalDescription(answer);
      this.signal(from, { kind: 'answer', sdp: answer.sdp ?? '' });
      await this.flushEarly(link);
    } else if (signal.kind === 'answer') {
      await pc.setRemoteDescription({ type: 'answer', sdp: signal.sdp });
      await this.flushEarly(link);
    } else if (signal.kind === 'media') {
      link.media = { audio: signal.audio, video: signal.video };
      this.publishPeers();
    } else if (signal.kind === 'candidates') {
      for (const candidate of signal.candidates) {
        if (pc.remoteDescription) await pc.addIceCandidate(candidate).catch(() => undefined);
        else link.early.push(candidate);
      }
    }
  }

  private async flushEarly(link: Link) {
    for (const candidate of link.early.splice(0)) {
      await link.pc.addIceCandidate(candidate).catch(() => undefined);
    }
  }

  private signal(to: string, signal: RoomSignal) {
    realtime.send({ type: 'room.signal', to, signal });
  }

  private drop(peer: string) {
    const link = this.links.get(peer);
    if (!link) return;
    clearTimeout(link.timer);
    link.pc.close();
    this.links.delete(peer);
    this.publishPeers();
  }

  private closeLinks() {
    for (const peer of [...this.links.keys()]) this.drop(peer);
  }
}
