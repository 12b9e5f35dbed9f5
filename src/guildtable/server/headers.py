"""The security headers of every HTTP response (issue 30 finding 15): pages, API answers, problem bodies, static files
and the API documentation alike.

The Content-Security-Policy lets a page run only the scripts and styles this server sends as files: no inline script,
no `on*=` attribute, no `style=` attribute, nothing from another site, and no framing by another site (with
X-Frame-Options for older browsers). A script injected into a page through some future bug would not run. The pages
keep to it: they build their elements with `h()`/`svg()` (`web/js/common.js`), which set styles through the CSSOM, and
the API documentation (`apidocs.py`) starts Swagger UI from a file. `img-src` allows `data:` for the small pictures
in Swagger UI's stylesheet; `connect-src 'self'` covers the page's own WebSocket.

HSTS is sent only to a request that came over https (uvicorn's TLS, or a proxy named by `--forwarded-allow-ips` that
says so in `X-Forwarded-Proto`): over plain http it would be ignored, and a server tried out on a laptop must not pin
its name to https.
"""

from __future__ import annotations

from starlette.types import ASGIApp, Message, Receive, Scope, Send

CONTENT_SECURITY_POLICY = "; ".join(
    [
        "default-src 'self'",
        "script-src 'self'",
        "style-src 'self'",
        "img-src 'self' data:",
        "font-src 'self'",
        "connect-src 'self'",
        "object-src 'none'",
        "base-uri 'none'",
        "form-action 'self'",
        "frame-ancestors 'none'",
    ]
)
# Features no page uses, refused to every page (and to anything injected into one).
PERMISSIONS_POLICY = "camera=(), microphone=(), geolocation=(), payment=(), usb=(), serial=(), bluetooth=()"
HEADERS = [
    (b"content-security-policy", CONTENT_SECURITY_POLICY.encode()),
    (b"x-frame-options", b"DENY"),
    # A table's address is what lets a spectator in: it is not told to other sites.
    (b"referrer-policy", b"no-referrer"),
    (b"x-content-type-options", b"nosniff"),
    (b"permissions-policy", PERMISSIONS_POLICY.encode()),
    (b"cross-origin-opener-policy", b"same-origin"),
]
# A year, the subdomains too: what the HSTS preload list asks for.
HSTS = (b"strict-transport-security", b"max-age=31536000; includeSubDomains")


class SecurityHeaders:
    """ASGI middleware adding `HEADERS` (and `HSTS` over https) to every HTTP response, unless a route set its own."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        added = [*HEADERS, HSTS] if scope.get("scheme") == "https" else HEADERS

        async def with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = list(message.get("headers", []))
                present = {name.lower() for name, _value in headers}
                headers.extend(header for header in added if header[0] not in present)
                message = {**message, "headers": headers}
            await send(message)

        await self.app(scope, receive, with_headers)
