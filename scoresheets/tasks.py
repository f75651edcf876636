"""The worker's part of the pads: the default blank pads rendered into the shared cache
when a worker starts, so a site started without ``manage.py warm_pads`` is warm as well."""

from __future__ import annotations

from celery import shared_task
from celery.signals import worker_ready
from django.core.cache.backends.locmem import LocMemCache

from .pads import pad_cache
from .warm import warm_pads


def shared_cache() -> bool:
    """Whether the web processes read this process's cache (not so for local memory)."""
    return not isinstance(pad_cache(), LocMemCache)


@shared_task(ignore_result=True)
def warm_blank_pads() -> tuple[int, int]:
    """(rendered, already cached); pads already in the cache are not rendered again."""
    return warm_pads() if shared_cache() else (0, 0)


@worker_ready.connect
def warm_on_start(**_) -> None:
    if shared_cache():
        warm_blank_pads.delay()
