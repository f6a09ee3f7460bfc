"""Start the server: bind, print the URL (and its QR code on a terminal), serve until Ctrl-C."""

from __future__ import annotations

import contextlib
import socket
import sys
from pathlib import Path
from typing import Optional

from .. import library as kems


def lan_address() -> str:
    """This machine's address on the local network, as the phones reach it (the interface a packet
    to the outside would leave by; nothing is sent)."""
    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        probe.connect(("192.0.2.1", 9))  # TEST-NET-1: never routed, never contacted
        return str(probe.getsockname()[0])
    except OSError:
        return "127.0.0.1"
    finally:
        probe.close()


def run(host: Optional[str], port: int, lan: bool, db: Optional[str], houses: list[str], lang: Optional[str],
        new_token: bool = False) -> None:
    try:
        import uvicorn

        from .app import create_app
        from .base import Settings
        from .join_token import table_token
    except ImportError as exc:
        raise kems.KemsError("error.serve_needs_web", missing=exc.name or "starlette") from None
    by_id: dict[str, str] = {}
    for ref in houses:
        conv = kems.load(ref)  # a broken file is refused here, with its line, before anything listens
        by_id[conv.id] = ref
    if new_token and not lan:
        raise kems.KemsError("error.serve_new_token_needs_lan")
    db_path = Path(db).expanduser() if db else None
    # the table's token is kept beside its database: a restarted server admits the phones that joined
    token = table_token(db_path or kems.default_path(), renew=new_token, make_folder=db_path is None) if lan else None
    bind = host or ("0.0.0.0" if lan else "127.0.0.1")
    family = socket.AF_INET6 if ":" in bind else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((bind, port))
    except OSError as exc:
        sock.close()
        raise kems.KemsError("error.serve_cannot_listen", host=bind, port=port,
                             reason=exc.strerror or str(exc)) from None
    sock.listen(64)
    # without a token, only requests addressed to this machine's loopback names (or the address given)
    hosts = None if token else {"127.0.0.1", "localhost", "::1", bind}
    settings = Settings(db=db_path, token=token, houses=by_id, lang=lang, hosts=hosts)
    config = uvicorn.Config(create_app(settings), log_level="warning", access_log=False, lifespan="off",
                            limit_concurrency=64, timeout_keep_alive=5)
    server = uvicorn.Server(config)
    shown = lan_address() if bind in ("0.0.0.0", "::") else bind
    shown = f"[{shown}]" if ":" in shown else shown
    url = f"http://{shown}:{sock.getsockname()[1]}/" + (f"?token={token}" if token else "")
    # from here on, Ctrl-C is how a table stops its server: a clean stop, exit 0
    with contextlib.suppress(KeyboardInterrupt):
        sys.stdout.write(url + "\n")  # the first line: the URL to open (scripts read the port here)
        sys.stdout.flush()
        if sys.stdout.isatty():
            import segno

            segno.make(url, error="m").terminal(compact=True)
        server.run(sockets=[sock])
