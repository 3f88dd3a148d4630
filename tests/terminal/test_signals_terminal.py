"""Partner signals in the terminal game (issue 14, item 2): ``segnale asso`` / ``signal ace``,
the line of signs, the help, the refusals in Italian and English, the narration."""

from __future__ import annotations

from collections.abc import Callable

import pytest

pytestmark = pytest.mark.terminal


SIGNALS = ("pairs", "--seed", "5", "--option", "signals=true", "--opponent", "medium")


def test_signs_in_italian_help_refusals_and_narration(play: Callable[..., str]) -> None:
    script = "aiuto\nsegnale asso\nsegnale carica\nsegnale liscio\n" + "1\n" * 60
    out = play(*SIGNALS, stdin=script)
    assert "segnale asso · tre · alte · nessuna · carica · liscio" in out  # the help
    assert "Segnali al compagno: segnale carica (carica) · segnale liscio (liscio)" in out
    assert "Non puoi fare il segno «ho l'asso»: non è vero delle tue carte." in out
    assert "Fai il segno al compagno: carica." in out
    assert "Hai già fatto un segno in questa presa: uno a presa." in out
    assert "Ovest ha fatto un segno." in out  # an opponent's sign: no meaning
    assert "Nord ti fa un segno: non ho briscole." in out  # the partner's: its meaning
    assert "Fine della smazzata" in out


def test_signs_in_english(play: Callable[..., str]) -> None:
    script = "help\nsignal ace\nsignal load\nsignal low\n" + "1\n" * 60
    out = play(*SIGNALS, "--lang", "en", stdin=script)
    assert "signal ace · three · high · none · load · low" in out
    assert "You cannot sign “I have the Ace of trumps”: it is not true of your hand." in out
    assert "You sign to your partner: load it." in out
    assert "You have already made a sign in this trick: one a trick." in out
    assert "made a sign." in out


def test_no_signs_without_the_option(play: Callable[..., str]) -> None:
    out = play("pairs", "--seed", "5", stdin="aiuto\nsegnale carica\n" + "1\n" * 60)
    assert "segnale asso" not in out and "Segnali al compagno" not in out
    assert "I segnali al compagno non sono in gioco" in out
    assert "ha fatto un segno" not in out
