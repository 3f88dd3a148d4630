"""The score keeper's HTTP bodies as Pydantic models (in the OpenAPI document, tag "score
keeper"): the sheet as it stands, the requests that make a sheet and change it, the history.

Each change is one model, told apart by its ``op``:

>>> ApplyRequest.model_validate({"revision": 3, "change": {"op": "add", "competitor": 0,
...                              "delta": 10}}).change
AddChange(op='add', competitor=0, delta=10)
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import (
    AfterValidator,
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Field,
    StrictBool,
    StrictInt,
)

from briscola.apps.server.schemas import NO_CONTROL, counting, printable

MAX_COMPETITORS = 12
"""The most competitors a web sheet may have."""


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid")


class CompetitorView(BaseModel):
    """A competitor: a player, or a pair (``members``) registered as one."""

    name: str = Field(examples=["Anna & Bruno"])
    members: list[str] = Field(examples=[["Anna", "Bruno"]])
    trophies: int = Field(description="games won on this sheet")
    matches: int = Field(description="matches won on this sheet")


class GameView(BaseModel):
    """A finished game of the sheet's history."""

    number: int
    match: int
    names: list[str]
    totals: list[int]
    deals: list[list[int]]
    outcome: Literal["win", "draw", "unfinished", "playing"]
    winner: str | None
    match_winner: str | None
    standing: list[int] = Field(description="the match standing right after this game")


class SheetView(BaseModel):
    """The sheet as it stands: ``Sheet.view()`` of the score keeper."""

    name: str
    competitors: list[CompetitorView]
    target: str = Field(examples=["61", "120", "chiamata:10", "200"])
    format: str = Field(examples=["single", "best-of:3", "first-to:2"])
    declarations: bool
    game: int = Field(description="the number of the game in progress, from 1")
    match: int = Field(description="the number of the match in progress, from 1")
    wins_needed: int
    deals: list[list[int]] = Field(description="each deal of this game, the current one last")
    totals: list[int]
    outcome: Literal["playing", "win", "draw"]
    winner: int | None = Field(description="the position of the winner of this game, if any")
    decides_match: bool
    deal_is_draw: bool = Field(description="the current deal is 60-60")
    standing: list[int] = Field(description="games won by each competitor in this match")
    history: list[GameView]
    can_undo: bool
    can_redo: bool


class SheetResponse(BaseModel):
    """A sheet, the revision it was read at, and words for the page in the request's language."""

    id: str = Field(description="the sheet's secret key")
    url: str = Field(examples=["/score/k3J9..."])
    revision: int
    sheet: SheetView
    target_value: int = Field(description="the points (or chiamata units) that win a game")
    single_deal: bool = Field(description="each game is one deal (target 61)")
    counts_points: bool = Field(description="card points (0-120 a deal), not chiamata units")
    target_text: str = Field(examples=["61 punti in una smazzata"])
    format_text: str = Field(examples=["al meglio di 3"])
    undo_label: str | None = Field(description="the change Undo would take back", default=None)
    redo_label: str | None = Field(description="the change Redo would make again", default=None)
    change: str | None = Field(description="the change just made, in words", default=None)


class StaleResponse(BaseModel):
    """409: the sheet changed since the client's revision; ``current`` is the sheet now."""

    code: Literal["stale_sheet"]
    message: str
    current: SheetResponse


class ScoreErrorResponse(BaseModel):
    """Every other error of the score keeper."""

    code: str = Field(examples=["over_120"])
    message: str = Field(
        examples=["una smazzata vale al massimo 120 punti (senza accusi): qui sarebbero 130 (...)"]
    )


_Name = Annotated[
    str,
    Field(max_length=200, json_schema_extra={"pattern": NO_CONTROL}),
    AfterValidator(printable),
]
"""A sheet's name: at most 200 characters, no control character."""

