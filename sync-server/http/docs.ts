import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Hono } from 'hono';
import { getAbsoluteFSPath } from 'swagger-ui-dist';

/** Swagger UI files served from the installed package: the page works on a clinic network with no internet. */
const ASSETS: Record<string, string> = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
  'favicon-32x32.png': 'image/png',
};

const PAGE = `<!doctype html>
<html lang="pt-BR">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Clinic API — referência</title>
<link rel="icon" href="/docs/assets/favicon-32x32.png">
<link rel="stylesheet" href="/docs/assets/swagger-ui.css">
</head>
<body>
<noscript>Esta página precisa de JavaScript. O documento OpenAPI está em <a href="/openapi.json">/openapi.json</a>.</noscript>
<div id="swagger-ui"></div>
<script src="/docs/assets/swagger-ui-bundle.js"></script>
<script src="/docs/init.js"></script>
</body>
</html>`;

const INIT = `window.ui = SwaggerUIBundle({ url: '/openapi.json', dom_id: '#swagger-ui', deepLinking: true,
  tryItOutEnabled: false, persistAuthorization: false, defaultModelsExpandDepth: 1 });`;

/**
 * Mounts the readable API reference: `/docs` renders `/openapi.json` with Swagger UI. Scripts are
 * files of our own origin (no inline script), so the page works under a strict CSP.
 */
export function mountDocs(app: Hono): void {
  const root = getAbsoluteFSPath();
  const cache = new Map<string, Buffer>();
  app.get('/docs', (c) => c.html(PAGE));
  app.get('/docs/init.js', (c) => c.body(INIT, 200, { 'content-type': 'text/javascript; charset=utf-8' }));
  app.get('/docs/assets/:file', async (c) => {
    const file = c.req.param('file');
    const type = ASSETS[file];
    if (!type) return c.notFound();
    let bytes = cache.get(file);
    if (!bytes) {
      bytes = await readFile(join(root, file));
      cache.set(file, bytes);
    }
    return c.body(new Uint8Array(bytes), 200, { 'content-type': type, 'cache-control': 'public, max-age=86400' });
  });
}
