import { makeUser } from './booking-fixtures.ts';
import { makeCourse } from './course-fixtures.ts';
import { startTestApp } from './test-app.ts';

/**
 * A test app listening on a free port in a process of its own, so that a test can read the
 * server's resident memory from /proc without the test runner's own (upload-streaming.test.ts).
 * Prints one JSON line with what the test needs; stops when its standard input closes.
 */
const t = await startTestApp({ uploads: { idleMs: Number(process.env.UPLOAD_IDLE_MS ?? 1000) } });
const professional = await makeUser(t, { userType: 1, countryId: 5 });
const course = await makeCourse(t, professional.token);
await t.app.listen({ port: 0, host: '127.0.0.1' });
const address = t.app.server.address();
const port = typeof address === 'object' && address ? address.port : 0;
process.stdout.write(
  `${JSON.stringify({ port, token: professional.token, lessonRef: course.lessons.video, dataDir: t.config.dataDir })}\n`,
);
process.stdin.resume();
process.stdin.on('end', () => {
  void t.close().then(() => process.exit(0));
});