# The score keeper's rules that JSON Schema can say, as the terms of briscola.scorekeeper.terms read
# them (a name with something but spaces, a competitor's form, a target, a match format).
_C = r"\u0000-\u001f\u007f-\u009f"  # the control characters (NO_CONTROL)
_ONE = rf"[^=+{_C}]*[^\s=+{_C}][^=+{_C}]*"  # a name without = or +
_LABEL = rf"[^={_C}]*[^\s={_C}][^={_C}]*"  # a pair's name, before its =
_MEMBER = rf"[^+{_C}]*[^\s+{_C}][^+{_C}]*"  # a member of a named pair

NAME_PATTERN = rf"^[^{_C}]*[^\s{_C}][^{_C}]*$"
"""A name (:func:`~briscola.scorekeeper.terms.clean_name`): no control character and something
besides spaces."""

COMPETITOR_PATTERN = rf"^({_ONE}(\+{_ONE})*|{_LABEL}=({_MEMBER})(\+{_MEMBER})+)$"
"""A competitor (:meth:`~briscola.scorekeeper.terms.Competitor.parse`): ``Anna``, a pair
``Anna+Bruno`` or a named pair ``Noi=Anna+Bruno``, each name with something besides spaces."""

TARGET_PATTERN = (
    rf"^(61|120|deal61|two_deals_120|chiamata|(chiamata|custom):\+?({counting()})"
    rf"|\+?({counting()}))$"
)
"""A target (:meth:`~briscola.scorekeeper.terms.Target.parse`): ``61``, ``120``, ``chiamata``,
``chiamata:N``, ``custom:N`` or a number N, from 1 to 999,999."""

FORMAT_PATTERN = (
    r"^(single|singola|(best-of|meglio-di|al-meglio-di)[:-][0-9]{0,2}[13579]"
    rf"|(first-to|primo-a)[:-]({counting(3)}))$"
)
"""A sheet's match format (:meth:`~briscola.scorekeeper.terms.SheetFormat.parse`): ``single``,
``best-of:N`` (N odd) or ``first-to:N``, N from 1 to 999 (and the Italian names)."""

_Named = Annotated[
    str,
    Field(max_length=200, json_schema_extra={"pattern": NAME_PATTERN}),
    AfterValidator(printable),
]
"""A competitor's new name or a sheet's: :data:`NAME_PATTERN`, at most 200 characters."""

_Competitor = Annotated[
    str,
    Field(max_length=200, json_schema_extra={"pattern": COMPETITOR_PATTERN}),
    AfterValidator(printable),
]
"""A competitor as written: :data:`COMPETITOR_PATTERN`, at most 200 characters."""

_Target = Annotated[str, Field(max_length=40, json_schema_extra={"pattern": TARGET_PATTERN})]
_Format = Annotated[str, Field(max_length=40, json_schema_extra={"pattern": FORMAT_PATTERN})]


class CreateSheetRequest(_Model):
    """A new sheet. ``competitors``: ``Anna``, a pair ``Anna+Bruno`` (one competitor named
    ``Anna & Bruno``) or a named pair ``Noi=Anna+Bruno``. ``name``: empty for the competitors'
    names."""

    name: _Name = ""
    competitors: list[_Competitor] = Field(
        # said, not checked here: the sheet refuses with its own codes (too_few_competitors…)
        json_schema_extra={"minItems": 2, "maxItems": MAX_COMPETITORS, "uniqueItems": True},
        examples=[["Anna", "Bruno"], ["Anna+Bruno", "Carla+Dario"]],
    )
    target: _Target = Field(default="61", examples=["61", "120", "chiamata", "200"])
    format: _Format = Field(default="single", examples=["single", "best-of:3"])
    declarations: StrictBool = False


def whole(value: Any) -> Any:
    """A JSON number without a fraction (``3.0``, an integer for JSON Schema) as that integer;
    anything else unchanged, for the strict check that follows (``true``, ``"3"``, ``3.5`` are
    refused): ``Annotated[StrictInt, Field(ge=0), BeforeValidator(whole)]``, the bounds before
    it, so that the document says them as ``minimum`` and ``maximum``.

    >>> from pydantic import TypeAdapter, ValidationError
    >>> def read(text):
    ...     try:
    ...         return TypeAdapter(_Revision).validate_json(text)
    ...     except ValidationError as exc:
    ...         return exc.errors()[0]["type"]
    >>> [read(t) for t in ("12", "12.0", "12.5", "true", '"12"')]
    [12, 12, 'int_type', 'int_type', 'int_type']
    """
    if isinstance(value, float) and value.is_integer():
        return int(value)
    return value


