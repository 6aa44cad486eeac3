"""Votes of a table's players: the creator may cancel a running casual game when every other
seated player agrees, and a seat whose player keeps missing deadlines may be handed to a computer
player for good when every other seated player agrees (as /tournament replace does). A vote is
stored with the table; one refusal ends it."""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from typing import TYPE_CHECKING

from games.core import plural
from play.common import Caller, TableError, table_state
from play.results import TableNews
from play.tournaments.rating_service import counts_for_rating

if TYPE_CHECKING:
    from play.tables import Loaded, TableService

MISSED_FOR_HANDOVER = 2  # default: deadlines a player must have missed before the others may vote
HANDOVER_STEPS = (1, 2, 3, 5)  # what the lobby's button goes round


class VoteOver(TableError):
    """The vote answered is no longer open (carried out, refused, or the game ended). `open_at`:
    the `at` of a later vote of the same kind that is open now."""

    def __init__(self, message: str, open_at: int | None = None) -> None:
        super().__init__(message)
        self.open_at = open_at


@dataclass
class VoteNews:
    news: TableNews
    kind: str  # "cancel" or "handover:<seat>"
    outcome: str  # "open", "agreed" (and carried out), "refused"
    waiting: list[int]  # the players who have not answered yet (user ids, in seat order)
    asked_before: bool = False  # the vote was already open: its question is asked again


def _voters(loaded: Loaded, kind: str, asker: int, left: frozenset[int]) -> list[int]:
    """The people who must agree: every other person playing their seat (not the asker, not the
    seat voted on; not a seat a computer plays, for good or while its player is away; not a player
    who has left the server, `left`, who can no longer see the question). To cancel a rated game,
    or hand a seat of one to a computer (which unrates it), away players and those who left must
    agree too: else a player could wait for a lapse (or remove a player from the server) and erase
    a rated result."""
    subject = int(kind.split(":")[1]) if kind.startswith("handover:") else None
    count_away = counts_for_rating(loaded.table, loaded.seats)  # either vote ends its rating
    return [s.user_id for s in loaded.seats if s.user_id is not None and not s.forfeited and not s.ai
            and (count_away or not (s.away or s.user_id in left)) and s.user_id != asker and s.seat != subject]


def _may_answer(loaded: Loaded, kind: str, asker: int, user_id: int) -> bool:
    """A player the vote does not wait for (away after a missed deadline) may still answer: their
    Agree counts and their Refuse ends it, as anyone's of the seated players."""
    subject = int(kind.split(":")[1]) if kind.startswith("handover:") else None
    return any(s.user_id == user_id and not s.forfeited and not s.ai and s.seat != subject
               for s in loaded.seats) and user_id != asker


def _not_yours(loaded: Loaded, kind: str, user_id: int) -> str:
    """Why a vote does not take this user's answer, and, to the player it would hand over, how it ends."""
    subject = int(kind.split(":")[1]) if kind.startswith("handover:") else None
    if any(s.seat == subject and s.user_id == user_id and not s.ai for s in loaded.seats):
        return ("This vote is for the other seated players. It ends if you press **I'm back** (on your notice, "
                "or **My hand**): your seat is then yours to play again.")
    return "This vote is for the other seated players."


def _in_seat_order(loaded: Loaded, users: list[int]) -> list[int]:
    return [s.user_id for s in loaded.seats if s.user_id is not None and s.user_id in users]


async def ask(service: TableService, table_id: int, caller: Caller, kind: str,
              left: frozenset[int] = frozenset()) -> VoteNews:
    async with service.lock(table_id):
        loaded = await service.load(table_id, caller)
        try:
            departed = _check_asker(loaded, caller, kind, left)
        except TableError:
            await _end_if_fallen(service, loaded, kind, left)
            raise
        open_vote = loaded.table.votes.get(kind)
        if open_vote is not None:  # asked again (say its question never reached the thread)
            voters = _voters(loaded, kind, open_vote["by"], left)
            waiting = [user for user in voters if user not in open_vote["yes"]]
            if not waiting:  # everyone left to ask has agreed (the others went away meanwhile)
                carried = await _carry_out(service, loaded, kind)
                carried.asked_before = True
                return carried
            _askable(loaded)
            return VoteNews(TableNews(loaded.table, loaded.seats, loaded.state), kind, "open",
                            _in_seat_order(loaded, waiting), asked_before=True)
        voters = _voters(loaded, kind, caller.user_id, left)
        if not voters:
            return await _carry_out(service, loaded, kind)
        _askable(loaded)
        # `at` tells this vote's buttons from an earlier one's (also one asked at the same version).
        vote = {"by": caller.user_id, "yes": [], "at": secrets.randbelow(10**15)}
        votes = {**loaded.table.votes, kind: {**vote, "left": True} if departed else vote}
        await service.store.tables.set_votes(table_id, votes)
        news = await service.news(table_id)
        return VoteNews(news, kind, "open", _in_seat_order(loaded, voters))


