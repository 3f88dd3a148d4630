"""Players (issue 37, part 1): anyone plays at once as a guest, a persistent identity (a name and
an avatar) in a secure cookie; a guest claims it with a username and a password to use it from
another device; a player downloads their games and deletes their account.

- :mod:`.schema`: the tables (players, sessions, the seats they took), migration ``0003``;
- :mod:`.accounts`: the players in the database (Argon2 passwords through ``pwdlib``, session ids
  stored hashed), their games, the deletion that leaves "giocatore cancellato" at their seats;
- :mod:`.routes`: the HTTP API under ``/api/players`` (cookies, the cross-site check, the rate
  limits), and :func:`~.routes.seat_taken`, which the tables' routes call when a seat is taken;
- :mod:`.bots` and :mod:`.bot_routes`: bot accounts (issue 37, part 6), their tokens (stored
  hashed) and :func:`~.bots.bot_for_token`, which the lobby's socket resolves a token with;
- :mod:`.offline`: a game played offline (issue 39) sent to the history, its seat the player's.

docs/online.md describes the API.
"""

from __future__ import annotations

from briscola.apps.server.players.bot_routes import router as bots_router
from briscola.apps.server.players.routes import router, seat_taken

__all__ = ["bots_router", "router", "seat_taken"]
