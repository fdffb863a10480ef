import type { BrowserContextOptions, Locator, Page, WebSocketRoute } from '@playwright/test';
import { demo, expect, signIn, test } from './fixtures.ts';

// Issue 17's acceptance journey: the demo professional and client talk in the chat and meet in the
// own video room of the appointment happening now (the seed's, started 10 minutes ago). Under
// playwright.config.ts both browsers use the one embedded instance (SQLite, in-memory bus); under
// playwright.live.config.ts the client's browser talks to a second instance (E2E_SECOND_ORIGIN),
// both on one PostgreSQL and Redis, so every live frame crosses instances.

type BookingRow = { id: string; now: 0 | 1; canCalificate: boolean };

/** A contract action with the page's session, as the app itself sends it. */
async function rpc<T>(page: Page, action: string, input: Record<string, unknown>): Promise<T> {
  const body = await page.evaluate(
    async ({ action, input }) => {
      const response = await fetch('/index.php', {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          Authorization: `Bearer ${localStorage.getItem('token')}`,
        },
        body: JSON.stringify({ action, ...input }),
      });
      return response.json();
    },
    { action, input },
  );
  return body as T;
}

/** The other participant's tile (every tile but the viewer's own 'Tú'). */
function remoteVideo(page: Page): Locator {
  return page.locator('figure:not([data-peer-name="Tú"]) video');
}

/** Writes in the open conversation and waits until it is in the history and the box is empty. */
async function say(page: Page, text: string) {
  const box = page.getByLabel('Escribe un mensaje');
  await box.fill(text);
  await box.press('Enter');
  await expect(page.getByRole('log').getByText(text)).toBeVisible();
  await expect(box).toHaveValue('');
}

const videoWidth = (video: Locator) => video.evaluate((v: HTMLVideoElement) => v.videoWidth);
const videoTime = (video: Locator) => video.evaluate((v: HTMLVideoElement) => v.currentTime);

/** Frames arrive: the remote video has a size and its clock moves on. */
async function expectFrames(page: Page) {
  const video = remoteVideo(page);
  await expect(video).toHaveCount(1, { timeout: 30_000 });
  await expect.poll(() => videoWidth(video), { timeout: 30_000 }).toBeGreaterThan(0);
  const before = await videoTime(video);
  await expect.poll(() => videoTime(video), { timeout: 15_000 }).toBeGreaterThan(before + 0.5);
}

