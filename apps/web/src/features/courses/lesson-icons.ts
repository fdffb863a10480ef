import { IconFileTypePdf, IconListCheck, IconMapPin, IconPlayerPlay, IconVideo } from '@tabler/icons-react';

/** One icon per lesson type (1 video, 2 PDF, 3 quiz, 6 live online, 7 live in person). */
export const lessonIcons = {
  1: IconVideo,
  2: IconFileTypePdf,
  3: IconListCheck,
  6: IconPlayerPlay,
  7: IconMapPin,
} as const;
