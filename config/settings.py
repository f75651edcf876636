"""One settings file, read from the environment.

With nothing set the site runs on SQLite, DEBUG on, e-mail written to files and
Celery on a SQLite file (config.broker): a fresh clone needs no servers. `make run`
(config.embedded) sets DEBUG off, a key of its own, the hosts and SITE_URL for the home network.
Production sets DATABASE_URL, CELERY_BROKER_URL, EMAIL_URL (or the EMAIL_*
variables), SECRET_KEY, ALLOWED_HOSTS and SITE_URL.
"""

from __future__ import annotations

import ipaddress
import os
import re
from datetime import timedelta
from pathlib import Path

import dj_database_url
from celery.schedules import crontab
from csp.constants import NONE, SELF
from django.core.exceptions import ImproperlyConfigured

BASE_DIR = Path(__file__).resolve().parent.parent
VAR_DIR = Path(os.environ.get("VAR_DIR", BASE_DIR / "var"))
VAR_DIR.mkdir(parents=True, exist_ok=True)


def env_bool(name: str, default: bool) -> bool:
    value = os.environ.get(name)
    if value is None:
        return default
    return value.strip().lower() in {"1", "true", "yes", "on"}


def env_list(name: str, default: str = "") -> list[str]:
    return [item.strip() for item in os.environ.get(name, default).split(",") if item.strip()]


def env_rate(name: str, default: str) -> str:
    """A rate limit such as "20/10m": that many requests per period (s, m, h or d, optionally times N)."""
    value = os.environ.get(name, default).strip()
    if not re.fullmatch(r"\d+/\d*[smhd]", value):
        raise ImproperlyConfigured(f'{name} must look like "20/10m" (a count, a slash, a period): {value!r}')
    return value


DEBUG = env_bool("DEBUG", "SECRET_KEY" not in os.environ)
# The development key is public: the "django-insecure-" prefix makes `check --deploy` flag it,
# and a site with DEBUG off refuses to start on it (the daily deck and signed links hang on it).
DEV_SECRET_KEY = "django-insecure-dev-only-" + "x" * 40
SECRET_KEY = os.environ.get("SECRET_KEY", DEV_SECRET_KEY)
if not DEBUG and SECRET_KEY == DEV_SECRET_KEY:
    raise ImproperlyConfigured("Set SECRET_KEY: with DEBUG off the site will not run on the development key.")
ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", "localhost,127.0.0.1,[::1],testserver")
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS")
CSRF_FAILURE_VIEW = "config.csrf.failure"  # a sentence in the site's page, not Django's technical one
# Where people reach the site: every absolute link (mail, QR codes, copy-link boxes) starts with it
# (config.links). DEBUG (`make dev`) serves http://localhost:PORT; `make run` (config.embedded) sets
# the address phones on the home network open; production sets its own https:// address.
SITE_URL = os.environ.get(
    "SITE_URL", f"http://localhost:{os.environ.get('PORT', '8000')}" if DEBUG else "https://localhost"
).rstrip("/")

INSTALLED_APPS = [
    "daphne",  # runserver serves ASGI, so the live tables' WebSockets work in `make run`
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "django_htmx",
    "channels",
    "axes",
    "accounts",
    "games",
    "games.poker",
    "games.catacombs",
    "games.romirami",
    "games.roads",
    "games.romanroad",
    "games.decks",  # no models: the deck games' shared templates (and static files)
    "scoresheets",
    "groups",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "accounts.middleware.RememberSessionMiddleware",
    "accounts.timezones.TimeZoneMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    "csp.middleware.CSPMiddleware",
    "games.web.middleware.RejectNulMiddleware",
    "games.web.middleware.ExplainNotAllowedMiddleware",
    "games.web.middleware.CodeGuessMiddleware",
    "axes.middleware.AxesMiddleware",  # last: turns a refused sign-in into the lockout page
]

