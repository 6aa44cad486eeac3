"""Every registered game has a renderer (bot/render/<game>.py) that draws the start, the middle and
the end of a game within Discord's limits: the board's embeds, its image where the renderer draws
one, a private panel for each seat, and the final standings."""

from __future__ import annotations

import io
import random

import discord
import pytest
from PIL import Image

from bot.render import get_renderer
from bot.render.base import Renderer, TableInfo, shown_name
from games import registry

NAMES = {s: f"Player with a rather long name {s} ŠŠŠ" for s in range(8)}


def table(seats: int) -> TableInfo:
    return TableInfo(table_id=3, title="Table 3", names={s: NAMES[s] for s in range(seats)},
                     mentions={s: f"<@{10**17 + s}>" for s in range(seats)})


def check_embed(embed: discord.Embed) -> None:
    assert len(embed) <= 6000
    assert len(embed.title or "") <= 256
    assert len(embed.description or "") <= 4096
    assert len(embed.fields) <= 25
    for field in embed.fields:
        assert 0 < len(field.name) <= 256 and 0 < len(field.value) <= 1024
    assert len(embed.footer.text or "") <= 2048


def start_middle_end(name: str, seats: int, seed: int):
    """The state after setup, one halfway through a random game, and its final state."""
    spec = registry.get(name)
    rng = random.Random(seed)
    states = [spec.setup(seats, seed)]
    while spec.outcome(states[-1]) is None:
        state = states[-1]
        seat = rng.choice(sorted(spec.to_act(state)))
        states.append(spec.apply(state, seat, rng.choice(spec.legal_actions(state, seat)))[0])
    return states[0], states[len(states) // 2], states[-1]


def cases():
    for name in registry.names():
        spec = registry.get(name)
        for seats in sorted({spec.min_seats, spec.max_seats}):
            yield pytest.param(name, seats, id=f"{name}-{seats}p")


@pytest.mark.slow  # an image test
@pytest.mark.parametrize("name,seats", list(cases()))
def test_start_middle_and_end_are_drawn_within_discord_limits(name, seats):
    spec = registry.get(name)
    renderer = get_renderer(name)
    assert renderer.game == name
    info = table(seats)
    draws_image = type(renderer).board_image is not Renderer.board_image
    for state in start_middle_end(name, seats, seed=7):
        public = spec.view(state, None)
        board = renderer.board(info, public)
        assert board, "the board has at least one embed"
        for embed in board:
            check_embed(embed)
        assert sum(len(embed) for embed in board) <= 6000, "one message's embeds share 6000 characters"
        assert (renderer.board_image_key(info, public) is not None) == draws_image
        if draws_image:
            file = renderer.board_image(info, public)
            assert isinstance(file, discord.File)
            with Image.open(io.BytesIO(file.fp.read())) as image:
                assert image.width > 0 and image.height > 0
        for seat in range(seats):
            panel = renderer.panel(info, spec.view(state, seat), seat)
            check_embed(panel)
            assert panel.title or panel.description or panel.fields
    lines = renderer.outcome_lines(info, spec.outcome(state))
    text = "\n".join(lines)
    assert lines and len(text) <= 4096
    assert all(info.name(seat) in text for seat in range(seats)), "every seat is in the standings"


@pytest.mark.parametrize("name", ["<#123>", "<t:0:R>", "<:logo:42>", "</table create:1>", "<@&7>"])
def test_a_name_written_like_a_channel_time_emoji_or_command_stays_text(name):
    """Discord shows `<#id>` as a channel, `<t:0:R>` as a time, `<:name:id>` as an emoji and `</name:id>`
    as a command; a name written so is shown as typed (its `<` escaped), never as one of them."""
    shown = shown_name(name)
    assert "<" not in shown.replace("\\<", "")
    assert shown.replace("\\", "").replace("\u200b", "") == name


@pytest.mark.parametrize("name", ["aelderman_map", "base", "chess", "../games"])
def test_a_renderer_is_looked_up_only_for_a_registered_game(name):
    """The game's name picks the renderer's module: a name from outside (a forged option) is never
    taken for a module to import."""
    with pytest.raises(KeyError):
        get_renderer(name)


@pytest.mark.parametrize("name, limit, shown", [
    ("Zoë Ñandú 🇳🇴 de Ålesund-Øresund!", 12, "Zoë Ñandú…"),  # not half a flag (a lone 🇳)
    ("Zoë Ñandú 🇳🇴 de Ålesund-Øresund!", 13, "Zoë Ñandú 🇳🇴…"),
    ("Émile 👨‍👩‍👧‍👦 Bartholomäus Schl", 12, "Émile…"),  # not a family of three
    ("Émile 👍🏽 Bartholomäus", 8, "Émile…"),  # not a thumb without its skin tone
    ("Émile 👍🏽 Bartholomäus", 9, "Émile 👍🏽…"),
    ("Rene\u0301e Duval", 5, "Ren…"),  # not an e without its accent
    ("Bartholomäus Schlemihl", 10, "Bartholom…"),
])
def test_a_shortened_name_is_cut_between_whole_characters(name, limit, shown):
    """A long display name is shortened to fit a crowded board: never inside a character Discord draws
    from several code points (a flag, a joined or skin-toned emoji, a letter and its accent)."""
    from bot.render.base import cut_to
    assert cut_to(name, limit) == shown
