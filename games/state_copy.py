"""copy_state: the one way every game's state is copied (by GameSpec.apply, before the engine's
rule code changes the copy)."""

from __future__ import annotations

from functools import cache
from types import NoneType, UnionType
from typing import Annotated, Any, Callable, Literal, Union, get_args, get_origin

from pydantic import BaseModel

Copier = Callable[[Any], Any]
_ATOMS = frozenset([int, float, str, bool, bytes, NoneType])
_set = object.__setattr__
_new = object.__new__


def copy_state(state: Any) -> Any:
    """A private copy of a state for `apply`, the one way every game's state is copied.

    No validation runs (the state is valid already). Values that cannot change are shared with
    the original: numbers, strings, tuples and frozensets of them, frozen models. So are the
    fields a state class lists in `SHARED_ON_COPY`: the engine promises to replace such a field,
    or give the state its own copy, before changing it. Every other list, dict, model or
    dataclass is copied as deep as its annotation goes. The plan is worked out once per class.
    """
    return copier(type(state))(state)


@cache
def copier(cls: type) -> Copier:
    """copy_state's plan for instances of `cls`, a pydantic model or pydantic dataclass."""
    shared = frozenset(getattr(cls, "SHARED_ON_COPY", ()))
    deep = tuple((name, how) for name, annotation in _field_annotations(cls).items()
                 if name not in shared and (how := _copier_of(annotation)) is not None)
    if not issubclass(cls, BaseModel):
        if not deep:  # every field is shared (an immutable state): nothing to copy but the fields
            def share_dataclass(value: Any) -> Any:
                new = _new(cls)
                new.__dict__ = value.__dict__.copy()
                return new
            return share_dataclass

        def copy_dataclass(value: Any) -> Any:
            values = value.__dict__.copy()
            for name, how in deep:
                values[name] = how(values[name])
            new = _new(cls)
            new.__dict__ = values
            return new
        return copy_dataclass
    if cls.__private_attributes__ or cls.model_config.get("extra") == "allow":
        raise TypeError(f"copy_state copies plain fields only; {cls.__name__} has private or extra ones")
    every_field = set(cls.model_fields)  # a copy has every field set; one set shared by all copies

    def copy_model(value: Any) -> Any:
        values = value.__dict__.copy()
        for name, how in deep:
            values[name] = how(values[name])
        new = _new(cls)
        _set(new, "__dict__", values)
        _set(new, "__pydantic_fields_set__", every_field)
        _set(new, "__pydantic_extra__", None)
        _set(new, "__pydantic_private__", None)
        return new
    return copy_model


def _field_annotations(cls: type) -> dict[str, Any]:
    if issubclass(cls, BaseModel):
        return {name: info.annotation for name, info in cls.model_fields.items()}
    fields = getattr(cls, "__pydantic_fields__", None)  # a pydantic dataclass
    if fields is None:
        raise TypeError(f"copy_state copies pydantic models and dataclasses, not {cls.__name__}")
    return {name: info.annotation for name, info in fields.items()}


def _copier_of(annotation: Any) -> Copier | None:
    """How to copy a value of this annotation; None when the value cannot change (shared)."""
    if annotation in _ATOMS:
        return None
    origin, args = get_origin(annotation), get_args(annotation)
    if origin is Literal:
        return None
    if origin is Annotated:
        return _copier_of(args[0])
    if origin in (Union, UnionType):
        arms = [arm for arm in args if arm is not NoneType]
        hows = [_copier_of(arm) for arm in arms]
        if all(how is None for how in hows):
            return None
        if len(arms) == 1:  # X | None
            how = hows[0]
            return lambda value: None if value is None else how(value)
        return _copy_any
    if origin in (tuple, frozenset):
        return None if all(_copier_of(a) is None for a in args if a is not Ellipsis) else _copy_any
    if origin is list or annotation is list:
        item = _copier_of(args[0]) if args else _copy_any
        return list.copy if item is None else (lambda value: [item(x) for x in value])
    if origin is dict or annotation is dict:
        item = _copier_of(args[1]) if args else _copy_any
        return dict.copy if item is None else (lambda value: {k: item(x) for k, x in value.items()})
    if isinstance(annotation, type) and (issubclass(annotation, BaseModel) or hasattr(annotation, "__pydantic_fields__")):
        return None if _immutable_class(annotation) else copier(annotation)
    return _copy_any


def _immutable_class(cls: type) -> bool:
    """A frozen model or dataclass whose fields cannot change either."""
    if issubclass(cls, BaseModel):
        frozen = bool(cls.model_config.get("frozen"))
    else:
        frozen = bool(getattr(getattr(cls, "__dataclass_params__", None), "frozen", False))
    return frozen and all(_copier_of(a) is None for a in _field_annotations(cls).values())


def _copy_any(value: Any) -> Any:
    """A deep copy of plain data whose annotation does not say what it holds (Any, a union)."""
    if isinstance(value, list):
        return [_copy_any(x) for x in value]
    if isinstance(value, dict):
        return {k: _copy_any(x) for k, x in value.items()}
    if isinstance(value, tuple):
        return tuple(_copy_any(x) for x in value)
    if isinstance(value, BaseModel) or hasattr(type(value), "__pydantic_fields__"):
        return copier(type(value))(value)
    return value  # numbers, strings, None
