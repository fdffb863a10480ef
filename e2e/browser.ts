import net from 'node:net';

/**
 * Debian's Chromium for both Playwright configs (nothing is ever downloaded). The fake camera,
 * microphone and permission prompt let the video room's journey send real frames between two
 * browsers without a device or a person to click 'Permitir'; they change nothing for pages that
 * never ask for media.
 */
export const chromium = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
    '--disable-quic',
    '--use-fake-ui-for-media-stream',
    '--use-fake-device-for-media-stream',
    // getDisplayMedia picks the whole screen without the picker (the fake UI accepts it).
    '--auto-select-desktop-capture-source=Entire screen',
  ],
};

/** A port nobody listens on now, for a server the config starts. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/**
 * How both configs' browsers run: headless, in Argentina's locale and time zone (the app's
 * people), with a trace and a screenshot kept of a failure only.
 */
export function browserUse(baseURL: string) {
  return {
    baseURL,
    headless: true,
    launchOptions: chromium,
    locale: 'es-AR',
    timezoneId: 'America/Argentina/Buenos_Aires',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    video: 'off',
    actionTimeout: 15_000,
    navigationTimeout: 30_000,
  } as const;
}
