"""The Redis cache, keeping its client.

Django's Redis cache builds a new ``redis.Redis`` object (with its table of response
callbacks) for every operation; this one builds one per server and keeps it, over the
same connection pool. A ``redis.Redis`` is safe to share between threads.
"""

from __future__ import annotations

from django.core.cache.backends import redis as django_redis


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


class RedisCache(django_redis.RedisCache):
    def __init__(self, server, params) -> None:
        super().__init__(server, params)
        self._class = KeptClient
