"""`make run`: the site on one computer for the phones of the home network, as production runs it.

The ASGI server (daphne) on every address of the computer, DEBUG off, static files collected and
served by WhiteNoise, a secret key made once into VAR_DIR, ALLOWED_HOSTS and SITE_URL from the
computer's addresses; SQLite, the SQLite broker (config.broker) and mail to files are the only
differences from production. The web server, the Celery worker and beat run under a supervisor
(config.supervise) that starts again any of them that exits; Ctrl-C stops them all.

Environment: PORT (8000), VAR_DIR (var/), DEMO (any value loads the demo tables), HOST_ADDRESS
(the address phones use, instead of the one found), SITE_URL (every link's start, instead of
http://HOST_ADDRESS:PORT).
"""

from __future__ import annotations

import ipaddress
import os
import secrets
import socket
import subprocess
import sys
from pathlib import Path

from config.supervise import Program, Supervisor, say

ROOT = Path(__file__).resolve().parent.parent
BIN = Path(sys.executable).parent
# A documentation-only address (TEST-NET-1): connecting a UDP socket to it sends nothing, it only
# asks the system which of its addresses the way out of this computer starts from.
ROUTE_PROBE = ("192.0.2.1", 9)


def secret_key(var_dir: Path) -> str:
    """The site's key, made on the first run and kept in VAR_DIR (sessions and links outlive a restart)."""
    path = var_dir / "secret_key"
    if not path.exists():
        path.touch(mode=0o600)
        path.write_text(secrets.token_urlsafe(50))
    return path.read_text().strip()


def network_addresses() -> list[str]:
    """This computer's IPv4 addresses other than loopback, the one on the way out first."""
    found: list[str] = []
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(ROUTE_PROBE)
            found.append(probe.getsockname()[0])
        except OSError:
            pass  # no network: loopback only
    try:
        found += [info[4][0] for info in socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET)]
    except OSError:
        pass
    usable = []
    for address in found:
        parsed = ipaddress.ip_address(address)
        if (
            not (parsed.is_loopback or parsed.is_link_local or parsed.is_unspecified)
            and address not in usable
        ):
            usable.append(address)
    return usable


def site_environment(var_dir: Path, port: int, host_address: str | None) -> dict[str, str]:
    """The environment every process of the embedded default runs with."""
    addresses = [host_address] if host_address else network_addresses()
    phone_address = addresses[0] if addresses else "127.0.0.1"
    hostname = socket.gethostname()
    hosts = ["localhost", "127.0.0.1", "[::1]", hostname, f"{hostname}.local", *addresses]
    return {
        **os.environ,
        "DEBUG": "false",
        "SECRET_KEY": secret_key(var_dir),
        "VAR_DIR": str(var_dir),
        "PORT": str(port),
        "ALLOWED_HOSTS": ",".join(dict.fromkeys(hosts)),
        "SITE_URL": os.environ.get("SITE_URL") or f"http://{phone_address}:{port}",
        "DJANGO_SETTINGS_MODULE": "config.settings",
        # glibc gives each thread a memory pool of its own; the worker's threads holding several
        # pools grew its resident memory all evening (bench_soak). Two pools keep it flat.
        "MALLOC_ARENA_MAX": os.environ.get("MALLOC_ARENA_MAX") or "2",
    }


def prepare(env: dict[str, str], demo: bool) -> None:
    """The database's tables, the static files WhiteNoise serves, the blank pads (and the demo tables)."""
    manage = [sys.executable, "manage.py"]
    steps = [["migrate", "--noinput"], ["collectstatic", "--noinput", "--verbosity", "0"], ["warm_pads"]]
    if demo:
        steps.append(["load_demo"])
    for step in steps:
        subprocess.run([*manage, *step], cwd=ROOT, env=env, check=True)


def programs(env: dict[str, str], port: int, var_dir: Path) -> list[Program]:
    celery = str(BIN / "celery")
    return [
        Program(
            "web",
            [str(BIN / "daphne"), "-b", "0.0.0.0", "-p", str(port), "config.asgi:application"],
            env,
            str(ROOT),
        ),
        # Threads, not forked children: one process, and a SQLite connection never crosses a fork.
        Program(
            "worker",
            [
                celery,
                "-A",
                "config",
                "worker",
                "--pool=threads",
                "--concurrency=4",
                "--without-mingle",
                "--without-gossip",
                "--loglevel=INFO",
                "-n",
                "embedded@%h",
            ],
            env,
            str(ROOT),
        ),
        Program(
            "beat",
            [
                celery,
                "-A",
                "config",
                "beat",
                "--loglevel=INFO",
                f"--schedule={var_dir / 'celerybeat-schedule'}",
            ],
            env,
            str(ROOT),
        ),
    ]


def banner(env: dict[str, str], port: int) -> str:
    site = env["SITE_URL"]
    lines = [
        "",
        "Roman Games is running.",
        f"  On this computer:                 http://127.0.0.1:{port}/",
        f"  Phones and tablets on this Wi-Fi: {site}/",
        f"  Mail the site sends (read it here): http://127.0.0.1:{port}/dev/mail/",
        "Ctrl-C stops everything.",
        "",
    ]
    if site.startswith(("http://127.", "http://localhost")):
        lines.insert(3, "  (no network found: phones cannot reach this computer)")
    return "\n".join(lines)


def main() -> None:
    var_dir = Path(os.environ.get("VAR_DIR") or ROOT / "var").resolve()
    var_dir.mkdir(parents=True, exist_ok=True)
    port = int(os.environ.get("PORT") or 8000)
    env = site_environment(var_dir, port, os.environ.get("HOST_ADDRESS") or None)
    prepare(env, demo=bool(os.environ.get("DEMO")))
    print(banner(env, port), flush=True)
    say(f"serving {env['SITE_URL']}/ (ALLOWED_HOSTS {env['ALLOWED_HOSTS']})")
    Supervisor(programs(env, port, var_dir)).run()


if __name__ == "__main__":
    main()