ROOT_URLCONF = "config.urls"
WSGI_APPLICATION = "config.wsgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    },
    # The parts of a board drawn most (``{% part "….jinja" %}``, from ``<app>/jinja2/``), where
    # Jinja2 is the quicker engine (docs/architecture/pages-and-live.md, bench/bench_engines.py).
    {
        "BACKEND": "django.template.backends.jinja2.Jinja2",
        "APP_DIRS": True,
    },
]

DATABASES = {"default": dj_database_url.config(default=f"sqlite:///{VAR_DIR / 'db.sqlite3'}")}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # Concurrent requests (and the worker) wait for the write lock instead of failing.
    DATABASES["default"]["OPTIONS"] = {"timeout": 20, "transaction_mode": "IMMEDIATE"}
    DATABASES["default"]["CONN_MAX_AGE"] = 0
else:
    # One pool of PostgreSQL connections per process (web or worker): a request or a socket's
    # query borrows one and gives it back, so an ASGI server's many threads never open a
    # connection per request nor more than DATABASE_POOL_SIZE in all; a burst waits for a free
    # one (up to DATABASE_POOL_TIMEOUT seconds) instead of running the server out of clients.
    # The pool checks a connection before lending it, so a restarted server costs no request.
    DATABASE_POOL_SIZE = int(os.environ.get("DATABASE_POOL_SIZE", "8"))
    DATABASES["default"]["CONN_MAX_AGE"] = 0  # the pool keeps the connections; Django must not
    DATABASES["default"]["CONN_HEALTH_CHECKS"] = True  # with a pool: psycopg_pool's check on lending
    DATABASES["default"].setdefault("OPTIONS", {})["pool"] = {  # beside ?options of DATABASE_URL
        "min_size": min(2, DATABASE_POOL_SIZE),
        "max_size": DATABASE_POOL_SIZE,
        "timeout": float(os.environ.get("DATABASE_POOL_TIMEOUT", "10")),
        "max_idle": 300,
    }
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

AUTH_USER_MODEL = "accounts.User"
# Axes first: a locked e-mail + address pair is refused before any password is checked.
AUTHENTICATION_BACKENDS = ["axes.backends.AxesStandaloneBackend", "django.contrib.auth.backends.ModelBackend"]
AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "my_games"
LOGOUT_REDIRECT_URL = "home"

LANGUAGE_CODE = "en"
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True

STATIC_URL = "/static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
STATIC_ROOT = BASE_DIR / "staticfiles"
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": (
            "django.contrib.staticfiles.storage.StaticFilesStorage"
            if DEBUG
            else "whitenoise.storage.CompressedManifestStaticFilesStorage"
        )
    },
}

# E-mail: EMAIL_URL=smtp://user:pass@host:port (or smtp+tls://) for a real server;
# unset, mail is written to files under var/mail and listed at /dev/mail/ in DEBUG.
EMAIL_FILE_PATH = VAR_DIR / "mail"
DEFAULT_FROM_EMAIL = os.environ.get("DEFAULT_FROM_EMAIL", "Roman Games <games@localhost>")
_email_url = os.environ.get("EMAIL_URL", "")
if _email_url:
    from urllib.parse import unquote, urlparse

    _parts = urlparse(_email_url)
    EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
    EMAIL_HOST = _parts.hostname or "localhost"
    EMAIL_PORT = _parts.port or 25
    EMAIL_HOST_USER = unquote(_parts.username or "")
    EMAIL_HOST_PASSWORD = unquote(_parts.password or "")
    EMAIL_USE_TLS = _parts.scheme == "smtp+tls"
    EMAIL_USE_SSL = _parts.scheme == "smtps"
    EMAIL_TIMEOUT = 10
else:
    EMAIL_BACKEND = os.environ.get("EMAIL_BACKEND", "django.core.mail.backends.filebased.EmailBackend")

