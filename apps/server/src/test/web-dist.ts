import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * A folder with a built index.html like the web app's (title, description), so the page routes
 * answer HTML as in production. The caller removes it after its tests.
 */
export function builtWebDist(): string {
  const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'agendo-web-'));
  fs.writeFileSync(
    path.join(webDist, 'index.html'),
    '<!doctype html><html lang="es"><head><meta charset="UTF-8" />' +
      '<meta name="description" content="Encuentra a tu profesional y reserva en minutos." />' +
      '<title>Agendo</title></head><body><div id="root"></div></body></html>',
  );
  return webDist;
}