async def _end_if_fallen(service: TableService, loaded: Loaded, kind: str, left: frozenset[int]) -> None:
    """An open vote of `kind` whose question no longer stands ends when it is asked again."""
    if kind in loaded.table.votes:
        try:
            _stands(loaded, kind, left)
        except TableError:
            await service.store.tables.set_votes(loaded.table.id,
                                                 {k: v for k, v in loaded.table.votes.items() if k != kind})


def _askable(loaded: Loaded) -> None:
    """The other players are asked in the table's thread: a game without one cannot ask them."""
    if loaded.table.thread_id is None:
        raise TableError("This game has no thread (its thread was deleted and no new one could be opened), so "
                         "the other players cannot be asked. Someone with Manage Server (who has no seat at it, if it is "
                         "rated) can cancel it with `/table cancel`.")


def _check_asker(loaded: Loaded, caller: Caller, kind: str, left: frozenset[int]) -> bool:
    """Refuse a vote the caller may not ask (TableError); True for a hand-over of a player who has
    left the server (`left`), which waits for no missed deadline."""
    table = loaded.table
    if table.status != "running":
        raise TableError(f"This game {table_state(table.status)}: there is nothing to vote on.")
    if table.tournament_id is not None:
        raise TableError("Tournament games are cancelled or replaced by the tournament's organisers.")
    seat = loaded.seat_of(caller.user_id)
    if seat is not None and seat.away and not seat.handed_over:
        # Votes are asked of those playing their seat; an away player is not (and the others, away
        # too, would never be asked).
        raise TableError("You are away: a computer player plays your seat until you press **I'm back** (on your "
                         "notice, or **My hand**). Press it, then ask again.")
    if kind == "cancel":
        if seat is not None and seat.handed_over:  # votes are the business of those playing
            raise TableError("A computer player plays your seat now, so you can no longer ask to cancel this game. "
                             "Someone with Manage Server who has no seat at it can still cancel it.")
        if caller.user_id != table.creator_id and (not _creator_gone(loaded, left) or seat is None):
            raise TableError("A running game is cancelled by someone with Manage Server, or by its creator when "
                             "every other player agrees (any of its players may ask once the creator has left the "
                             "server or the game); players can use `/table abandon` to forfeit.")
        _check_cancel(loaded, left)
        return False
    if seat is None:
        raise TableError("Only the players of this game can ask to hand a seat to a computer player.")
    if seat.handed_over:  # abandoned, or handed to a computer player for good: votes are for those playing
        raise TableError("A computer player plays your seat now, so you can no longer ask to hand over a seat; "
                         "the players still playing can.")
    subject = next((s for s in loaded.seats if f"handover:{s.seat}" == kind), None)
    if subject is not None and subject.user_id == caller.user_id:
        raise TableError("You can abandon your own seat with `/table abandon`.")
    departed = _departed(loaded, kind, left)
    _check_subject(loaded, kind, departed)
    return departed


def _ask_again(kind: str) -> str:
    command = "`/table cancel`" if kind == "cancel" else "`/table handover`"
    return f"It can be asked again with {command}."


def _creator_gone(loaded: Loaded, left: frozenset[int]) -> bool:
    """The creator has left the server (`left`), or no longer plays their seat (abandoned, voted out)."""
    creator = loaded.table.creator_id
    return creator in left or not any(s.user_id == creator and not s.handed_over for s in loaded.seats)