# A mail about a table goes this long after the turn began or its player left the table, whichever
# is later, if what it says still holds then (games.notifications.claims).
MAIL_WINDOW_SECONDS = float(os.environ.get("MAIL_WINDOW_SECONDS", "60"))
# How long a table waits on a person away (a phone asleep) before it may move on (games.live.away).
AWAY_GRACE_SECONDS = float(os.environ.get("AWAY_GRACE_SECONDS", "120"))
# Celery: a SQLite file under VAR_DIR by default (config.broker: no server, every message written in
# a transaction), Redis in production.
CELERY_BROKER_URL = os.environ.get("CELERY_BROKER_URL", f"sqla+sqlite:///{VAR_DIR / 'broker.sqlite3'}")
LOCAL_BROKER = CELERY_BROKER_URL.startswith(("sqla+sqlite:", "sqlalchemy+sqlite:"))
# The embedded default: one machine and no servers (SQLite, the broker above, mail to files). Its
# mail viewer (/dev/mail/, games.web.dev_views) answers there, for the computer running the site, and
# in DEBUG; nowhere else.
EMBEDDED = DATABASES["default"]["ENGINE"].endswith("sqlite3") and LOCAL_BROKER and not _email_url
BROKER_VISIBILITY_SECONDS = int(os.environ.get("BROKER_VISIBILITY_SECONDS", "300"))
CELERY_BROKER_TRANSPORT_OPTIONS = (
    {}
    if LOCAL_BROKER
    else {
        "max_retries": 2,
        "interval_start": 0,
        "interval_step": 0.5,
        "interval_max": 1,
        # A task a dead worker held goes back to the queue after this long (Redis's default is an hour).
        "visibility_timeout": BROKER_VISIBILITY_SECONDS,
    }
)
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
CELERY_TASK_ALWAYS_EAGER = env_bool("CELERY_TASK_ALWAYS_EAGER", False)
# One queue per site when several share a Redis.
CELERY_TASK_DEFAULT_QUEUE = os.environ.get("CELERY_TASK_DEFAULT_QUEUE", "celery")
CELERY_TASK_ACKS_LATE = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
CELERY_TASK_IGNORE_RESULT = True
CELERY_TIMEZONE = "UTC"
# Beat: its heartbeat, mail a lost task left behind, turn deadlines and timed flips, the daily digest.
CELERY_BEAT_SCHEDULE = {
    "heartbeat": {
        "task": "games.tasks.heartbeat",
        "schedule": float(os.environ.get("HEARTBEAT_SECONDS", "15")),
    },
    "sweep-outbox": {
        "task": "games.tasks.sweep_outbox",
        "schedule": float(os.environ.get("OUTBOX_SWEEP_SECONDS", "15")),
    },
    "run-deadlines": {"task": "games.tasks.run_deadlines", "schedule": 60.0},
    "wake-waiting-bots": {
        "task": "games.tasks.wake_waiting_bots",
        "schedule": float(os.environ.get("BOT_SWEEP_SECONDS", "15")),
    },
    "send-digests": {
        "task": "games.tasks.send_digests",
        "schedule": crontab(hour=int(os.environ.get("DIGEST_HOUR_UTC", "7")), minute=0),
    },
    "sweep-guests": {"task": "accounts.tasks.sweep_guests", "schedule": crontab(hour=3, minute=30)},
    "forget-signin-failures": {
        "task": "accounts.tasks.forget_signin_failures",
        "schedule": crontab(hour=3, minute=40),
    },
}

# Live pages (games.live): Redis in production so pushes cross web processes and workers;
# the embedded default's in-memory layer stays in its process (games/live/watch.py covers that).
ASGI_APPLICATION = "config.asgi.application"
CHANNEL_LAYERS = {
    "default": (
        {
            "BACKEND": "channels_redis.core.RedisChannelLayer",
            # A socket's consumer waits on Redis for up to 5 s at a time (BZPOPMIN); redis-py's own
            # 5 s read timeout would race that wait and drop the page's socket every few minutes.
            "CONFIG": {"hosts": [{"address": os.environ["CHANNEL_LAYER_URL"], "socket_timeout": 30}]},
        }
        if os.environ.get("CHANNEL_LAYER_URL")
        else {"BACKEND": "channels.layers.InMemoryChannelLayer"}
    )
}

