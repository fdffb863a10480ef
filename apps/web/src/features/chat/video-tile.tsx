import { IconMicrophoneOff, IconVideoOff } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { useTexts } from '../../i18n/use-texts.ts';
import { PersonAvatar } from '../../ui/person-avatar.tsx';
import { videoRoomTexts } from './video-room-texts.ts';

/** 'Laura Paz' → 'LP': the first letters of the first two words of a name. */
const initialsOf = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word.charAt(0).toUpperCase())
    .join('');

/**
 * One participant of the call. A stopped camera would leave the tile black and a muted
 * microphone would say nothing (issue 34), so the tile shows the person's initials and
 * 'Cámara apagada' instead of the picture, and a crossed-out microphone beside the name.
 */
export function VideoTile({
  stream,
  name,
  muted = false,
  mirrored = false,
  status = null,
  audioOff = false,
  videoOff = false,
  self = false,
}: {
  stream: MediaStream | null;
  name: string;
  /** The element's own sound (our own tile is always silent to us). */
  muted?: boolean;
  mirrored?: boolean;
  status?: string | null;
  /** The person's microphone is off. */
  audioOff?: boolean;
  /** The person's camera is off (or there is none). */
  videoOff?: boolean;
  /** Our own tile: named 'Tú', so a camera icon stands where another's initials would. */
  self?: boolean;
}) {
  const tx = useTexts(videoRoomTexts);
  const video = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    if (video.current && video.current.srcObject !== stream) video.current.srcObject = stream;
  }, [stream]);
  return (
    <figure
      style={{
        margin: 0,
        position: 'relative',
        background: '#111',
        borderRadius: 8,
        overflow: 'hidden',
        aspectRatio: '4 / 3',
      }}
      aria-label={name}
      data-peer-name={name}
    >
      {/* The element stays (it carries the sound) while the picture is hidden. */}
      <video
        ref={video}
        autoPlay
        playsInline
        muted={muted}
        style={{
          width: '100%',
          height: '100%',
          objectFit: 'cover',
          transform: mirrored ? 'scaleX(-1)' : undefined,
          visibility: videoOff ? 'hidden' : undefined,
        }}
      />
      {videoOff && (
        <div
          style={{
            position: 'absolute',
            inset: 0,
            display: 'flex',
            flexDirection: 'column',
            alignItems: 'center',
            justifyContent: 'center',
            gap: 8,
            color: '#fff',
          }}
        >
          {self ? (
            <IconVideoOff size={48} aria-hidden />
          ) : (
            <PersonAvatar src={null} initials={initialsOf(name)} size={72} solid />
          )}
          <span>{tx('cameraIsOff')}</span>
        </div>
      )}
      <figcaption
        style={{
          position: 'absolute',
          left: 8,
          bottom: 8,
          color: '#fff',
          textShadow: '0 0 4px #000',
          display: 'flex',
          alignItems: 'center',
          gap: 4,
        }}
      >
        {audioOff && <IconMicrophoneOff size={16} role="img" aria-label={tx('micIsOff')} />}
        {name}
        {status ? ` · ${status}` : ''}
      </figcaption>
    </figure>
  );
}
