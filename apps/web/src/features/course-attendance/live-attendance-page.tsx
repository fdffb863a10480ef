import { Alert, Box, Button, Group, Stack, Text } from '@mantine/core';
import { IconInfoCircle, IconQrcode, IconRefresh } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Link, Navigate, useLocation, useParams } from 'react-router';
import { useTexts } from '../../i18n/use-texts.ts';
import { ApiError, call } from '../../lib/api.ts';
import { usePrefix } from '../../lib/route-prefix.ts';
import { useIsLoggedIn } from '../../lib/session.ts';
import { StatusCard } from '../../ui/status-card.tsx';
import { isAttendanceRef } from './attendance-link.ts';
import { attendanceTexts } from './attendance-texts.ts';

/**
 * qr-reader-live-date/{lessonId}/{userId} (spec 000 §2.2): the page a student's entry QR opens on
 * the professional's phone; arriving records the attendance (the server checks that the visitor
 * is the course's professional and the student may attend).
 */
export function LiveAttendancePage() {
  const loggedIn = useIsLoggedIn();
  const { to } = usePrefix();
  const { pathname } = useLocation();
  const { lessonId = '', userId = '' } = useParams();
  if (!loggedIn) return <Navigate to={`${to('login')}?next=${encodeURIComponent(pathname)}`} replace />;
  // A new code opened on the same page records anew.
  return <RecordAttendance key={`${lessonId}/${userId}`} lessonId={lessonId} userId={userId} />;
}

function RecordAttendance({ lessonId, userId }: { lessonId: string; userId: string }) {
  const tx = useTexts(attendanceTexts);
  const { to } = usePrefix();
  const valid = isAttendanceRef(lessonId) && isAttendanceRef(userId);
  const save = useMutation({ mutationFn: () => call('save-live-attendance', { lessonId, userId }) });
  const { mutate } = save;
  const fired = useRef(false);
  useEffect(() => {
    // StrictMode runs effects twice in development: the entry is recorded once per visit.
    if (fired.current || !valid) return;
    fired.current = true;
    mutate();
  }, [mutate, valid]);

  const scanAnother = (
    <Button component={Link} to={to('qr-reader')} leftSection={<IconQrcode aria-hidden />} size="md">
      {tx('scanAnother')}
    </Button>
  );

  if (!valid) {
    return (
      <StatusCard state="error" title={tx('errorTitle')} text={tx('notEntry')}>
        {scanAnother}
      </StatusCard>
    );
  }
  if (save.isError) {
    const error = save.error;
    return (
      <StatusCard
        state="error"
        title={tx('errorTitle')}
        text={error instanceof ApiError ? error.message : undefined}
      >
        <Group justify="center">
          {error instanceof ApiError && error.isNetwork && (
            <Button
              variant="default"
              size="md"
              leftSection={<IconRefresh aria-hidden />}
              onClick={() => mutate()}
            >
              {tx('retry')}
            </Button>
          )}
          {scanAnother}
        </Group>
      </StatusCard>
    );
  }
  if (!save.isSuccess) return <StatusCard state="loading" title={tx('recording')} />;

  const { studentName, courseTitle, lessonTitle, alreadyRecorded } = save.data;
  const rows: [string, string][] = [
    [tx('student'), studentName],
    [tx('course'), courseTitle],
    [tx('lesson'), lessonTitle],
  ];
  return (
    <StatusCard state="success" title={tx('recordedTitle')}>
      {alreadyRecorded && (
        <Alert color="blue" icon={<IconInfoCircle aria-hidden />} w="100%" ta="left">
          {tx('alreadyRecorded')}
        </Alert>
      )}
      <Stack component="dl" gap="xs" w="100%" ta="left" m={0}>
        {rows.map(([label, value]) => (
          <Box key={label}>
            <Text component="dt" size="sm" c="dimmed">
              {label}
            </Text>
            <Text component="dd" fw={600} m={0}>
              {value}
            </Text>
          </Box>
        ))}
      </Stack>
      {scanAnother}
    </StatusCard>
  );
}