def _departed(loaded: Loaded, kind: str, left: frozenset[int]) -> bool:
    """Whether the seat of a hand-over vote is played by someone who has left the server, now, at a
    table where that is enough: an unrated one, or one without deadlines (else nothing would end
    it). A rated game with deadlines keeps their rule: removing a player from the server does not
    unrate it at once."""
    table = loaded.table
    return (not counts_for_rating(table, loaded.seats) or table.pace == "off") and any(
        f"handover:{s.seat}" == kind and s.user_id in left for s in loaded.seats)


def _check_subject(loaded: Loaded, kind: str, departed: bool = False) -> None:
    """The seat of a hand-over vote may still be handed over: played by a person, who has missed
    enough deadlines and is away, or has left the server (`departed`; checked when asked, and
    again when the vote is answered)."""
    missed_needed = loaded.table.handover_after
    subject = next((s for s in loaded.seats if f"handover:{s.seat}" == kind), None)
    if subject is not None and subject.user_id is not None and subject.handed_over:
        raise TableError(f"A computer player already plays {subject.display_name}'s seat for the rest of this game: "
                         "there is nothing to vote on.", names=[subject.display_name])
    if subject is None or subject.user_id is None:
        raise TableError("That seat is played by a computer player: there is nothing to vote on.")
    gone = _counted_abandoners(loaded)
    if gone:  # a hand-over would unrate the game, their rated loss too
        meanwhile = (f"A computer player plays {subject.display_name}'s seat while they are away; play it out, or"
                     if loaded.table.pace != "off" and not departed else f"The game waits for {subject.display_name}'s "
                     "moves (the table has no deadlines); to end it,")
        raise TableError(f"This rated game counts for {', '.join(gone)}, who abandoned it, and handing a seat over by "
                         f"a vote would unrate it for everyone: no seat is voted out. {meanwhile} ask someone with "
                         "Manage Server who has no seat at it to cancel it.", names=[*gone, subject.display_name])
    if departed:  # they can no longer play it: no deadline needs to pass
        return
    if loaded.table.pace == "off":  # nobody misses a deadline at a table that has none
        raise TableError("This table has no deadlines (its pace is off), so no seat can be voted out unless its "
                         "player has left the server. A player who stops playing can leave with `/table abandon`; the "
                         "creator can ask the players to cancel the game with `/table cancel`.")
    if subject.missed < missed_needed:
        raise TableError(f"{subject.display_name} has missed {plural(subject.missed, 'deadline')}; the others may vote "
                         f"to hand the seat to a computer player after {missed_needed}.", names=[subject.display_name])
    if not subject.away:
        raise TableError(f"{subject.display_name} is playing their seat (they pressed I'm back): there is nothing "
                         "to vote on.", names=[subject.display_name])


def _counted_abandoners(loaded: Loaded) -> list[str]:
    """Those who abandoned a game that is rated (README: "still rated, ranked last"): a vote must
    not unrate or cancel it, which would undo their rated loss."""
    if not counts_for_rating(loaded.table, loaded.seats):  # not a game that counts for nobody
        return []
    return [s.display_name for s in loaded.seats if s.forfeited and s.user_id is not None]


def _check_cancel(loaded: Loaded, left: frozenset[int] = frozenset()) -> None:
    gone = _counted_abandoners(loaded)
    rated = counts_for_rating(loaded.table, loaded.seats)
    if gone:  # else abandoning, then cancelling, would undo the abandoner's rated loss
        raise TableError(f"This rated game counts for {', '.join(gone)}, who abandoned it, so it cannot be "
                         "cancelled by a vote: play it out (a computer player plays their seat), or ask "
                         "someone with Manage Server who has no seat at it.", names=gone)
    away = [s.display_name for s in loaded.seats if s.user_id in left and not s.handed_over]
    if rated and away:  # everyone must agree to cancel a rated game: they never could
        when = "Now" if loaded.table.pace == "off" else "Once they have missed the table's deadlines"
        later = (f" {when} the others may vote their seat to a computer player with `/table handover` (the game is "
                 "then unrated).")
        raise TableError(f"{', '.join(away)} left the server and cannot answer, and a rated game is cancelled only "
                         f"when every player agrees.{later} Someone with Manage Server who has no seat at it can "
                         "cancel it.", names=away)


