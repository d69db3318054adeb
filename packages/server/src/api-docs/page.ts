/**
 * The reference page: Swagger UI from our own origin. The page has no inline script (the CSP forbids it): the viewer
 * starts from init.js, served beside it.
 */
export const DOCS_PATH = '/api/docs';
export const DOCUMENT_PATH = '/api/openapi.json';

export const PAGE_HTML = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Inventory API reference</title>
    <link rel="stylesheet" href="${DOCS_PATH}/swagger-ui.css" />
  </head>
  <body>
    <div id="swagger-ui"></div>
    <script src="${DOCS_PATH}/swagger-ui-bundle.js"></script>
    <script src="${DOCS_PATH}/init.js"></script>
  </body>
</html>
`;

/** Try-it-out requests go to this origin with the session cookie, like the app's; no validator badge (a third party). */
export const INIT_JS = `window.ui = SwaggerUIBundle({
  url: ${JSON.stringify(DOCUMENT_PATH)},
  dom_id: '#swagger-ui',
  deepLinking: true,
  validatorUrl: null,
  presets: [SwaggerUIBundle.presets.apis],
  layout: 'BaseLayout',
});
`;
