"""The lessons of «Impara a giocare» (issue 39, part 2; docs/lessons.md): a table dealt from a fixed
seed, and the engine's words on why a move of its deal was made.

* ``POST /api/lessons/{name}``: the table of lesson ``name`` (:data:`LESSONS`: ``first``, two
  players; ``pairs``, four in pairs; ``chiamata``, five and the auction), the person at seat 0
  against computers of level :data:`LEVEL`, started: the same seed every time, so the same
  cards, and the same computer moves for the same moves of the person. The reply is play-now's,
  its ``url`` with ``lesson=<name>``, which the table page reads to show the lesson.
* ``GET /api/tables/{table_id}/why?move=N``, with the person's token in the ``X-Seat-Token``
  header (403 ``bad_token`` without it): at a lesson's table only, the engine's view of move
  ``N`` (from 0) of the current deal, as the seat that made it could judge it then: every legal
  action valued (:func:`briscola.analysis.evaluate`), the best (:func:`briscola.analysis.judge`)
  and the reason in words in each language. A lesson's computer thinks aloud: its reason names
  the other moves it had, cards of its hand, which no other table shows (403 ``not_lesson``).
  The answers are kept with the analyses (:func:`.routes.cache`): a move is worked out once.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Any

from fastapi import APIRouter, Header, Query, Request
from pydantic import BaseModel

from briscola.analysis import Judgement, evaluate, judge
from briscola.apps.server import tables
from briscola.apps.server.analysis.routes import budget, cache
from briscola.apps.server.errors import RATE_LIMITED, UNAVAILABLE, ApiError
from briscola.apps.server.schemas import ErrorResponse, Lang, PersonName, PlayResponse
from briscola.core.actions import Action, Bid, Call, Pass, Play
from briscola.core.game import new_game
from briscola.core.match import MatchFormat
from briscola.core.observation import observe
from briscola.core.rules import preset
from briscola.i18n import WEB_LANGS, t
from briscola.session.table import Table

__all__ = ["LESSONS", "LEVEL", "Lesson", "lesson_of", "reason", "router"]


@dataclass(frozen=True)
class Lesson:
    """A lesson's game: the preset and the match's seed (its first deal's cards)."""

    preset: str
    seed: int


LESSONS = {
    "first": Lesson("classic", 508887046),
    "pairs": Lesson("pairs", 508887043),
    "chiamata": Lesson("chiamata", 508887040),
}
"""The lessons by name. The seeds were chosen for their first deal (scripts: none; a search of
seeds from 0x1E550000): in ``first`` the person holds one briscola and a carico, the computer
leads; in ``pairs`` the person holds the Asso of a plain suit; in ``chiamata`` three carichi."""
LEVEL = "simple"
"""The lessons' computer players (Sensato): quick, and the same move for the same seed."""

router = APIRouter(
    tags=["lessons"],
    responses={
        403: {"model": ErrorResponse, "description": "not_lesson: the table is not a lesson's"},
        404: {"model": ErrorResponse, "description": "No such lesson or table"},
        409: {"model": ErrorResponse, "description": "no_move: the deal has no such move yet"},
        **UNAVAILABLE,  # a lesson's table, made or read
    },
)


class LessonRequest(BaseModel):
    """A lesson's table: the person's language and name."""

    lang: Lang = "it"
    name: PersonName = ""


def lesson_of(table: Table) -> str | None:
    """The lesson ``table`` is dealt for: its preset and seed are the lesson's and every seat but
    the person's (0) is a computer; None for any other table."""
    for name, lesson in LESSONS.items():
        if (
            table.seed == lesson.seed
            and table.ruleset.name == lesson.preset
            and all(s.is_bot for s in table.seats[1:])
        ):
            return name
    return None


@router.post(
    "/api/lessons/{name}",
    response_model=PlayResponse,
    dependencies=[tables.limited("create")],
    responses=RATE_LIMITED,
)
async def start_lesson(name: str, req: LessonRequest, rooms: tables.RoomsOf) -> PlayResponse:
    """A lesson's table, started: the person at seat 0 against the computer."""
    lesson = LESSONS.get(name)
    if lesson is None:
        raise ApiError(404, "not_found", f"there is no lesson {name!r}")
    single = MatchFormat.parse("single")
    room, token = tables.against_computer(
        rooms, preset(lesson.preset), single, LEVEL, req.name, req.lang, seed=lesson.seed
    )
    url = f"/table/{room.table_id}?seat=0&lesson={name}#token={token}"
    return PlayResponse(table_id=room.table_id, seat=0, token=token, url=url)


def _card(card_action: Play, lang: str) -> str:
    name = card_action.card.name(lang)
    key = "analysis.hint.card.vowel" if name[0].lower() in "aeiou" else "analysis.hint.card"
    return t(key, lang, card=name)


def _words(action: Action, lang: str) -> str:
    """A move in a few words: a card by its name, a bid by its rank or points, a call by its
    card or suit, a pass."""
    if isinstance(action, Play):
        return action.card.name(lang)
    if isinstance(action, Bid):
        if action.rank is not None:
            return action.rank.name_in(lang)
        return t("analysis.why.points", lang, points=action.points)
    if isinstance(action, Pass):
        return t("analysis.why.move.pass", lang)
    if isinstance(action, Call):
        card = action.card
        if card is not None:
            return card.name(lang)
        return t("analysis.why.suit", lang, suit=action.suit.name_in(lang))
    return str(action)


def _percent(p: float) -> str:
    return f"{round(100 * p)}%"


def reason(judged: Judgement, who: str, lang: str) -> str:
    """Why ``who`` made the move ``judged`` rates, in ``lang``: the move, how often it wins from
    what the seat could know, whether it was the engine's best, the other moves' chances."""
    played = judged.played
    if isinstance(played, Play):
        head = t("analysis.why.card", lang, who=who, action=_card(played, lang))
    elif isinstance(played, Bid):
        head = t("analysis.why.bid", lang, who=who, bid=_words(played, lang))
    elif isinstance(played, Pass):
        head = t("analysis.why.pass", lang, who=who)
    else:
        head = t("analysis.why.call", lang, who=who, action=_words(played, lang))
    if len(judged.values) == 1:
        return f"{head} {t('analysis.why.only', lang)}"
    parts = [head, t("analysis.why.chance", lang, win=_percent(judged.win))]
    best = judged.best
    if best == played:
        parts.append(t("analysis.why.best", lang))
    else:
        named = _card(best, lang) if isinstance(best, Play) else _words(best, lang)
        parts.append(t("analysis.why.better", lang, best=named, win=_percent(judged.best_win)))
    others = ", ".join(
        f"{_words(v.action, lang)} {_percent(v.win)}"
        for v in sorted(judged.values, key=lambda v: -v.win)
        if v.action not in (played, best)
    )
    if others:
        parts.append(t("analysis.hint.others", lang, others=others))
    return " ".join(parts)


@router.get("/api/tables/{table_id}/why")
async def why(
    table_id: str,
    request: Request,
    rooms: tables.RoomsOf,
    move: Annotated[int, Query(ge=0, le=200)],
    x_seat_token: Annotated[str, Header(description="The person's token (never in the URL).")],
) -> dict[str, Any]:
    """Why move ``move`` of a lesson's current deal was made, as its seat could judge it; asked
    by the lesson's person only (their seat's token), since it names cards of the hands."""
    room = await tables.table_room(rooms, table_id)
    if room.seat_for_token(x_seat_token) is None:
        raise ApiError(403, "bad_token", "this token is not one of the table's")
    table = room.table
    if lesson_of(table) is None:
        raise ApiError(403, "not_lesson", "the engine explains the moves of a lesson only")
    log = table.deals[-1] if table.deals else None
    if log is None or move >= len(log.actions):
        raise ApiError(409, "no_move", f"the deal has no move {move} yet", n=move)
    seat, played = log.seats[move], log.actions[move]
    who, worlds = table.seats[seat].name, budget(request)

    def answer() -> dict[str, Any]:  # in a worker thread
        state = new_game(table.ruleset, deck=log.deck, dealer=log.dealer)
        for action in log.actions[:move]:
            state = state.apply(action)
        judged = judge(evaluate(observe(state, seat), worlds, move), played)
        words = {lang: reason(judged, who, lang) for lang in WEB_LANGS}
        return {
            "move": move,
            "seat": seat,
            **judged.to_dict(),
            "played": str(played),
            "reason": words,
        }

    key = ("why", table_id, len(table.deals) - 1, move)
    result: dict[str, Any] = await cache(request).get(key, answer)
    return result
