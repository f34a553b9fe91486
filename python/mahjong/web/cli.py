"""``mahjong serve``: start the web calculator on this machine.

    mahjong serve [--port 8000] [--host 127.0.0.1] [--open] [--request-timeout 10]

Registered into the ``mahjong`` command by :func:`add_commands`.  Bound to 127.0.0.1 unless ``--host`` says
otherwise; ``--open`` opens the page in the default browser once the server is up; a client has
``--request-timeout`` seconds to send each whole request (:mod:`mahjong.web.server` has the server's limits).
"""

from __future__ import annotations

import argparse
import socket
import sys
import threading
import webbrowser
from typing import Any

from mahjong._argtypes import whole_number
from mahjong.i18n import help_text

__all__ = ["add_commands", "serve"]

_MISSING = (
    "the web calculator needs the web extra: pip install \"mjcore[web]\" (Starlette and uvicorn); missing: {name}"
)


def add_commands(subparsers: Any) -> None:
    """Add ``serve`` to the ``mahjong`` command's subparsers."""
    p = subparsers.add_parser("serve", help=help_text("serve"), description=help_text("serve.description"))
    p.add_argument("--port", type=_port, default=8000, help=help_text("serve.--port"))
    p.add_argument("--host", default="127.0.0.1", help=help_text("serve.--host"))
    p.add_argument("--open", action="store_true", help=help_text("serve.--open"))
    p.add_argument("--request-timeout", type=whole_number(1, 3600), default=10, metavar="SECONDS",
                   help=help_text("serve.--request-timeout"))
    p.set_defaults(run=serve)


def _port(text: str) -> int:
    try:
        n = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a port number: {text!r}") from None
    if not 0 <= n <= 65535:
        raise argparse.ArgumentTypeError(f"port must be 0..65535, got {n}")
    return n


def _bound_socket(host: str, port: int) -> socket.socket:
    """A listening socket on host:port, bound here so that a host that does not resolve, a port in use or one
    this user may not open is one line of ours (status 2), not the server's log and status 3."""
    from mahjong.errors import CommandError

    where = f"{host}:{port}"
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
    except (socket.gaierror, UnicodeError, ValueError) as e:
        raise CommandError(code="serve-cannot-listen", where=where, reason=str(e)[:120]) from None
    family, kind, proto, _, address = infos[0]
    sock = socket.socket(family, kind, proto)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind(address)
        sock.listen(128)
    except OSError as e:
        sock.close()
        raise CommandError(code="serve-cannot-listen", where=where, reason=e.strerror or str(e)) from None
    return sock


def serve(args: argparse.Namespace) -> int:
    """Run the server until interrupted.  Returns the exit status (2 when the web extra is missing)."""
    try:
        import uvicorn

        from mahjong.web.app import create_app
        from mahjong.web.server import config
    except ImportError as e:
        print(f"mahjong serve: error: {_MISSING.format(name=e.name)}", file=sys.stderr)
        return 2
    sock = _bound_socket(args.host, args.port)
    # (the connection limits: a deadline for each request, idle and concurrent connections, head and frame sizes)
    server = uvicorn.Server(config(create_app(), args.host, args.port, request_timeout=args.request_timeout))

    def announce() -> None:  # once the socket is bound, say where (the port may have been chosen by the OS)
        while not server.started:
            if server.should_exit:
                return
            threading.Event().wait(0.05)
        port = server.servers[0].sockets[0].getsockname()[1] if server.servers else args.port
        host = args.host if ":" not in args.host else f"[{args.host}]"
        url = f"http://{host}:{port}/"
        print(f"mahjong web calculator: {url}  (Ctrl+C stops it)", flush=True)
        if args.open:
            webbrowser.open(url)

    threading.Thread(target=announce, daemon=True).start()
    try:
        server.run(sockets=[sock])
    except KeyboardInterrupt:  # pragma: no cover - uvicorn handles the signal itself
        pass
    return 0 if server.started else 1