# Pushes waiting for this process's sender (games.live.sender); past this a push is sent by its caller.
LIVE_PUSH_QUEUE_SIZE = int(os.environ.get("LIVE_PUSH_QUEUE_SIZE", "1000"))

CACHES = {
    "default": (
        {"BACKEND": "config.cache.RedisCache", "LOCATION": os.environ["CACHE_URL"]}
        if os.environ.get("CACHE_URL")
        else {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}
    ),
    # The printable pads' PDFs (scoresheets.pads): in Redis with CACHE_URL; without it in files under
    # VAR_DIR, which every process of the site shares with no server (the web server, the worker and
    # `manage.py warm_pads`), while the counters and notes of "default" stay in each process's memory.
    "pads": (
        {"BACKEND": "config.cache.RedisCache", "LOCATION": os.environ["CACHE_URL"]}
        if os.environ.get("CACHE_URL")
        else {
            "BACKEND": "django.core.cache.backends.filebased.FileBasedCache",
            "LOCATION": str(VAR_DIR / "pads"),
            "OPTIONS": {"MAX_ENTRIES": 500},  # a PDF is 20–200 kB: at most about 100 MB on disk
        }
    ),
    # What every process of the site reads (beat's heartbeat, config.heartbeat): in Redis with
    # CACHE_URL, else in files under VAR_DIR shared by the web server, the worker and beat.
    "shared": (
        {"BACKEND": "config.cache.RedisCache", "LOCATION": os.environ["CACHE_URL"]}
        if os.environ.get("CACHE_URL")
        else {
            "BACKEND": "django.core.cache.backends.filebased.FileBasedCache",
            "LOCATION": str(VAR_DIR / "shared"),
        }
    ),
}
# Each web process renders every game's pad once as it starts (scoresheets/warm.py), so a
# visitor's PDF is never the process's first: "false" spares a small machine that second of CPU.
WARM_PDF_RENDERER = env_bool("WARM_PDF_RENDERER", True)

# How long a sign-in lasts (a guest's too: a guest signed out has no way back to their seat).
SESSION_COOKIE_AGE = int(os.environ.get("SESSION_DAYS", "14")) * 24 * 60 * 60
# A guest with no seat at (and no table hosted in) an unfinished game, and no visit
# for this many days, is removed by the nightly sweep (accounts.guests).
GUEST_RETENTION_DAYS = int(os.environ.get("GUEST_RETENTION_DAYS", "90"))

# Abuse limits -------------------------------------------------------------------
# Counters live in the default cache (set CACHE_URL to a Redis in production so that
# every web process shares them). A client is the signed-in user, else the address.
# Addresses: REMOTE_ADDR; X-Forwarded-For is read only from TRUSTED_PROXIES (addresses
# or networks, comma-separated; none by default), skipping each trusted hop from the right.
TRUSTED_PROXIES = []
for _proxy in env_list("TRUSTED_PROXIES"):
    try:
        TRUSTED_PROXIES.append(ipaddress.ip_network(_proxy, strict=False))
    except ValueError as _error:
        raise ImproperlyConfigured(f"TRUSTED_PROXIES holds {_proxy!r}: no address or network.") from _error

