"""The end of a solo game that the player finishes level with the dummy, as the thread tells it."""

from __future__ import annotations

from games import registry
from games.aelderman.election import score_pad
from play.results import seat_choices
from tests.bot.driver import board_message, choose, open_table, start

SPEC = registry.get("aelderman")
OPTIONS = {"version": "main", "difficulty": "easy"}


def last_decision_level_with_the_dummy(seed: int):
    """A solo main game played by the random computer player up to its last decision, with the
    player's council votes set so that this decision ends the game level with the dummy; and the
    decision."""
    state, policy = SPEC.setup(1, seed, OPTIONS), SPEC.policy("random", seed=seed)
    while True:
        action = policy.choose(state, 0)
        after, _ = SPEC.apply(state, 0, action)
        if not SPEC.to_act(after):
            break
        state = after
    pad = score_pad(after)
    state.players[0].votes += sum(pad[1].values()) - sum(pad[0].values())
    final, _ = SPEC.apply(state, 0, action)
    pad = score_pad(final)
    assert sum(pad[0].values()) == sum(pad[1].values())
    return state, action


async def test_a_solo_game_level_with_the_dummy_ends_with_both_elected(simcord_env):
    """Solo: 'a developing dummy player ... that will be treated like a real opponent in the final
    scoring'; between players a tie elects the tied leaders together, and so does a tie with the
    dummy: the thread says so, with both totals."""
    table = await open_table(simcord_env, "aelderman", ["ada"], options="version=main,difficulty=easy")
    await start(table)
    state, action = last_decision_level_with_the_dummy(5)
    await table.put_state(state)
    actor = table.players[0]
    panel = (await actor.click(await board_message(table), label="My hand")).response.message
    await choose(actor, panel, seat_choices(SPEC, state, 0).index(action))
    assert (await table.row()).status == "finished"
    votes = int(sum(score_pad(SPEC.apply(state, 0, action)[0])[0].values()))
    results = table.thread.last_message.embeds[0].description
    assert results.splitlines()[0] == (f"🏆 **You tie with the dummy and are elected Aelderman together: "
                                       f"{votes} to {votes} council votes!**")
