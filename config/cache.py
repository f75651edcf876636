"""The Redis cache, keeping its client; a delete that happens only if the key holds a value.

Django's Redis cache builds a new ``redis.Redis`` object (with its table of response
callbacks) for every operation; this one builds one per server and keeps it, over the
same connection pool. A ``redis.Redis`` is safe to share between threads.

Django also makes a new cache object for every thread and every async context (each
socket's consumer runs in one of its own), and each would open its own pool and
connections; so the client is kept per process, shared by every cache object of the
same servers and options.

``delete_if`` frees a key its holder still holds: on Redis the comparison and the delete are
one script the server runs at once, so a key that expired and was taken by another holder
between the two is left to them.
"""

from __future__ import annotations

import threading

from django.core.cache import BaseCache
from django.core.cache.backends import redis as django_redis
from django.utils.functional import cached_property


class KeptClient(django_redis.RedisCacheClient):
    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self._clients: dict[int, object] = {}

    def get_client(self, key=None, *, write=False):
        index = self._get_connection_pool_index(write)
        client = self._clients.get(index)
        if client is None:
            if index not in self._pools:
                self._pools[index] = self._pool_class.from_url(self._servers[index], **self._pool_options)
            client = self._clients[index] = self._client(connection_pool=self._pools[index])
        return client


_DELETE_IF = "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) end return 0"

_kept: dict[tuple, KeptClient] = {}
_lock = threading.Lock()


class RedisCache(django_redis.RedisCache):
    @cached_property
    def _cache(self) -> KeptClient:
        key = (tuple(self._servers), repr(sorted(self._options.items())))
        with _lock:
            client = _kept.get(key)
            if client is None:
                client = _kept[key] = KeptClient(self._servers, **self._options)
        return client

    def delete_if(self, key: str, value: object) -> bool:
        """Delete ``key`` if it holds ``value`` (one step on the server); whether it did."""
        key = self.make_and_validate_key(key)
        client = self._cache.get_client(key, write=True)
        return bool(client.eval(_DELETE_IF, 1, key, self._cache._serializer.dumps(value)))


def delete_if(cache: BaseCache, key: str, value: object) -> bool:
    """``RedisCache.delete_if``; on a cache in one process's memory (the embedded default, one
    worker) a read, then a delete."""
    if isinstance(cache, RedisCache):
        return cache.delete_if(key, value)
    return cache.get(key) == value and cache.delete(key)
