// Swagger UI's bundle, which /docs loads (from fastapi-offline) before js/apidocs.js starts it: what that script uses.
declare function SwaggerUIBundle(options: Record<string, unknown>): unknown;
declare namespace SwaggerUIBundle {
  const presets: { apis: unknown };
  const SwaggerUIStandalonePreset: unknown;
}
interface Window {
  /** The Swagger UI on the page, as FastAPI's own /docs page names it. */
  ui: unknown;
}