# strict: a JSON integer only (``12`` or ``12.0``; ``true`` or ``"1"`` is refused, not read as 1)
_Points = Annotated[StrictInt, Field(ge=-100_000, le=100_000), BeforeValidator(whole)]
_Who = Annotated[
    StrictInt,
    Field(ge=0, le=MAX_COMPETITORS, description="the competitor's position"),
    BeforeValidator(whole),
]
_Revision = Annotated[StrictInt, Field(ge=0), BeforeValidator(whole)]


class AddChange(_Model):
    """Add points (negative to correct) to a competitor in the current deal: the quick buttons."""

    op: Literal["add"]
    competitor: _Who
    delta: Annotated[_Points, Field(json_schema_extra={"not": {"const": 0}})]


class SetTotalChange(_Model):
    """Set a competitor's points in the current deal: the number pad."""

    op: Literal["set_total"]
    competitor: _Who
    value: _Points


class StepChange(_Model):
    """A change with nothing more to say: ``next_deal`` closes the deal and opens the next one in
    the same game (targets added up over deals); ``new_game`` (Nuova partita) closes the game
    into the history (a trophy to its winner) and starts anew; ``undo`` takes back the last
    change, ``redo`` makes the last undone one again."""

    op: Literal["next_deal", "new_game", "undo", "redo"]


class RenameChange(_Model):
    """Rename a competitor."""

    op: Literal["rename"]
    competitor: _Who
    name: _Named


class AddCompetitorChange(_Model):
    """Add a competitor at the end (``Anna``, ``Anna+Bruno``, ``Noi=Anna+Bruno``)."""

    op: Literal["add_competitor"]
    name: _Competitor


class RemoveCompetitorChange(_Model):
    """Remove a competitor and their points in the game in progress."""

    op: Literal["remove_competitor"]
    competitor: _Who


class TargetChange(_Model):
    """Change the target: ``61``, ``120``, ``chiamata``, ``chiamata:N`` or any number."""

    op: Literal["target"]
    target: _Target


class FormatChange(_Model):
    """Change the match format: ``single``, ``best-of:N`` (N odd) or ``first-to:N``."""

    op: Literal["format"]
    format: _Format


class DeclarationsChange(_Model):
    """Allow or forbid declarations (accusi: a deal may then exceed 120 points)."""

    op: Literal["declarations"]
    allowed: StrictBool


class RenameSheetChange(_Model):
    """Rename the sheet."""

    op: Literal["rename_sheet"]
    name: _Named


AnyChange = Annotated[
    AddChange
    | SetTotalChange
    | StepChange
    | RenameChange
    | AddCompetitorChange
    | RemoveCompetitorChange
    | TargetChange
    | FormatChange
    | DeclarationsChange
    | RenameSheetChange,
    Field(discriminator="op"),
]


class ApplyRequest(_Model):
    """One change, the revision of the sheet the client shows (``null``: whatever it is), and
    the client's id of the change (optional)."""

    revision: _Revision | None = Field(default=None, examples=[3])
    change: AnyChange
    id: str | None = Field(
        default=None,
        pattern=r"^[A-Za-z0-9_-]{8,64}$",
        description="The client's own id of this change (8-64 letters, digits, - or _): a "
        "change sent again with an id the sheet has already applied changes nothing and "
        "answers the sheet as it is, so a change whose answer was lost is not counted twice.",
        examples=["k3v9x2m1q8"],
    )


class StoredGameView(GameView):
    """A finished game and when it was closed."""

    finished_at: str = Field(examples=["2025-05-01T21:14:03+00:00"])


class HistoryResponse(BaseModel):
    """The finished games of a sheet, oldest first."""

    id: str
    name: str
    games: list[StoredGameView]
