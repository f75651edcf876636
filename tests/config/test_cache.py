"""The Redis cache keeps one client per server and process, and behaves as Django's own; a key is
deleted only while it holds the value its holder names."""

from __future__ import annotations

import uuid

import pytest
from django.core.cache.backends.locmem import LocMemCache
from django.core.cache.backends.redis import RedisCache as DjangoRedisCache

from config.cache import RedisCache, delete_if
from tests.integration.mail_harness import reachable


@pytest.fixture
def store():
    if not reachable("127.0.0.1", 6379):
        pytest.skip("needs Redis at 127.0.0.1:6379")
    params = {"KEY_PREFIX": f"cache-test-{uuid.uuid4().hex}"}
    cache = RedisCache("redis://127.0.0.1:6379/14", params)
    yield cache
    cache.clear()


def test_one_client_serves_every_operation(store):
    assert isinstance(store, DjangoRedisCache)
    assert store._cache.get_client(write=True) is store._cache.get_client(write=False)


def test_every_cache_object_of_a_process_shares_one_client_and_its_connections(store):
    # Django makes a cache object per thread and per async context (each socket's consumer).
    other = RedisCache("redis://127.0.0.1:6379/14", {"KEY_PREFIX": "another-prefix"})
    assert other._cache is store._cache
    elsewhere = RedisCache("redis://127.0.0.1:6379/13", {})
    assert elsewhere._cache is not store._cache


def test_it_stores_adds_counts_and_forgets_as_the_django_cache_does(store):
    store.set("a", {"x": 1}, 60)
    assert store.get("a") == {"x": 1}
    assert store.add("n", 1, 60) and not store.add("n", 5, 60)
    assert store.incr("n") == 2
    assert store.get_many(["a", "n", "missing"]) == {"a": {"x": 1}, "n": 2}
    store.delete("a")
    assert store.get("a", "gone") == "gone"


@pytest.mark.parametrize("value", ["chain-a", 7, {"x": 1}])
def test_delete_if_deletes_a_key_only_while_it_holds_the_value(store, value):
    store.set("pacer", value, 60)
    assert not delete_if(store, "pacer", "another holder's")
    assert store.get("pacer") == value
    assert delete_if(store, "pacer", value)
    assert store.get("pacer") is None
    assert not delete_if(store, "pacer", value)


def test_delete_if_on_a_cache_in_one_process_reads_then_deletes():
    memory = LocMemCache(f"delete-if-{uuid.uuid4().hex}", {})
    memory.set("pacer", "chain-b", 60)
    assert not delete_if(memory, "pacer", "chain-a") and memory.get("pacer") == "chain-b"
    assert delete_if(memory, "pacer", "chain-b") and memory.get("pacer") is None
