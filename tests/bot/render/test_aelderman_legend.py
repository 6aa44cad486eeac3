"""The sea map's legend (a colour and a name per seat) tells the players apart as the text board does:
README, players called alike read "ada (1)" / "ada (2)", an abandoned one is marked, and names are
shown without direction controls."""
import unicodedata

from PIL import Image, ImageDraw

from bot.render import aelderman_map as sea_map
from play.common import told_apart
from games import registry

SPEC = registry.get("aelderman")


def shown_legend(names: dict[int, str], seats: int = 4) -> list[str]:
    """The names as the legend draws them (legend_entries, then the cut to each name's share)."""
    view = SPEC.view(SPEC.setup(seats, 3, {"version": "short"}), None)
    entries = sea_map.legend_entries(view, names)
    draw = ImageDraw.Draw(Image.new("RGB", (10, 10)))
    status = sea_map.status_text(view)
    width = max(sea_map.status_room(), round(draw.textlength(status, font=sea_map.font(13, True))))
    return [name for _, name in sea_map.band_names(draw, entries, width)]


def test_alike_long_names_stay_apart_in_the_legend():
    # Two players with the same display name: the text board reads "… (1)" / "… (2)" (told_apart).
    names = told_apart({0: "Bartholomew Fitzgerald", 1: "Bartholomew Fitzgerald", 2: "Cy", 3: "Di"},
                       lambda seat: seat + 1)
    shown = shown_legend(names)
    assert shown[0] != shown[1], f"legend shows both colours as {shown[0]!r}"
    assert shown[0].endswith("… (1)") and shown[1].endswith("… (2)"), shown


def test_abandoned_mark_kept_in_the_legend():
    names = {0: "Ada", 1: "Bartholomew Fitzgerald (forfeited)", 2: "Cy"}
    shown = shown_legend(names, seats=3)
    assert shown[1].endswith("… (forfeited)"), shown[1]


def test_direction_controls_left_out_of_the_legend():
    # README: names are shown as typed, "direction controls are left out". The picture draws the
    # raw name: a right-to-left override turns "Ada\u202eevil" into "Adalive" in the PNG.
    shown = shown_legend({0: "Ada\u202eevil", 1: "Bo", 2: "Cy", 3: "Di"})
    assert shown[0] == "Adaevil"
    assert not any(unicodedata.bidirectional(c) in ("RLO", "LRO", "RLE", "LRE", "PDF", "RLI", "LRI", "FSI", "PDI")
                   for c in shown[0]), repr(shown[0])


def test_characters_the_font_cannot_draw_are_left_out_of_the_legend():
    """Discord names often hold emoji or other scripts that the map's font has no glyphs for: drawn,
    each would be an empty box. The legend leaves them out; a name with nothing left is called by
    its seat (the text board, whose footer pairs each colour with its name, shows names in full)."""
    names = {0: "🐉 Drache ✨", 1: "田中", 2: "Zoë (forfeited)", 3: "🐉🐉 (2)"}
    assert shown_legend(names) == ["Drache", "Seat 2", "Zoë (forfeited)", "Seat 4 (2)"]
    assert sea_map.drawable("👩‍👩‍👧 Ada", "Seat 1") == "Ada"  # with its joiners


def test_the_legend_draws_no_empty_boxes():
    """The band drawn for names with emoji is the one drawn for the same names without them."""
    view = SPEC.view(SPEC.setup(2, 3, {"version": "short"}), None)
    key, status = sea_map.layout_key(view), sea_map.status_text(view)
    drawn = sea_map._legend(key, sea_map.legend_entries(view, {0: "🐉 Drache", 1: "Bo 🎲"}), status)
    plain = sea_map._legend(key, sea_map.legend_entries(view, {0: "Drache", 1: "Bo"}), status)
    assert drawn.tobytes() == plain.tobytes()


def test_players_the_legend_would_show_alike_end_with_their_seat_number():
    """Names alike once cut, or once what the font cannot draw is left out, are told apart by their
    seat, as README tells players called alike apart ("ada (1)")."""
    long = {s: f"Maximilian von Habsburg-Lothringen {s}" for s in range(4)}
    shown = shown_legend(long)
    assert len(set(shown)) == 4 and all(name.endswith(f" ({s + 1})") for s, name in enumerate(shown)), shown
    assert shown_legend({0: "ada🐉", 1: "ada🦄", 2: "Cy", 3: "Di"})[:2] == ["ada (1)", "ada (2)"]
    shown = shown_legend({0: "李明 Li", 1: "王芳 Li", 2: "田中", 3: "Seat 3"})
    assert shown[:2] == ["Li (1)", "Li (2)"] and shown[2] != shown[3], shown


def test_numbered_names_never_read_like_another_players():
    """Two names the font draws as "ada" become "ada (1)" and "ada (2)"; a third player typed
    "ada (2)": all three still read apart (numbered again, as the text board's names are)."""
    names = {0: "ada中", 1: "ada文", 2: "ada (2)", 3: "Di"}
    view = SPEC.view(SPEC.setup(4, 3, {"version": "short"}), None)
    entries = [name for _, name in sea_map.legend_entries(view, names)]  # before the cut to the legend's room
    assert len({name.casefold() for name in entries}) == 4, entries
    shown = shown_legend(names)
    assert len({name.casefold() for name in shown}) == 4, shown


def test_a_name_of_punctuation_the_font_draws_is_kept():
    assert shown_legend({0: "@@@", 1: "Bo", 2: "Cy", 3: "Di"})[0] == "@@@"


def test_what_leaves_no_ink_is_no_name_in_the_legend():
    """README: the legend "calls a player whose name has nothing else "Seat n"". A flag emoji's tag
    characters, a zero-width space or a blank Braille pattern draw nothing: kept, the colour stood
    beside an empty name, and "ada" and "ada" with a zero-width space read alike without a number."""
    england = "\U0001F3F4\U000E0067\U000E0062\U000E0065\U000E006E\U000E0067\U000E007F"
    assert shown_legend({0: "Ada", 1: england, 2: "🎲\u200b", 3: "\u2800"}) == ["Ada", "Seat 2", "Seat 3", "Seat 4"]
    assert shown_legend({0: "ada🎲", 1: "ada\u200b🎯", 2: "Cy"}, seats=3) == ["ada (1)", "ada (2)", "Cy"]
