"""The process's push sender on the real Redis channel layer: one kept loop, nothing dropped."""

from __future__ import annotations

import asyncio
import threading
import uuid
import weakref
from concurrent.futures import ThreadPoolExecutor

import pytest
from channels.layers import get_channel_layer

from games.live.groups import table_group
from games.live.push import announce_version
from games.live.sender import Sender, process_sender
from tests.real_parts import REDIS, require

LAYER = f"redis://{REDIS[0]}:{REDIS[1]}/14"


@pytest.fixture
def redis_layer(settings):
    require("the Redis channel layer", redis=True)
    settings.CHANNEL_LAYERS = {
        "default": {
            "BACKEND": "channels_redis.core.RedisChannelLayer",
            # A prefix of its own: other runs on this Redis use the same group names.
            "CONFIG": {"hosts": [LAYER], "prefix": f"test-{uuid.uuid4().hex[:8]}", "capacity": 2000},
        }
    }
    return get_channel_layer()


def hear(layer, group: str, push) -> list[dict]:
    """Join ``group`` with a channel of its own, run ``push`` in a thread, and collect what arrives."""

    async def run() -> list[dict]:
        channel = await layer.new_channel()
        await layer.group_add(group, channel)
        loop = asyncio.get_running_loop()
        expected = await loop.run_in_executor(None, push)
        heard = []
        while len(heard) < expected:
            heard.append(await asyncio.wait_for(layer.receive(channel), timeout=10))
        await layer.group_discard(group, channel)
        return heard

    # On a thread of its own: a session-wide browser (the E2E tests, run before) may hold this one's loop.
    with ThreadPoolExecutor(1) as thread:
        return thread.submit(asyncio.run, run()).result()


def test_a_burst_from_many_threads_arrives_whole_in_order_over_one_kept_loop(redis_layer):
    sender = Sender(size=1000)
    threads, each = 8, 50

    def push() -> int:
        def one_thread(number: int) -> None:
            for sequence in range(each):
                sender.send("burst", {"type": "game.version", "version": sequence, "thread": number})

        workers = [threading.Thread(target=one_thread, args=(n,)) for n in range(threads)]
        for worker in workers:
            worker.start()
        for worker in workers:
            worker.join()
        assert sender.flush(timeout=20)
        loops.append(len(redis_layer._layers))
        return threads * each

    loops: list[int] = []
    heard = hear(redis_layer, "burst", push)
    for number in range(threads):
        assert [m["version"] for m in heard if m["thread"] == number] == list(range(each))
    assert sender.direct == 0
    # The layer's connections per event loop: the sender's one and the listening test's, not one per push.
    assert loops == [2]


def test_a_full_queue_sends_from_the_caller_and_drops_nothing(redis_layer):
    sender = Sender(size=1)
    count = 100

    def push() -> int:
        for version in range(count):
            sender.send("full", {"type": "game.version", "version": version})
        assert sender.flush(timeout=20)
        return count

    heard = hear(redis_layer, "full", push)
    assert sorted(m["version"] for m in heard) == list(range(count))
    assert sender.direct > 0  # back to back from one thread, a queue of one is full at once


def test_a_committed_move_is_announced_through_the_process_sender(redis_layer):
    def push() -> int:
        announce_version(424242, 7)
        assert process_sender().flush(timeout=10)
        return 1

    assert hear(redis_layer, table_group(424242), push) == [{"type": "game.version", "version": 7}]


def test_a_change_is_pushed_before_its_other_followers_run():
    from games.live import push
    from games.play.signals import game_changed

    followers = [r() if isinstance(r, weakref.ReferenceType) else r for _, r, *_ in game_changed.receivers]
    assert followers[0] is push.on_game_changed