test('the professional and the client chat live and meet in the room of the appointment happening now', async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  // Two browsers, WebRTC and a reconnect: minutes on a loaded machine (CI runs the journey alone).
  test.setTimeout(300_000);
  const second = process.env.E2E_SECOND_ORIGIN ?? baseURL;
  const use = testInfo.project.use;
  const options: BrowserContextOptions = {
    baseURL: second,
    viewport: use.viewport,
    isMobile: use.isMobile,
    hasTouch: use.hasTouch,
    userAgent: use.userAgent,
    deviceScaleFactor: use.deviceScaleFactor,
    locale: use.locale,
    timezoneId: use.timezoneId,
  };
  const clientContext = await browser.newContext(options);
  // The client's channel passes through Playwright, so the test can cut it as a network would.
  let cut = false;
  const links: Array<{ page: WebSocketRoute; server: WebSocketRoute }> = [];
  await clientContext.routeWebSocket(/\/ws$/, (ws) => {
    if (cut) return ws.close({ code: 1001, reason: 'sin red' });
    links.push({ page: ws, server: ws.connectToServer() });
  });
  const client = await clientContext.newPage();
  // The client's console is watched like the professional's, except while its network is cut.
  let offline = false;
  const clientErrors: string[] = [];
  client.on('console', (m) => {
    if (m.type() === 'error' && !offline) clientErrors.push(`${m.text()} (${m.location().url})`);
  });
  client.on('pageerror', (error) => clientErrors.push(error.message));

  await signIn(page, demo.professional);
  await signIn(client, demo.client);

  const { bookings } = await rpc<{ bookings: BookingRow[] }>(client, 'find-bookings', {
    mode: 2,
    filter: 'upcoming',
  });
  const now = bookings.find((b) => b.now === 1 && b.canCalificate);
  expect(now, 'the seed has an appointment happening now').toBeDefined();
  const ref = now?.id ?? '';
  const tag = `${testInfo.project.name}-${Date.now().toString(36)}`;

  // The professional waits on the conversation list; the client writes from the appointment.
  await page.goto('/ar/es/chats');
  await expect(page.getByRole('heading', { name: 'Mensajes', level: 1 })).toBeVisible();
  await client.goto(`/ar/es/my-bookings/${ref}`);
  // The chat is its own lazy chunk: on a loaded machine it may take a while to arrive.
  await client.getByRole('link', { name: 'Chat' }).click({ timeout: 30_000 });
  await expect(client).toHaveURL(new RegExp(`/ar/es/chat/${ref}`));
  for (const text of [`Hola, ya estoy conectada ${tag}`, `¿Me ves bien? ${tag}`]) await say(client, text);

  // Live on the other instance: the preview and the unread count, without a reload.
  const row = page.getByRole('link').filter({ hasText: `¿Me ves bien? ${tag}` });
  await expect(row).toBeVisible();
  await expect(row.getByLabel('2 mensajes sin leer')).toBeVisible();
  await row.click();
  const proLog = page.getByRole('log');
  await expect(proLog.getByText(`Hola, ya estoy conectada ${tag}`)).toBeVisible();
  await expect(proLog.getByText(`¿Me ves bien? ${tag}`)).toBeVisible();
  // Opening the conversation read it: the count is gone and the client sees 'Leído'.
  await expect(page.getByLabel(/mensajes sin leer/)).toHaveCount(0);
  await expect(client.getByRole('log').getByText('Leído')).toBeVisible();

  await say(page, `Te veo en la sala en un minuto ${tag}`);
  await expect(client.getByRole('log').getByText(`Te veo en la sala en un minuto ${tag}`)).toBeVisible();

  // History after a reload, on both sides, in order.
  await page.reload();
  await client.reload();
  for (const viewer of [page, client]) {
    const log = viewer.getByRole('log');
    await expect(log.getByText(`Te veo en la sala en un minuto ${tag}`)).toBeVisible();
    const texts = await log.locator('p').allTextContents();
    const mine = texts.filter((t) => t.endsWith(tag));
    expect(mine).toEqual([
      `Hola, ya estoy conectada ${tag}`,
      `¿Me ves bien? ${tag}`,
      `Te veo en la sala en un minuto ${tag}`,
    ]);
  }
  await expect(page.getByLabel(/mensajes sin leer/)).toHaveCount(0);

  // The room: the client from the appointment's panel, the professional by its address.
  await client.goto(`/ar/es/my-bookings/${ref}`);
  await client.getByRole('link', { name: 'Ingresar a la sala' }).click();
  await expect(client).toHaveURL(new RegExp(`/ar/es/room/${ref}`));
  await page.goto(`/ar/es/room/${ref}`);
  await expectFrames(page);
  await expectFrames(client);
  await page.screenshot({ path: testInfo.outputPath('room-professional.png') });

  // The client's network drops: the page says so, and once it is back both see each other again.
  offline = true;
  cut = true;
  await clientContext.setOffline(true);
  for (const link of links.splice(0)) {
    await link.server.close();
    await link.page.close({ code: 1001, reason: 'sin red' });
  }
  await expect(client.getByText('Se cortó la conexión. Reconectando…')).toBeVisible();
  // The professional's side sees the client's socket gone.
  await expect(remoteVideo(page)).toHaveCount(0, { timeout: 30_000 });
  cut = false;
  await clientContext.setOffline(false);
  await expect(client.getByText('Se cortó la conexión. Reconectando…')).toHaveCount(0, { timeout: 30_000 });
  offline = false;
  await expectFrames(client);
  await expectFrames(page);

  // The professional shares the screen: the client's picture changes to the screen's size.
  const cameraWidth = await videoWidth(remoteVideo(client));
  await page.getByRole('button', { name: 'Compartir pantalla' }).click();
  await expect(page.getByRole('button', { name: 'Dejar de compartir' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect.poll(() => videoWidth(remoteVideo(client)), { timeout: 20_000 }).not.toBe(cameraWidth);
  await expectFrames(client);
  await client.screenshot({ path: testInfo.outputPath('room-client-sees-screen.png') });

  await page.getByRole('button', { name: 'Salir de la sala' }).click();
  await expect(client.getByText('Esperando a que ingresen los demás participantes.')).toBeVisible();
  await clientContext.close();
  expect(clientErrors).toEqual([]);
});
