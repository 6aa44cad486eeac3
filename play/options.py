"""Game options written as `key=value` pairs (the tools' `--option version=main`), checked against
the game's Options model as `/table create options:` checks them: an unknown key or a bad value is
refused with a message that lists what the game allows."""

from __future__ import annotations

import typing
import unicodedata
from typing import Any, Iterable, get_args, get_origin

from games.core import GameSpec, RuleError
from play.common import draws_nothing, quote

TRUE_WORDS = frozenset({"true", "on", "yes", "1"})
FALSE_WORDS = frozenset({"false", "off", "no", "0"})


def allowed_values(annotation: Any) -> list[Any] | None:
    """The values an option field takes when they can be listed (bools and Literals)."""
    if annotation is bool:
        return [True, False]
    if get_origin(annotation) is typing.Literal:
        return list(get_args(annotation))
    return None


def _shown(value: Any) -> str:
    return str(value).lower() if isinstance(value, bool) else str(value)


def options_help(spec: GameSpec) -> str:
    """Every option of the game with its values and default, on one line."""
    parts = []
    for key, info in spec.Options.model_fields.items():
        values = ", ".join(_shown(v) for v in allowed_values(info.annotation) or []) or "a value"
        parts.append(f"{key} ({values}; default {_shown(info.default)})")
    return "; ".join(parts) or "none"


def option_lines(spec: GameSpec) -> list[str]:
    """Each option of the game on its own line: key, values, default and what it means."""
    lines = []
    for key, info in spec.Options.model_fields.items():
        values = " | ".join(_shown(v) for v in allowed_values(info.annotation) or []) or "a value"
        meaning = f": {info.description}" if info.description else ""
        lines.append(f"`{key}` ({values}; default {_shown(info.default)}){meaning}")
    return lines


def read_pairs(spec: GameSpec, pairs: Iterable[str], mark: str = "'") -> dict[str, Any]:
    """`["version=main", "take_three=off"]` into option values, each key known, each bool one of the
    bot's words and each listed value one of its values; the rest is left to `check_options`.
    Raises ValueError saying what is wrong and what is allowed, quoting input (between `mark`s)
    cut to a few dozen characters. The one reader of typed options: slash commands and tools."""
    raw: dict[str, Any] = {}
    for pair in pairs:
        key, sep, value = (_typed(part) for part in pair.partition("="))
        if not sep or not key or not value:
            raise ValueError(f"options are written key=value, not {mark}{quote(pair)}{mark}; "
                             f"{spec.title} options: {options_help(spec)}")
        key = next((known for known in spec.Options.model_fields if known.lower() == key.lower()), key)  # "Version"
        info = spec.Options.model_fields.get(key)
        if info is None:
            raise ValueError(f"{spec.title} has no option {mark}{quote(key)}{mark}{_lookalike(key)}; "
                             f"its options: {options_help(spec)}")
        if key in raw:
            raise ValueError(f"option {mark}{key}{mark} is given twice; {spec.title} options: {options_help(spec)}")
        try:
            raw[key] = _read_value(key, value, info.annotation, mark)
        except ValueError as exc:
            raise ValueError(f"{exc}; {spec.title} options: {options_help(spec)}") from None
    return raw


def _read_value(key: str, value: str, annotation: Any, mark: str) -> Any:
    if annotation is bool:
        if value.lower() not in TRUE_WORDS | FALSE_WORDS:
            raise ValueError(f"option {mark}{key}{mark} is on or off (true or false), not "
                             f"{mark}{quote(value)}{mark}{_lookalike(value)}")
        return value.lower() in TRUE_WORDS
    shown = [_shown(v) for v in allowed_values(annotation) or []]
    value = next((v for v in shown if v.lower() == value.lower()), value)  # "HARD" is "hard"
    if shown and value not in shown:
        listed = ", ".join(shown[:-1]) + f" or {shown[-1]}" if len(shown) > 1 else shown[0]
        raise ValueError(f"option {mark}{key}{mark} is {listed}, not {mark}{quote(value)}{mark}{_lookalike(value)}")
    return value


def _typed(text: str) -> str:
    """A typed key or value without the characters that draw nothing (a pasted zero-width space
    or byte-order mark), and without spaces around it."""
    return "".join(c for c in text if c == " " or not draws_nothing(c)).strip()


def _lookalike(text: str) -> str:
    """A note for a refused key or value with a letter that looks like a plain one but is not (a
    Cyrillic "а", a Greek "ο", a full-width "ａ"): options are written in plain letters."""
    looks_latin = any(unicodedata.name(c, "").startswith(LOOKALIKE_SCRIPTS) for c in text if c.isalpha())
    return " (it has a character that only looks like a plain letter: type it again)" if looks_latin else ""


LOOKALIKE_SCRIPTS = ("CYRILLIC", "GREEK", "FULLWIDTH LATIN", "LATIN LETTER SMALL CAPITAL")


def parse_option_pairs(spec: GameSpec, pairs: Iterable[str]) -> dict[str, Any]:
    """`["version=main", "difficulty=hard"]` into the checked options as a plain dict (it can be
    sent to worker processes). Raises ValueError naming the pair and the game's options."""
    return check_options(spec, read_pairs(spec, pairs))


def check_options(spec: GameSpec, options: dict[str, Any] | None) -> dict[str, Any]:
    """Option values (missing ones take their defaults) checked by the game's Options model,
    as a plain dict. Raises ValueError for an unknown key or a bad value."""
    options = dict(options or {})
    for key in options:
        if key not in spec.Options.model_fields:
            raise ValueError(f"{spec.title} has no option {key!r}; its options: {options_help(spec)}")
    try:
        return spec.parse_options(options).model_dump()
    except RuleError as exc:
        raise ValueError(f"{exc} (options: {options_help(spec)})") from None


def changed_options(spec: GameSpec, options: dict[str, Any]) -> dict[str, Any]:
    """The options that differ from the game's defaults (what a report needs to name)."""
    defaults = spec.Options().model_dump()
    return {k: v for k, v in options.items() if defaults.get(k) != v}


def describe_options(spec: GameSpec, options: dict[str, Any]) -> str:
    changed = changed_options(spec, options)
    return ", ".join(f"{k}={_shown(v)}" for k, v in changed.items()) or "defaults"
