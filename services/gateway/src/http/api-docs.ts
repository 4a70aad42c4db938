import { Router, type Response } from 'express';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { browserSecurityHeaders } from './security-headers';

/**
 * `GET /docs`: Swagger UI over `/api/v1/openapi.json`, served from the `swagger-ui-dist` package so that nothing
 * comes from a CDN (many callers' servers have no internet). Only the files the page needs are served, each from
 * memory under a fixed name, so no other path can reach the disk.
 */

const openApiUrl = '/api/v1/openapi.json';
const pageTitle = 'Property Data Service API';

// No 'unsafe-inline' even for styles: Swagger UI sets its inline styles through the DOM (React's `style`), which a
// CSP does not govern. Markup with a `style` attribute (a markdown table with aligned columns in a description)
// would lose that style, and the browser test would fail on the refusal. Its stylesheet's icons are data: URLs. The
// page has no form.
const securityHeaders = browserSecurityHeaders([]);

/**
 * Swagger UI's settings. Try it out sends only what the user types: no key is stored (not even across a reload,
 * `persistAuthorization: false`) or added by an interceptor, and no cookies go with the calls.
 */
const initialiser = `'use strict';
// The page's CSP allows no inline script, so Swagger UI is started from this same-origin file.
window.ui = SwaggerUIBundle({
  url: ${JSON.stringify(openApiUrl)},
  dom_id: '#swagger-ui',
  layout: 'BaseLayout',
  presets: [SwaggerUIBundle.presets.apis],
  deepLinking: true,
  displayOperationId: true,
  displayRequestDuration: true,
  requestSnippetsEnabled: true,
  tryItOutEnabled: true,
  persistAuthorization: false,
  withCredentials: false,
  queryConfigEnabled: false,
  validatorUrl: null,
});
`;

export interface Asset {
  body: Buffer;
  contentType: string;
  etag: string;
  /** Content hash, put in the page's links so that a cached copy can be kept for good and a new version is a new URL. */
  version: string;
}

/** A file served as it is, with its content hash as its ETag. */
export const asset = (body: Buffer | string, contentType: string): Asset => {
  const bytes = Buffer.isBuffer(body) ? body : Buffer.from(body, 'utf8');
  const version = createHash('sha256').update(bytes).digest('hex').slice(0, 16);
  return { body: bytes, contentType, etag: `"${version}"`, version };
};

/** The package's files that the page uses; source maps are left out (and their references with them). */
const swaggerUiAssets = (): Record<string, Asset> => {
  const dir = dirname(require.resolve('swagger-ui-dist/package.json'));
  const text = (name: string) => readFileSync(join(dir, name), 'utf8').replace(/\/[*/]# sourceMappingURL=\S+?(\s*\*\/)?\s*$/, '');
  return {
    'swagger-ui-bundle.js': asset(text('swagger-ui-bundle.js'), 'text/javascript; charset=utf-8'),
    'swagger-ui.css': asset(text('swagger-ui.css'), 'text/css; charset=utf-8'),
    'favicon-32x32.png': asset(readFileSync(join(dir, 'favicon-32x32.png')), 'image/png'),
    'favicon-16x16.png': asset(readFileSync(join(dir, 'favicon-16x16.png')), 'image/png'),
  };
};

const page = (assets: Record<string, Asset>) => {
  const href = (name: string) => `/docs/${name}?v=${assets[name]!.version}`;
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${pageTitle}</title>
<link rel="stylesheet" href="${href('swagger-ui.css')}">
<link rel="icon" type="image/png" sizes="32x32" href="${href('favicon-32x32.png')}">
<link rel="icon" type="image/png" sizes="16x16" href="${href('favicon-16x16.png')}">
</head>
<body>
<noscript>This page needs JavaScript. The OpenAPI document is at <a href="${openApiUrl}">${openApiUrl}</a>.</noscript>
<div id="swagger-ui"></div>
<script src="${href('swagger-ui-bundle.js')}"></script>
<script src="${href('docs-init.js')}"></script>
</body>
</html>
`;
};

export const sendAsset = (res: Response, file: Asset, cacheControl: string) => {
  res.set(securityHeaders);
  res.set({ 'Content-Type': file.contentType, 'Cache-Control': cacheControl, ETag: file.etag });
  // res.send answers 304 when the request's If-None-Match names this ETag.
  res.send(file.body);
};

export const apiDocsRoutes = () => {
  const files: Record<string, Asset> = { ...swaggerUiAssets(), 'docs-init.js': asset(initialiser, 'text/javascript; charset=utf-8') };
  const html = asset(page(files), 'text/html; charset=utf-8');
  // The page is checked for a newer version on every load (it names the current files); a file asked for by its
  // versioned URL never changes, any other request for it is checked every time too.
  return Router()
    .get('/docs', (_req, res) => sendAsset(res, html, 'no-cache'))
    .get('/docs/:file', (req, res, next) => {
      const file = Object.hasOwn(files, req.params.file) ? files[req.params.file] : undefined;
      if (!file) return next();
      sendAsset(res, file, req.query.v === file.version ? 'public, max-age=31536000, immutable' : 'no-cache');
    });
};
