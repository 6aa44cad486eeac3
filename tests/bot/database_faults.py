"""The database refusing a write for a moment, for tests: a full disk's error raised
by one method of the bot's store or service on the calls a test picks."""

from __future__ import annotations

import sqlite3


def refuse(env, obj, name: str, when) -> list:
    """`obj.name` raises a full disk's error on the calls `when(call number, kwargs)` picks."""
    real, calls = getattr(obj, name), []

    async def refusing(*args, **kwargs):
        calls.append(kwargs)
        if when(len(calls), kwargs):
            raise sqlite3.OperationalError("database or disk is full")
        return await real(*args, **kwargs)

    setattr(obj, name, refusing)
    env.check_errors = False  # the refused write is logged as an error, for the operator
    return calls
