"""Ratings, leaderboards and profiles (issue 37, parts 3 and 4).

- :mod:`.system`: the rating system (OpenSkill's Weng-Lin Plackett-Luce model, one for every
  game kind, on the 1500 scale) and the provisional mark;
- :mod:`.outcome`: what a finished match means for each seat (side, win/draw/loss, points,
  cappotti, chiamata's caller and partner, leaving);
- :mod:`.schema`: the tables (``briscola_ratings``, ``briscola_results``), migration ``0006``;
- :mod:`.record`: the :class:`~.record.Recorder` the rooms call when a match is over, and
  :func:`rating_of` and :func:`cooldown_until`, which the lobby calls;
- :mod:`.catchup`: as the server starts, the finished tables whose results a crash left
  unrecorded (``briscola_tables.results_due``, migration ``0008``), recorded in order;
- :mod:`.board`: a leaderboard, a player's public profile;
- :mod:`.routes`: ``GET /api/leaderboard/{game}`` and ``GET /api/profiles/{username}``.

docs/online.md, "Ratings, leaderboards and profiles", describes them.
"""

from __future__ import annotations

from briscola.apps.server.ratings.record import Recorder, cooldown_until, rating_of
from briscola.apps.server.ratings.system import MU as INITIAL_RATING

__all__ = ["INITIAL_RATING", "Recorder", "cooldown_until", "rating_of"]
