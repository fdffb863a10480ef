import { createHmac } from 'node:crypto';

export interface IceServer {
  urls: string[];
  username?: string;
  credential?: string;
}

/** A TURN server that takes time-limited credentials (coturn's `use-auth-secret`). */
export interface TurnServer {
  urls: string[];
  /** coturn's `static-auth-secret`: the server and we derive each credential from it. */
  secret: string;
}

/**
 * A TURN credential valid until `expiresAt`, in the "TURN REST API" convention coturn implements
 * (draft-uberti-behave-turn-rest): the username is `<expiry unix seconds>:<who>` and the password
 * base64(HMAC-SHA1(secret, username)). coturn recomputes the HMAC and refuses the name once its
 * time has passed, so a credential copied out of a page is good for that room's appointment only,
 * and no lasting password ever reaches a browser.
 */
export function turnCredential(secret: string, expiresAt: Date, who: string) {
  const username = `${Math.floor(expiresAt.getTime() / 1000)}:${who}`;
  return { username, credential: createHmac('sha1', secret).update(username).digest('base64') };
}

/** The ICE servers one person gets for one room: the static STUN ones plus TURN, if configured. */
export function iceServersFor(
  video: { iceServers: IceServer[]; turn?: TurnServer | undefined },
  expiresAt: Date,
  who: string,
): IceServer[] {
  if (!video.turn) return video.iceServers;
  return [
    ...video.iceServers,
    { urls: video.turn.urls, ...turnCredential(video.turn.secret, expiresAt, who) },
  ];
}
