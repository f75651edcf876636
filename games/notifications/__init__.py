"""Who is told what, and when: the outbox, its delivery, digests, unsubscribe links, turn deadlines."""