async def answer(service: TableService, table_id: int, caller: Caller, kind: str, agree: bool,
                 at: int, left: frozenset[int] = frozenset()) -> VoteNews:
    async with service.lock(table_id):
        loaded = await service.load(table_id, caller)
        vote = loaded.table.votes.get(kind)
        if loaded.table.status != "running":
            raise VoteOver(f"This vote is over: the game {table_state(loaded.table.status)}.")
        if vote is None:
            raise VoteOver(f"This vote is over (answered, or its question no longer stands). {_ask_again(kind)}")
        if vote.get("at") != at:  # a question of an earlier vote of this kind
            raise VoteOver("This vote is over: a newer one asks the same question in the thread; answer "
                           "that one.", open_at=vote.get("at"))
        await _still_open(service, loaded, kind, left)  # the game may have changed since the vote was asked
        voters = _voters(loaded, kind, vote["by"], left)
        if caller.user_id == vote["by"]:
            raise TableError("You asked for this vote, so it counts you as agreeing: it waits for the other "
                             "players' answers.")
        if caller.user_id not in voters and not _may_answer(loaded, kind, vote["by"], caller.user_id):
            raise TableError(_not_yours(loaded, kind, caller.user_id))
        if not agree:
            await service.store.tables.set_votes(table_id, {k: v for k, v in loaded.table.votes.items() if k != kind})
            return VoteNews(await service.news(table_id), kind, "refused", [])
        yes = sorted(set(vote["yes"]) | {caller.user_id})
        waiting = [user for user in voters if user not in yes]
        if waiting:
            await service.store.tables.set_votes(table_id, {**loaded.table.votes, kind: {**vote, "yes": yes}})
            return VoteNews(await service.news(table_id), kind, "open", _in_seat_order(loaded, waiting))
        return await _carry_out(service, loaded, kind)


async def settle(service: TableService, table_id: int, left: frozenset[int] = frozenset()) -> list[VoteNews]:
    """The open votes that wait for nobody any more (the players who had not answered went away,
    abandoned or left the server, `left`) are carried out, as the last answer would have."""
    carried: list[VoteNews] = []
    async with service.lock(table_id):
        for kind in list((await service.load(table_id)).table.votes):
            loaded = await service.load(table_id)  # as the previous vote left it
            vote = loaded.table.votes.get(kind)
            if loaded.table.status != "running" or vote is None:
                continue
            try:
                _stands(loaded, kind, left)
            except TableError:  # its next answer says why it is over
                continue
            if all(user in vote["yes"] for user in _voters(loaded, kind, vote["by"], left)):
                carried.append(await _carry_out(service, loaded, kind))
    return carried


def _stands(loaded: Loaded, kind: str, left: frozenset[int]) -> None:
    """TableError when a vote's question no longer stands (the seat was abandoned, its player came
    back or rejoined the server they had left; a rated game's player left the server)."""
    if kind == "cancel":
        _check_cancel(loaded, left)
    else:
        _check_subject(loaded, kind, _departed(loaded, kind, left))


async def _still_open(service: TableService, loaded: Loaded, kind: str, left: frozenset[int]) -> None:
    """A vote whose question no longer stands ends, at the answer that finds it, saying why."""
    try:
        _stands(loaded, kind, left)
    except TableError as exc:
        await service.store.tables.set_votes(loaded.table.id, {k: v for k, v in loaded.table.votes.items() if k != kind})
        raise VoteOver(f"This vote is over: {exc}") from None


async def _carry_out(service: TableService, loaded: Loaded, kind: str) -> VoteNews:
    """Do what the vote decided. The vote ends in the same transaction: a stop cannot lose an
    agreed vote before its hand-over or cancel is stored."""
    table_id = loaded.table.id
    remaining = {k: v for k, v in loaded.table.votes.items() if k != kind}
    async with service.store.transaction():
        await service.store.tables.set_votes(table_id, remaining)
        if kind == "cancel":
            await service._close(table_id)
        else:
            loaded.table = loaded.table.model_copy(update={"votes": remaining})
            handed = await service._hand_over(loaded, int(kind.split(":")[1]), forfeit=False)
    if kind == "cancel":
        return VoteNews(await service.news(table_id), kind, "agreed", [])
    return VoteNews(handed, kind, "agreed", [])