RATE_LIMITS = {
    # join-by-code lookups and opening or posting an invite link
    "joins": env_rate("RATE_LIMIT_JOINS", "100/10m"),
    # table codes that lead to no table (join, invite link, game page, poll, log, pad)
    "code_misses": env_rate("RATE_LIMIT_CODE_MISSES", "60/h"),
    # guest accounts made by joining with a name or starting a solo run, per address
    "guests": env_rate("RATE_LIMIT_GUESTS", "20/h"),
    "signups": env_rate("RATE_LIMIT_SIGNUPS", "20/h"),
    # password-reset requests per client, and per e-mail address asked for
    "password_resets": env_rate("RATE_LIMIT_PASSWORD_RESETS", "10/h"),
    "reset_mails": env_rate("RATE_LIMIT_RESET_MAILS", "3/h"),
    # links that confirm an e-mail address, asked for again or for a new address, per account
    "verify_mails": env_rate("RATE_LIMIT_VERIFY_MAILS", "5/h"),
    "sheets": env_rate("RATE_LIMIT_SHEETS", "30/h"),  # new in-person score sheets
    # four a second for a minute: no person keeps that up at a live race (Roman Road); a flood does
    "moves": env_rate("RATE_LIMIT_MOVES", "240/m"),
    # per valid session (a page saw it), else address; live tables redraw often
    "polls": env_rate("RATE_LIMIT_POLLS", "600/m"),
    "tables": env_rate("RATE_LIMIT_TABLES", "30/h"),  # new tables set up in the lobby
    "solo_runs": env_rate("RATE_LIMIT_SOLO_RUNS", "60/h"),  # Catacombs solo and daily runs started
    "bot_tables": env_rate("RATE_LIMIT_BOT_TABLES", "6/h"),  # tables started with no person seated
    "pads": env_rate("RATE_LIMIT_PADS", "30/h"),  # PDFs rendered (a pad served from the cache is free)
}
RATELIMIT_ENABLE = env_bool("RATELIMIT_ENABLE", True)
RATELIMIT_FAIL_OPEN = True  # a cache that is down lets people play rather than refusing everyone

# Sign-in throttling (django-axes): an e-mail + address pair that fails
# SIGNIN_FAILURE_LIMIT times is locked for SIGNIN_LOCKOUT_MINUTES; other addresses,
# and password reset, stay open.
AXES_ENABLED = env_bool("AXES_ENABLED", True)
AXES_FAILURE_LIMIT = int(os.environ.get("SIGNIN_FAILURE_LIMIT", "5"))
AXES_COOLOFF_TIME = timedelta(minutes=int(os.environ.get("SIGNIN_LOCKOUT_MINUTES", "15")))
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
AXES_USERNAME_FORM_FIELD = "username"  # the sign-in form's field, which holds the e-mail
AXES_USERNAME_CALLABLE = "accounts.limits.signin_email"
AXES_CLIENT_IP_CALLABLE = "accounts.limits.client_ip"
AXES_LOCKOUT_CALLABLE = "accounts.views.locked_out"
AXES_RESET_ON_SUCCESS = True
AXES_DISABLE_ACCESS_LOG = True  # keep no record of successful sign-ins (addresses, browsers)
AXES_VERBOSE = False

# Content-Security-Policy (django-csp): scripts, styles and fonts from this site only,
# no inline script or style, no eval. 'self' in connect-src also admits the live
# table's WebSocket on the same host.
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": [SELF],
        "script-src": [SELF],
        "style-src": [SELF],
        "img-src": [SELF],
        "font-src": [SELF],
        "connect-src": [SELF],
        "object-src": [NONE],
        "base-uri": [SELF],
        "form-action": [SELF],
        "frame-ancestors": [NONE],
    },
}
# With DEBUG off the site is served over HTTPS unless its address says plain HTTP (the embedded
# default on the home network): SITE_URL is the one place that says so.
if not DEBUG and not SITE_URL.startswith("http://"):
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    SECURE_SSL_REDIRECT = env_bool("SECURE_SSL_REDIRECT", True)
    SESSION_COOKIE_SECURE = True
    CSRF_COOKIE_SECURE = True
    SECURE_HSTS_SECONDS = int(os.environ.get("SECURE_HSTS_SECONDS", "31536000"))
    SECURE_HSTS_INCLUDE_SUBDOMAINS = True
    SECURE_HSTS_PRELOAD = True
    SECURE_CONTENT_TYPE_NOSNIFF = True

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": os.environ.get("LOG_LEVEL", "INFO")},
}
