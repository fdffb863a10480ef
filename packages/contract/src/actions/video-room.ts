import { z } from 'zod';
import { action, ok } from '../action.ts';
import { VideoRoom, videoRoomErrors } from '../shapes/video-room.ts';
import { Ref } from './fields.ts';

/** room/{ref}/{group?}/{external?}: the ref is one of the appointment's seats (spec 000 §7). */
export const findGroupRoomData = action('find-group-room-data', {
  input: z.object({ ref: Ref }),
  output: ok({ room: VideoRoom }),
  errors: videoRoomErrors,
});
