// The API documentation (/docs, server/apidocs.py): Swagger UI, started from this file because the
// Content-Security-Policy allows no inline script. The options are those FastAPI's own page passes.
/* global SwaggerUIBundle -- loaded before this script (types/swagger-ui.d.ts) */
const root = document.getElementById("swagger-ui");
window.ui = SwaggerUIBundle({
  url: root?.dataset.openapi,
  dom_id: "#swagger-ui",
  layout: "BaseLayout",
  deepLinking: true,
  showExtensions: true,
  showCommonExtensions: true,
  presets: [SwaggerUIBundle.presets.apis, SwaggerUIBundle.SwaggerUIStandalonePreset],
});
