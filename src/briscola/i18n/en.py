"""Every message of the Python side in English.

The same keys as ``it.py`` (the default language), with the same ``{placeholders}``
(``tests/i18n`` checks it); look messages up with :func:`briscola.i18n.t`.
"""

from __future__ import annotations

from typing import Final

__all__ = ["MESSAGES"]

MESSAGES: Final[dict[str, str]] = {
    # == terminal: the terminal game (briscola.apps.terminal)
    # seats, sides and roles
    "terminal.you": "You",
    "terminal.you.obj": "you",
    "terminal.seat.east": "East",
    "terminal.seat.north": "North",
    "terminal.seat.west": "West",
    "terminal.seat.northeast": "North-East",
    "terminal.seat.northwest": "North-West",
    "terminal.seat.southeast": "South-East",
    "terminal.seat.southwest": "South-West",
    "terminal.team.us": "us",
    "terminal.team.them": "them",
    "terminal.role.caller": "caller",
    "terminal.role.partner": "partner",
    # the game and its options
    "terminal.preset.classic": "Classic Briscola (2 players)",
    "terminal.preset.three": "Three-player Briscola",
    "terminal.preset.quattro": "Briscola for four, each for themselves (4 players)",
    "terminal.preset.pairs": "Briscola in pairs (4 players)",
    "terminal.preset.six": "Six-player Briscola (two teams of three)",
    "terminal.preset.scoperta": "Briscola scoperta (2 players, hands face up)",
    "terminal.preset.chiamata": "Briscola chiamata (5 players)",
    "terminal.preset.other": "Briscola ({name}, {players} players)",
    "terminal.options": "Options: {options}",
    "terminal.welcome": 'Welcome! Type "help" for your legal moves, "quit" to leave.',
    "terminal.opponents": "Computer: {bot} ({description}).",
    "terminal.you.are": "At the table, in playing order: {seats} ({direction}).",
    "terminal.direction.counterclockwise": "counter-clockwise",
    "terminal.direction.clockwise": "clockwise",
    "terminal.deal.header": "Deal {n} · dealer: {dealer}",
    "terminal.deal.teams": "Teams: us ({us}) against them ({them})",
    # the view at the player's turn
    "terminal.turn.you": "Your turn",
    "terminal.briscola.face_up": (
        "Briscola: {card} · stock: {stock} cards (the briscola is drawn last)"
    ),
    "terminal.briscola.drawn": "Briscola: {card} · the stock is empty",
    "terminal.briscola.called": (
        "Trumps: {suit} · called card: {card} · caller: {caller} · {partner}"
    ),
    "terminal.briscola.auction": "Auction: the winner of the auction will name the trump suit",
    "terminal.partner.unknown": "partner: still secret",
    "terminal.partner.known": "partner: {who}",
    "terminal.partner.alone": "the caller plays alone",
    "terminal.table.title": "On the table",
    "terminal.table.empty": "On the table: nothing, you lead",
    "terminal.table.winning": "winning",
    "terminal.hand.title": "Your hand",
    "terminal.hand.trump": "trump",
    "terminal.hand.other": "Hand of {who}",
    "terminal.known": "{who} holds: {cards}",
    "terminal.shown": "Cards of {who} (shown at the start): {cards}",  # partners_show_first
    "terminal.points": "Points so far: {scores}",
    "terminal.prompt.play": 'Type a card (e.g. {example}) or its number; "help" lists your moves.',
    "terminal.prompt.auction": "Type the number of a move, {moves}.",
    "terminal.prompt.call": (
        'You won the auction: name the trump suit ("call d") or type its number.'
    ),
    # the auction with a called card (call_card)
    "terminal.prompt.call_card": (
        'You won the auction: call a card by rank and suit ("call Ad" or "call ace of coins"), '
        "or type its number."
    ),
    "terminal.err.in_call_card": (
        'You won the auction: call a card by rank and suit ("call Ad" or "call ace of coins").'
    ),
    "terminal.auction.title": "Auction",
    "terminal.auction.none": "no bids yet",
    "terminal.auction.standing": "highest bid: {bid} ({who})",
    "terminal.moves.title": "Your moves",
    "terminal.moves.more_bids": '… or "bid N" from {low} to 120 points',
    "terminal.cmd.declare": "declare {suit}",
    "terminal.cmd.exchange": "exchange",
    "terminal.cmd.pass": "pass",
    "terminal.cmd.call": "call {suit}",
    "terminal.cmd.bid": "bid {bid}",
    "terminal.desc.declare": "King and Knight of {suit}: +{points}",
    "terminal.desc.exchange": "give {gave}, take the briscola {took}",
    "terminal.desc.call": "called card: {card}",
    "terminal.desc.pass": "leave the auction (final)",
    "terminal.bid.rank": "{rank}",
    "terminal.bid.points": "{points} points",
    # narration
    "terminal.say.play.you": "You play {card}.",
    "terminal.say.play": "{who} plays {card}.",
    "terminal.say.declare.you": "You declare King and Knight of {suit}: +{points}.",
    "terminal.say.declare": "{who} declares King and Knight of {suit}: +{points}.",
    "terminal.say.exchange.you": "You exchange {gave} for the briscola {took}.",
    "terminal.say.exchange": "{who} exchanges {gave} for the briscola {took}.",
    "terminal.say.bid.you": "You bid {bid}.",
    "terminal.say.bid": "{who} bids {bid}.",
    "terminal.say.pass.you": "You pass.",
    "terminal.say.pass": "{who} passes.",
    "terminal.say.won_auction.you": "You win the auction with {bid}.",
    "terminal.say.won_auction": "{who} wins the auction with {bid}.",
    "terminal.say.call.you": "You call {card}: trumps are {suit}.",
    "terminal.say.call": "{who} calls {card}: trumps are {suit}.",
    "terminal.say.you_partner": (
        "You hold the called card {card}: you are {caller}'s secret partner."
    ),
    "terminal.say.you_alone": (
        "You hold the called card yourself: you play alone against everybody."
    ),
    "terminal.say.reveal": "{card} is the called card: {who} is {caller}'s partner!",
    "terminal.say.reveal.yours": "{card} is the called card: {who} is your partner!",
    "terminal.say.reveal.you": (
        "You played the called card: everybody now knows you are {caller}'s partner."
    ),
    "terminal.say.reveal.alone": (
        "{card} is the called card, played by the caller: {caller} plays alone!"
    ),
    "terminal.say.void": "Everybody passed: the deal is void and dealt again.",
    "terminal.say.trick.you": "You take the trick ({cards}): {points} points.",
    "terminal.say.trick": "{who} takes the trick ({cards}): {points} points.",
    "terminal.say.draw": "You draw {card}.",
    "terminal.say.stock_empty": (
        "The stock is empty: the briscola {card} goes to {who}. No more drawing."
    ),
    # the result and the match
    "terminal.result.title": "End of the deal",
    "terminal.result.points": "Points: {scores}",
    "terminal.result.declarations": "(declarations included)",
    "terminal.result.you_win": "You win!",
    "terminal.result.win": "{who} wins.",
    "terminal.result.us_win": "Your team wins!",
    "terminal.result.them_win": "The other team wins.",
    "terminal.result.draw": "A draw.",
    "terminal.result.replay": "A draw: the deal is played again.",
    "terminal.result.chiamata": "The caller's side ({side}): {points} points; {need} were needed.",
    "terminal.result.with": "{caller} and {partner}",
    "terminal.result.alone": "{caller}, alone",
    "terminal.result.caller_won": "The caller wins.",
    "terminal.result.caller_lost": "The caller loses.",
    "terminal.result.units": "Units: {units}",
    "terminal.match.format.best-of": "best of {n} deals",
    "terminal.match.format.first-to": "first to {n} deals",
    "terminal.match.format.points": "first to {n} points",
    "terminal.match.format.deals": "{n} deals",
    "terminal.match.title": "Match: {format}",
    "terminal.match.wins": "Deals won: {scores}",
    "terminal.match.points": "Total points: {scores}",
    "terminal.match.units": "Total units: {scores}",
    "terminal.match.winner.you": "You win the match!",
    "terminal.match.winner.us": "Your team wins the match!",
    "terminal.match.winner.them": "The other team wins the match.",
    "terminal.match.winner": "{who} wins the match.",
    "terminal.match.draw": "The match ends in a draw.",
    "terminal.match.next": "On to the next deal.",
    # input and errors
    "terminal.help.moves": "Legal moves: {moves}",
    "terminal.help.commands": "Commands: {commands}",
    # == terminal (issue 14): the commands of the game being played, own tricks, the points aid
    "terminal.help.cmd.play": "a card (e.g. Ad = Ace of coins) or its number",
    "terminal.help.cmd.declare": "declare d (King and Knight of coins)",
    "terminal.help.cmd.exchange": "exchange (the briscola)",
    "terminal.help.cmd.auction": "bid R · bid 75 · pass · call d",
    "terminal.help.cmd.auction_card": "bid 75 · pass · call Ad (a card, rank and suit)",
    "terminal.help.cmd.tricks": "tricks (your tricks, once the last card is drawn)",
    "terminal.help.cmd.tricks_always": "tricks (your tricks)",
    "terminal.help.cmd.points": "points (the points count: on or off)",
    "terminal.help.cmd.end": "help · quit",
    "terminal.tricks.title": "Your tricks",
    "terminal.tricks.title.side": "Your side's tricks",
    "terminal.tricks.none": "No tricks yet.",
    "terminal.tricks.line": "{cards}: {points} points",
    "terminal.tricks.total": "Total: {points} points",
    "terminal.tricks.hidden": (
        "Tricks lie face down: you may look through them once the last card is drawn. "
        'Points are counted from memory (or switch the count on with "points").'
    ),
    "terminal.tricks.never": "Under these rules tricks are never looked through.",
    "terminal.points.on": 'Points count on: you see it at every turn ("points" switches it off).',
    "terminal.points.off": "Points count off: points are counted from memory.",
    "terminal.option.line": "{title}: {value}. {help}",
    "terminal.option.yes": "yes",
    "terminal.option.value": "{title}: {value}.",
    "terminal.option.no": "no",
    "terminal.option.value.none": "none",
    "terminal.option.value.two": "with the 2 of trumps",
    "terminal.option.value.seven": "with the 7 of trumps",
    "terminal.option.value.counterclockwise": "counter-clockwise",
    "terminal.option.value.clockwise": "clockwise (as the clock)",
    "terminal.option.value.draw": "a draw",
    "terminal.option.value.replay": "replayed",
    "terminal.option.value.never": "never",
    "terminal.option.value.end_phase": "once the last card is drawn",
    "terminal.option.value.always": "always",
    "terminal.option.value.one_more": "one more deal",
    "terminal.removed": "Cards out of the deck: {cards}.",
    "terminal.bot.simple.solo": "takes cheap points and does not waste trumps",
    "terminal.bot.medium.solo": "counts cards, saves trumps, loads points when it pays",
    "terminal.help.cards": (
        "Cards: rank A 2 3 4 5 6 7 F C R + suit c (cups), d (coins), s (swords), b (clubs)"
    ),
    "terminal.err.empty": 'Type a move, or "help".',
    "terminal.err.unknown": (
        'I don\'t understand "{text}": type a card (e.g. {example}), a number or "help".'
    ),
    "terminal.err.parse": 'I don\'t understand "{text}". Type "help" for your legal moves.',
    "terminal.err.position": "There is no move number {n}: choose 1 to {max}.",
    "terminal.err.not_in_hand": "You don't hold {card}.",
    "terminal.err.declare_off": (
        "Declarations (accusi) are not played (turn them on with --option accusi=true)."
    ),
    "terminal.err.declare_done": "The King and Knight of {suit} have already been declared.",
    "terminal.err.declare": (
        "You cannot declare {suit}: you need the King and Knight of {suit} in hand."
    ),
    "terminal.err.exchange_off": (
        "Exchanging the briscola is not played (--option exchange=two|seven)."
    ),
    "terminal.err.exchange": "You cannot exchange the briscola now.",
    "terminal.err.auction_only": "Bids and passes are only for the Briscola chiamata auction.",
    "terminal.err.bid": "{bid} does not beat the highest bid.",
    "terminal.err.bid_points": "Points (61 to 120) are bid only after somebody has bid the 2.",
    "terminal.err.call_only": "The trump suit is called only by the winner of the auction.",
    "terminal.err.in_auction": "The auction is on: {moves}.",
    "terminal.err.in_call": 'You won the auction: name the trump suit ("call c", "d", "s" or "b").',
    "terminal.err.illegal": "Not allowed: {reason}",
    "terminal.bye": "Goodbye!",
    # the command line's own words: usage, help, errors (briscola/i18n/cli.py)
    "terminal.cli.usage": "Usage:",
    "terminal.cli.options_metavar": "[OPTIONS]",
    "terminal.cli.subcommand_metavar": "COMMAND [ARGS]...",
    "terminal.cli.arguments": "Arguments",
    "terminal.cli.options": "Options",
    "terminal.cli.commands": "Commands",
    "terminal.cli.error": "Error",
    "terminal.cli.aborted": "Aborted.",
    "terminal.cli.try_help": "Try {command} for help.",
    "terminal.cli.help_option": "Show this message and exit.",
    "terminal.cli.default": "[default: {value}]",
    "terminal.cli.envvar": "[env var: {name}]",
    "terminal.cli.required": "[required]",
    "terminal.cli.deprecated": "(deprecated)",
    "terminal.cli.no_such_option": "No such option: {name}",
    "terminal.cli.possible": "(Possible options: {options})",
    "terminal.cli.missing_argument": "Missing argument {name}.",
    "terminal.cli.missing_option": "Missing option {name}.",
    "terminal.cli.missing": "Missing parameter {name}.",
    "terminal.cli.bad_value": "Invalid value for {name}: {message}",
    "terminal.cli.no_such_command": "No such command '{name}'.",
    "terminal.cli.missing_command": "Missing command.",
    "terminal.cli.extra_args": "Got unexpected extra arguments: {args}.",
    "terminal.cli.needs_value": "Option '{name}' requires an argument.",
    "terminal.cli.needs_values": "Option '{name}' requires {n} arguments.",
    "terminal.cli.takes_no_value": "Option '{name}' does not take a value.",
    "terminal.cli.not_integer": "a whole number is needed",
    "terminal.cli.not_number": "a number is needed",
    "terminal.cli.not_boolean": "true or false is needed",
    "terminal.eof": "End of input: game abandoned.",
    # -- terminal.tui.: the full-screen table (apps/terminal/tui, briscola play --tui)
    "terminal.tui.deal": "Deal {n}",
    "terminal.tui.french.hearts": "hearts",
    "terminal.tui.french.diamonds": "diamonds",
    "terminal.tui.french.spades": "spades",
    "terminal.tui.french.clubs": "clubs",
    "terminal.tui.french.jack": "Jack",
    "terminal.tui.french.queen": "Queen",
    "terminal.tui.french.king": "King",
    "terminal.tui.dealer": "dealer: {who}",
    "terminal.tui.dealer.mark": "dealer",
    "terminal.tui.match": "match {format}: {scores}",
    "terminal.tui.cards": "{n} cards",
    "terminal.tui.cards.one": "1 card",
    "terminal.tui.seat.bid": "bids {bid}",
    "terminal.tui.seat.pass": "passed",
    "terminal.tui.briscola": "The briscola",
    "terminal.tui.stock": "In the stock: {n}",
    "terminal.tui.stock.empty": "The stock is empty",
    "terminal.tui.called": "Called",
    "terminal.tui.called_by": "called by {who}",
    "terminal.tui.winning": "{who} is taking it so far",
    "terminal.tui.taken": "{who} takes it: {points} points",
    "terminal.tui.taken.you": "You take it: {points} points",
    "terminal.tui.lead": "{who} leads",
    "terminal.tui.lead.you": "Your lead: play a card",
    "terminal.tui.turn.other": "{who} to play…",
    "terminal.tui.choose.bid": "Your bid",
    "terminal.tui.choose.call": "You won the auction: call a card (its suit is the briscola)",
    "terminal.tui.move.pass": "Pass (for the whole auction)",
    "terminal.tui.move.bid": "Bid {bid}",
    "terminal.tui.move.call": "Call the {card}",
    "terminal.tui.move.declare": "Declare King and Knight of {suit} (+{points})",
    "terminal.tui.move.exchange": "Exchange: give the {gave}, take the {took}",
    "terminal.tui.prompt.play": "pick a card with ← → and play it with Enter (or press its number)",
    "terminal.tui.prompt.list": "pick with ↑ ↓ and confirm with Enter (or press the number)",
    "terminal.tui.prompt.next": "Deal over: Enter for the next one, R to see the result again",
    "terminal.tui.prompt.over": "It is over: Q to quit, R to see the result again",
    "terminal.tui.log": "Log",
    "terminal.tui.keys": (
        "←→ pick · Enter play · 1-9 by number · U last trick · P tricks · T points aid · "
        "? help · Q quit"
    ),
    "terminal.tui.aid.points": "Points taken: {scores}",
    "terminal.tui.aid.on": "Points aid on: the points taken show at the top (T to switch it off).",
    "terminal.tui.aid.off": "Points aid off: count the points from memory.",
    "terminal.tui.last.title": "Last trick",
    "terminal.tui.last.none": "No trick has been taken yet in this deal.",
    "terminal.tui.tricks.title": "Your tricks",
    "terminal.tui.tricks.title.team": "Your team's tricks",
    "terminal.tui.tricks.closed": (
        "Tricks may be looked through only once the stock is empty: until then, count from memory."
    ),
    "terminal.tui.tricks.none": "No tricks.",
    "terminal.tui.tricks.total": "Total: {points} points in {n} tricks",
    "terminal.tui.close": "Enter or Esc to close",
    "terminal.tui.result.next": "Enter: next deal · Esc: look at the table",
    "terminal.tui.result.end": "Q: quit · Esc: look at the table",
    "terminal.tui.quit.title": "Leave the table?",
    "terminal.tui.quit.body": "The game in progress will be lost. Y: yes, quit · N: no, stay",
    "terminal.tui.help.title": "Help",
    "terminal.tui.help.body": (
        "← → (or ↑ ↓) pick a card or a move, Enter plays it; a number from 1 to 9 plays it "
        "at once.\n"
        "U: the last trick taken (who took it, the cards, the points).\n"
        "P: your (or your team's) tricks, once the stock is empty.\n"
        "T: switches the points aid on or off (off, you count the points from memory).\n"
        "R: shows the finished deal's result again.\n"
        "Q: quit."
    ),
    "terminal.tui.help.auction": (
        "In the auction you bid a rank lower than the standing bid (A, 3, R, C, F, 7, 6, 5, 4, "
        "2: R is the King, C the Knight, F the Jack) or pass, for the whole auction; after the "
        "2, bids are on points. The winner calls a card: its suit is the briscola, and whoever "
        "holds it is the secret partner."
    ),
    "terminal.tui.known": "known to hold",
    "terminal.tui.no_terminal": (
        "the full-screen table needs a terminal: without --tui the game reads lines"
    ),
    "terminal.tui.called_by.you": "you called it",
    # == score: the score keeper (briscola.scorekeeper; score.web.: its web API)
    # errors
    "score.empty_name": "a name cannot be empty",
    "score.control_name": "a name cannot contain control characters",
    "score.duplicate_name": "there is already a competitor named {name}",
    "score.bad_pair": "a pair is two names joined by +, like Anna+Bruno (not {text!r})",
    "score.unknown_competitor": "no competitor matches {ref!r}: choose one of {names}",
    "score.ambiguous_competitor": "{ref!r} could be {names}: type more of the name",
    "score.too_few_competitors": "a sheet needs at least two competitors",
    "score.target_low": "the target must be at least 1, not {value}",
    "score.bad_target": "unknown target {text!r}: use 61, 120, chiamata or a number",
    "score.bad_format": (
        "unknown format {text!r}: use single, best-of:N or first-to:N (first to N games won)"
    ),
    "score.format_number": "the format {text!r} needs a number of at least 1, like {example}",
    "score.even_best_of": "best of {n}: choose an odd number of games",
    "score.standing_over": "{name} already has {wins} wins in this match: choose a longer format",
    "score.negative": "{name}: {value} points in a deal; points cannot be negative",
    "score.over_120": (
        "a deal is worth at most 120 points (without declarations): this one would have {total} "
        "({detail})"
    ),
    "score.over_declarations": (
        "even with declarations a deal is worth at most {limit} points: this one would have "
        "{total} ({detail})"
    ),
    "score.zero_sum": (
        "in chiamata the units of a deal add up to zero: these add up to {total} ({detail})"
    ),
    "score.zero_delta": "nothing to add: the amount is 0",
    "score.nothing_to_undo": "nothing to undo",
    "score.nothing_to_redo": "nothing to redo",
    "score.single_deal": (
        "with a target of 61 each game is a single deal: press New game to start again"
    ),
    "score.empty_deal": "this deal has no points yet",
    "score.game_over.win": "the game is already won ({detail}): press New game for the next one",
    "score.game_over.draw": "the game ended level ({detail}): press New game for the next one",
    "score.empty_game": "this game has no points yet: there is nothing to close",
    "score.bad_state": "invalid sheet data: {detail}",
    "score.no_sheet": "no sheet {ref!r}: see them with `briscola score list`",
    "score.duplicate_sheet": "there is already a sheet named {name}",
    "score.stale_sheet": "the sheet {name} changed meanwhile: load it again",
    "score.csv.game": "game",
    "score.csv.match": "match",
    "score.csv.outcome": "outcome",
    "score.csv.winner": "winner",
    "score.csv.trophies": "trophies",
    "score.csv.matches": "matches won",
    # changes (undo / redo)
    "score.change.add": "{name} {delta:+d}",
    "score.change.set": "{name} = {value}",
    "score.change.deal": "next deal",
    "score.change.new_game": "new game",
    "score.change.rename": "{old} → {new}",
    "score.change.add_competitor": "added {name}",
    "score.change.remove_competitor": "removed {name}",
    "score.change.target": "target: {target}",
    "score.change.format": "format: {format}",
    "score.change.declarations": "declarations: {value}",
    "score.change.rename_sheet": "sheet: {name}",
    # targets and formats
    "score.target.deal61": "61 points in one deal",
    "score.target.two_deals_120": "120 points over two deals",
    "score.target.chiamata": "{value} units (chiamata)",
    "score.target.custom": "{value} points",
    "score.format.single": "single game",
    "score.format.best-of": "best of {n}",
    "score.format.first-to": "first to {n}",
    # outcomes
    "score.win": "{name} WINS",
    "score.draw": "DRAW",
    "score.deal_draw": "deal drawn {detail}",
    "score.outcome.win": "win",
    "score.outcome.draw": "draw",
    "score.outcome.unfinished": "unfinished",
    "score.outcome.playing": "in progress",
    "score.yes": "yes",
    "score.no": "no",
    # the terminal score keeper
    "score.ui.win_mark": "WINS",
    # a pair or a plural name agrees with its verb; a pair's members joined in words
    "score.win.plural": "{name} WIN",
    "score.ui.win_mark.plural": "WIN",
    "score.ui.win_line.plural": "{name} WIN game {game}!",
    "score.ui.win_match.plural": "{name} WIN game {game} and match {match}!",
    "score.ui.pair_join": " & ",
    "score.ui.replaced": (
        "{name}: {old} → {new} in this deal (a number alone replaces the total; "
        "to add, type {who} +{new})"
    ),
    "score.ui.confirm_unfinished": (
        "Game {game} is not finished ({detail}): close it anyway? (y/n) "
    ),
    "score.ui.kept": "The game goes on.",
    "score.ui.unfinished_refused": (
        "Game {game} is not finished ({detail}): to close it anyway, add --yes."
    ),
    "score.ui.pairs_hint": (
        "Four players: if you play two against two, register the pairs "
        "(--pair {a}+{b} --pair {c}+{d}) so that partners' points count together."
    ),
    "score.ui.competitor": "Competitor",
    "score.ui.points": "Points",
    "score.ui.units": "Units",
    "score.ui.deal": "Deal {n}",
    "score.ui.total": "Total",
    "score.ui.trophies": "Trophies",
    "score.ui.match": "Match",
    "score.ui.status": "Status",
    "score.ui.title": "{name} · game {game}",
    "score.ui.caption": "target: {target} · {format}",
    "score.ui.with_declarations": "with declarations",
    "score.ui.win_line": "{name} WINS game {game}!",
    "score.ui.win_match": "{name} WINS game {game} and match {match}!",
    "score.ui.draw_line": "DRAW {detail}: no trophy",
    "score.ui.standing": "Match {match} ({format}): {detail} · {need} wins take it",
    "score.ui.match_won": "Match {match} won by {name} ({detail})",
    "score.ui.last_game": "Game {game}: {result}",
    "score.ui.created": "Created sheet {id}: {name}",
    "score.ui.undone": "Undone: {change}",
    "score.ui.redone": "Redone: {change}",
    "score.ui.done": "Done: {change}",
    "score.ui.no_sheets": "No sheets: create one with `briscola score new`",
    "score.ui.sheets": "Sheets",
    "score.ui.name": "Name",
    "score.ui.competitors": "Competitors",
    "score.ui.target": "Target",
    "score.ui.format": "Format",
    "score.ui.game": "Game",
    "score.ui.updated": "Updated",
    "score.ui.history": "History of {name}",
    "score.ui.outcome": "Outcome",
    "score.ui.winner": "Winner",
    "score.ui.no_history": "No finished games yet",
    "score.ui.exported": "Exported to {path}",
    "score.ui.deleted": "Deleted sheet {name}",
    "score.ui.confirm_delete": "Delete sheet {name} and its history?",
    "score.ui.bad_amount": "{text!r} is not a whole number: type for example +10, -5 or 73",
    "score.ui.bad_lang": "language {lang!r}: use it or en",
    "score.ui.bad_line": "cannot read {line!r}: type h for help",
    "score.ui.prompt": "points> ",
    "score.ui.bye": "See you! The sheet is saved.",
    "score.ui.needs_competitors": (
        "give the competitors with --player (repeated) or --pair Anna+Bruno"
    ),
    "score.ui.repl_intro": "Sheet {name}: type h for help, q to quit.",
    "score.ui.repl_help": (
        "  1 +10 · anna +5 · anna -5   add or take off points (quick buttons)\n"
        "  2 = 73 · anna 73            type the deal's total (number pad)\n"
        "  u                           undo the last change\n"
        "  r                           redo the undone change\n"
        "  m                           next deal in the same game (120, chiamata)\n"
        "  n                           New game (closes this one into the history)\n"
        "  s · history                 show the sheet · the history of games\n"
        "  q                           quit (the sheet is already saved)"
    ),
    # the web score keeper (briscola.apps.server.scores)
    "score.web.not_found": "no score sheet at this link: check the address",
    "score.web.too_many_competitors": "at most {n} competitors on a sheet",
    "score.web.sheet_title": "Score sheet",
    # == analysis: post-game analysis and hints (briscola.analysis; terminal.analysis./hint.:
    # its terminal words, briscola analyze and the hint command)
    "analysis.rating.forced": "forced",
    "analysis.rating.best": "best",
    "analysis.rating.good": "good",
    "analysis.rating.inaccuracy": "inaccuracy",
    "analysis.rating.mistake": "mistake",
    "analysis.rating.blunder": "blunder",
    # a lesson's computer thinking aloud (apps/server/analysis/lessons.py)
    "analysis.why.card": "{who} played {action}.",
    "analysis.why.bid": "{who} bid {bid}.",
    "analysis.why.pass": "{who} passed.",
    "analysis.why.call": "{who} called {action}.",
    "analysis.why.points": "{points} points",
    "analysis.why.suit": "the suit of {suit}",
    "analysis.why.move.pass": "passing",
    "analysis.why.chance": "From what it could know, this move wins {win} of the time.",
    "analysis.why.best": "The engine rates it the best move.",
    "analysis.why.better": "The engine would have chosen {best} ({win}).",
    "analysis.why.only": "It was the only legal move.",
    "web.api_error.not_lesson": "The engine explains the moves of a lesson's table only.",
    "web.api_error.no_move": "The deal has no move {n} yet.",
    "analysis.hint.play": "Play {action}: you win {win} of the time.",
    "analysis.hint.do": "Choose “{action}”: you win {win} of the time.",
    "analysis.hint.declare": "Declare King and Knight of {suit}: you win {win} of the time.",
    "analysis.hint.exchange": (
        "Exchange {gave} for the briscola, {took}: you win {win} of the time."
    ),
    "analysis.hint.exchange.plain": "Exchange the briscola: you win {win} of the time.",
    "analysis.hint.move.declare": "declaring King and Knight of {suit}",
    "analysis.hint.move.exchange": "exchanging the briscola ({gave} for {took})",
    "analysis.hint.move.exchange.plain": "exchanging the briscola",
    "analysis.hint.others": "The other moves: {others}.",
    "analysis.hint.only": "It is the only legal move.",
    "analysis.hint.card": "the {card}",
    "analysis.hint.card.vowel": "the {card}",
    "terminal.analysis.offer": "Deal analysis: type “y” to see it, anything else to go on.",
    "terminal.analysis.working": "Analysing",
    "terminal.analysis.title": "Deal analysis: seat {who}, {preset}",
    "terminal.analysis.col.move": "No.",
    "terminal.analysis.col.trick": "Trick",
    "terminal.analysis.col.played": "Played",
    "terminal.analysis.col.win": "Win",
    "terminal.analysis.col.best": "Best",
    "terminal.analysis.col.rating": "Rating",
    "terminal.analysis.col.hindsight": "Hindsight",
    "terminal.analysis.view": (
        "What could be known: each move valued only with the cards seen then."
    ),
    "terminal.analysis.hindsight": "Hindsight: the same moves with every card known.",
    "terminal.analysis.summary": "Accuracy {accuracy}% · {counts}",
    "terminal.analysis.summary.hindsight": "Hindsight: accuracy {accuracy}% · {counts}",
    "terminal.analysis.turning": (
        "Turning point: trick {trick}, {played} instead of {best} (-{loss} win probability)."
    ),
    "terminal.analysis.no_turning": "No move lost win probability.",
    "terminal.analysis.unfinished": "The deal is not over: no hindsight.",
    "terminal.analysis.none": "No move of this seat to analyse.",
    "terminal.analysis.unavailable": "The analysis needs Numba (pip install numba).",
    "terminal.analysis.saved": "Analysis written to {path}.",
    "terminal.analysis.plot_saved": "Curve written to {path}.",
    "terminal.analysis.no_matplotlib": "The curve needs matplotlib: pip install 'briscola[plots]'.",
    "terminal.analysis.bad_record": "{path}: not a readable game record: {error}",
    "terminal.analysis.plot.title": "Win probability, move by move",
    "terminal.analysis.plot.x": "Move",
    "terminal.analysis.plot.view": "What could be known",
    "terminal.analysis.plot.hindsight": "Hindsight",
    "terminal.analysis.plot.best": "Best move",
    "terminal.hint.say": "Hint: {reason}",
    "terminal.hint.not_now": "Hints are given only when you play a card.",
    "terminal.help.hint": (
        "Type “hint” for the champion's advice, “analysis” for the analysis of the last deal "
        "played."
    ),
    "terminal.analysis.later": "For the analysis of this deal, type “analysis” at your turn.",
    "terminal.analysis.nothing_yet": "No finished deal to analyse yet.",
    # analysis of the auction and the call (briscola chiamata)
    "analysis.phase.auction": "auction",
    "analysis.phase.call": "call",
    "terminal.analysis.turning.bid": (
        "Turning point: {where}, “{played}” instead of “{best}” (-{loss} win probability)."
    ),
    "terminal.analysis.plot.auction": "Auction and call",
    # == bots: the computer players' titles and descriptions (briscola.bots)
    "bots.random.title": "Random",
    "bots.random.description": "plays a legal move at random",
    "bots.simple.title": "Sensible",
    "bots.simple.description": "takes points cheaply, does not waste trumps, helps its partner",
    "bots.beginner.title": "Beginner",
    "bots.beginner.description": "plays almost at random, with a little sense",
    "bots.easy.title": "Easy",
    "bots.easy.description": "grabs every point it can at once, without counting cards",
    "bots.medium.title": "Medium",
    "bots.medium.description": "counts cards, saves its trumps, loads points on its partner",
    "bots.hard.title": "Hard",
    "bots.hard.description": (
        "plays like Medium but checks every card by simulating hundreds of deals"
        " (in Briscola chiamata, every move of the auction)"
    ),
    "bots.champion.title": "Champion",
    "bots.champion.description": (
        "searches thousands of possible deals and solves the endgame perfectly"
    ),
    # -- the neural level and the frozen champion, and briscola train (docs/training.md)
    "bots.neural.title": "Neural",
    "bots.neural.description": (
        "a neural network trained in self-play on the Champion's judgements: it plays by instinct"
    ),
    "bots.champion-v1.title": "Champion v1",
    "bots.champion-v1.description": (
        "the December 2026 Champion, frozen: the yardstick every new Champion is measured by"
    ),
    # a tool whose library is an extra that is not installed (briscola.extras)
    "terminal.extras.train": (
        "Training the network needs PyTorch, which is not installed: {command}"
    ),
    "terminal.extras.ray": (
        "The ray backend needs Ray, which is not installed: {command} (or the default process "
        "backend, with --workers N)"
    ),
    "terminal.extras.plots": "Drawing plots needs matplotlib, which is not installed: {command}",
    "terminal.extras.rl": (
        "The RL environments need PettingZoo and Gymnasium, which are not installed: {command}"
    ),
    "terminal.extras.postgres": "PostgreSQL needs psycopg, which is not installed: {command}",
    "terminal.train.error": "Cannot train: {error}",
    "terminal.train.why.players": (
        "{preset}: only games of two sides (two players, or two teams) can be trained"
    ),
    "terminal.train.why.endgame": (
        "--endgame-deals: the exact endgame labels need two players (with teams the partner's "
        "cards stay hidden)"
    ),
    "terminal.train.why.settings": (
        "{out} holds a run with other settings: resume with the same ones"
    ),
    "terminal.train.why.level": "{level}: no such level",
    "terminal.train.why.init": "{out} holds no network (weights.npz)",
    "terminal.train.why.init_hidden": (
        "{out} holds a network of {width} units a layer, not {hidden}"
    ),
    "terminal.train.why.replay": "{out} holds no labelled rounds (log.json, data/round-N.npz)",
    "terminal.train.why.exists": "{out} already holds a run: use --resume, or another folder",
    "terminal.train.round": "round {round}: {positions} positions; score {scores}",
    "terminal.train.done": "Weights, log and learning curve in {out}",
    # == presets: the presets' titles and descriptions in the server's catalog
    "presets.classic.title": "Classic Briscola",
    "presets.classic.description": (
        "Two players, three cards each, the briscola face up under the stock."
    ),
    "presets.three.title": "Three-player Briscola",
    "presets.three.description": "Three players, each for themselves; one 2 is removed.",
    "presets.quattro.title": "Briscola for four",
    "presets.quattro.description": "Four players, each for themselves: no pairs.",
    "presets.pairs.title": "Briscola in pairs",
    "presets.pairs.description": "Four players in two pairs: partners sit opposite.",
    "presets.six.title": "Six-player Briscola",
    "presets.six.description": "Six players in two teams of three; the 2s are removed.",
    "presets.scoperta.title": "Open Briscola",
    "presets.scoperta.description": "Two players, hands played face up.",
    "presets.chiamata.title": "Briscola chiamata (called partner)",
    "presets.chiamata.description": "Five players: an auction, a called card, a secret partner.",
    # == signals: partner signals in the terminal (issue 14, item 2)
    "terminal.sign.asso": "I have the Ace of trumps",
    "terminal.sign.tre": "I have the Three of trumps",
    "terminal.sign.alte": "I have high trumps",
    "terminal.sign.nessuna": "I have no trumps",
    "terminal.sign.carica": "load it",
    "terminal.sign.liscio": "play low",
    "terminal.sign.word.asso": "ace",
    "terminal.sign.word.tre": "three",
    "terminal.sign.word.alte": "high",
    "terminal.sign.word.nessuna": "none",
    "terminal.sign.word.carica": "load",
    "terminal.sign.word.liscio": "low",
    "terminal.cmd.signal": "signal {sign}",
    "terminal.signs.line": "Signals to your partner: {signs}",
    "terminal.say.signal.you": "You sign to your partner: {sign}.",
    "terminal.say.signal.partner": "{who} signs to you: {sign}.",
    "terminal.say.signal": "{who} made a sign.",
    "terminal.help.cmd.signal": (
        "signal ace · three · high · none · load · low (a sign to your partner, one a trick, "
        "before your card)"
    ),
    "terminal.err.signal_off": (
        "Partner signals are not played (in pairs or six: --option signals=true)."
    ),
    "terminal.err.signal_once": "You have already made a sign in this trick: one a trick.",
    "terminal.err.signal_untrue": "You cannot sign “{sign}”: it is not true of your hand.",
    # == prompts and the command line's own help and errors (issue 14, items 2 and 3)
    "terminal.words.quote": '"{text}"',
    "terminal.words.or": "{first} or {last}",
    "terminal.err.bid_rank_off": (
        'This auction is on points, 61 to 120 (e.g. "bid 75"), not on card ranks.'
    ),
    "terminal.tui.keys.sign": " · S sign",
    "terminal.tui.prompt.sign": "S: a sign to your partner",
    "terminal.tui.sign.title": "A sign to your partner",
    "terminal.tui.sign.keys": "↑ ↓ and Enter, or the number · Esc: no sign",
    "terminal.tui.sign.wait": "Signs are made at your turn to play, before your card.",
    "terminal.tui.seat.sign": "sign: {sign}",
    "terminal.tui.seat.signed": "made a sign",
    "terminal.tui.help.signs": (
        "S: a sign to your partner (one a trick, at your turn, before your card): I have the "
        "Ace, the Three, high trumps and no trumps only when true; load it and play low always. "
        "Your partner sees its meaning, the opponents only that you made a sign."
    ),
    "terminal.tui.help.auction.points": (
        "In the auction you bid points, 61 to 120, more than the highest bid, or pass, for the "
        "whole auction."
    ),
    "terminal.tui.help.call.card": (
        "The winner calls a card by rank and suit: its suit is the briscola, and whoever holds "
        "it is the secret partner."
    ),
    "terminal.tui.help.call.two": (
        "The winner calls a suit: its Two is the called card, the suit is the briscola, and "
        "whoever holds the Two is the secret partner."
    ),
    "terminal.err.unknown.auction": (
        'I don\'t understand "{text}": type the number of a move, {moves}, or "help".'
    ),
    "terminal.err.unknown.call": (
        'I don\'t understand "{text}": name the trump suit ("call d") or type its number, '
        'or "help".'
    ),
    "terminal.err.unknown.call_card": (
        'I don\'t understand "{text}": call a card ("call Ad") or type its number, or "help".'
    ),
    # the command line's help texts (i18n/cli.py: HELP + <root>.<command>[.<param>])
    "terminal.cli.help.briscola": (
        "Briscola, the Italian card game: play in the terminal against the computer."
    ),
    "terminal.cli.help.briscola.version": "Show the version.",
    "terminal.cli.help.briscola.common.lang": "Language: it or en.",
    "terminal.cli.help.briscola.play": "Play Briscola in the terminal against the computer.",
    "terminal.cli.help.briscola.play.preset_name": "The game: {presets} (or an alias).",
    "terminal.cli.help.briscola.play.opponent": "Bot for the other seats: {bots}.",
    "terminal.cli.help.briscola.play.seat": "Your seat, from 0.",
    "terminal.cli.help.briscola.play.seed": "Seed for a repeatable game.",
    "terminal.cli.help.briscola.play.match": (
        "single, best-of:N, first-to:N, points:N (e.g. points:120), deals:N."
    ),
    "terminal.cli.help.briscola.play.option": (
        "A rule option KEY=VALUE, repeatable. Keys (true/false unless values shown): {option_keys}."
    ),
    "terminal.cli.help.briscola.play.dealer": "The first dealer's seat (default: drawn).",
    "terminal.cli.help.briscola.play.auto": "A bot plays your seat too (watch a game).",
    "terminal.cli.help.briscola.play.human_bot": "The bot that plays your seat (implies --auto).",
    "terminal.cli.help.briscola.play.tui": (
        "The full-screen table (keyboard play) instead of lines."
    ),
    "terminal.cli.help.briscola.play.deck": (
        "The full-screen table's cards (the suits' signs and colours): progetto (the "
        "default), napoletane, piacentine or francesi."
    ),
    "terminal.cli.help.briscola.bench": (
        "Measure the engines' speed (games and decisions per second for each preset), or the "
        "computer players' think time (--think) and strength (--strength)."
    ),
    "terminal.cli.help.briscola.bench.games": (
        "Games per preset (default: 500 for the reference engine, 1,000,000 with --fast)."
    ),
    "terminal.cli.help.briscola.bench.preset_names_": (
        "A preset to measure (repeatable; default: all; with --think or --strength one preset, "
        "default classic)."
    ),
    "terminal.cli.help.briscola.bench.fast": (
        "Measure the compiled fast core too (one core and all cores) against the reference "
        "engine; needs the 'fast' extra."
    ),
    "terminal.cli.help.briscola.bench.think": (
        "Time the computer players' levels: ms per move (median, p95, max) on one core, each "
        "level against medium, with the champion's target."
    ),
    "terminal.cli.help.briscola.bench.strength": (
        "Play each level against the one below it (and champion against medium) over duplicate "
        "deals in the arena; scores with 95% intervals against the bars."
    ),
    "terminal.cli.help.briscola.bench.analysis": (
        "Time the post-game analysis of a deal (seat 0, hindsight included) and a hint at each "
        "move, at the default budget, with the bars (docs/analysis.md)."
    ),
    "terminal.cli.help.briscola.bench.deals": (
        "With --think: deals per level (default 10); with --strength: duplicate deals per pair "
        "(default 100; the bar is judged over 2,000)."
    ),
    "terminal.cli.help.briscola.bench.levels": (
        "With --think: a level to time (repeatable; default: all)."
    ),
    "terminal.cli.help.briscola.bench.opponent": (
        "With --think: the level the timed levels play against (default: medium)."
    ),
    "terminal.cli.help.briscola.bench.pairs": (
        "With --strength: a pair to play, e.g. champion:medium (repeatable; default: the ladder)."
    ),
    "terminal.cli.help.briscola.bench.seed": "With --think or --strength: the seed.",
    "terminal.cli.help.briscola.bench.workers": (
        "With --fast or --strength: processes (0: CPUs; default: CPUs with --fast, 1 with "
        "--strength)."
    ),
    "terminal.cli.help.briscola.bench.strict": (
        "With --think or --strength: exit with status 1 when a target is missed."
    ),
    "terminal.cli.help.briscola.bench.json_path": "Also write the results as JSON here.",
    "terminal.cli.help.briscola.bench.plot_path": (
        "With --strength: also draw the scores against their bars as a PNG here."
    ),
    "terminal.cli.help.briscola.bench.first_deal": (
        "With --strength: start at this deal of the seed (default 0), to play a long run in "
        "chunks that --merge pools."
    ),
    "terminal.cli.help.briscola.bench.merge": (
        "With --strength: pool saved reports (repeatable; a quoted glob pattern takes many) into "
        "one, chunks of one run as that run; plays nothing."
    ),
    "terminal.cli.help.briscola.analyze": (
        "Rate every move of a seat in a deal's record, by the champion's search (docs/analysis.md)."
    ),
    "terminal.cli.help.briscola.analyze.record": "A deal's record (briscola-record JSON).",
    "terminal.cli.help.briscola.analyze.seat": "The seat to analyse.",
    "terminal.cli.help.briscola.analyze.json_out": "Also write the analysis as JSON here.",
    "terminal.cli.help.briscola.analyze.plot_out": "Draw the win-probability curve here.",
    "terminal.cli.help.briscola.analyze.budget": "Worlds searched per move.",
    "terminal.cli.help.briscola.analyze.seed": "The search's seed.",
    "terminal.cli.help.briscola.serve": (
        "Start the web app: play in the browser, alone or with friends "
        "(http://HOST:PORT/).\n\nEvery setting is a flag or a BRISCOLA_* variable "
        "(docs/operations.md, Settings). Rate limits per client: $BRISCOLA_CREATE_RATE, "
        "_JOIN_RATE, _GUESS_RATE, _MESSAGE_RATE (BURST/PER_SECOND or off); without "
        "--trusted-proxies this machine's own addresses are not limited "
        "($BRISCOLA_RATE_EXEMPT)."
    ),
    "terminal.cli.help.briscola.serve.host": (
        "Address to listen on (default $BRISCOLA_HOST, else 127.0.0.1)."
    ),
    "terminal.cli.help.briscola.serve.port": (
        "Port to listen on (default $BRISCOLA_PORT, else 8000)."
    ),
    "terminal.cli.help.briscola.serve.db": (
        "SQLAlchemy database URL (default: $BRISCOLA_DB, else sqlite:///briscola.db)."
    ),
    "terminal.cli.help.briscola.serve.log_level": (
        "How much the server logs: critical, error, warning, info, debug or trace (default "
        "$BRISCOLA_LOG_LEVEL, else info; tokens and keys are masked at every level)."
    ),
    "terminal.cli.help.briscola.serve.bot_workers": (
        "Processes for the computer players' searches (default $BRISCOLA_BOT_WORKERS, else one "
        "per core; 0: they think in the server's own process)."
    ),
    "terminal.cli.help.briscola.serve.max_tables": (
        "The most tables held in memory (default $BRISCOLA_MAX_TABLES, else 5000); past it idle "
        "ones leave memory, else new ones are refused (503 server_full)."
    ),
    "terminal.cli.help.briscola.serve.idle_seconds": (
        "A table nobody is connected to leaves memory after S seconds (default "
        "$BRISCOLA_IDLE_SECONDS, else 300); it stays stored and loads on the next visit."
    ),
    "terminal.cli.help.briscola.serve.workers": (
        "Server processes behind nginx on the port, each table served by one of them, sharing the "
        "database and Redis (a local redis-server is started unless --redis is given)."
    ),
    "terminal.cli.help.briscola.serve.redis": (
        "The Redis shared with the other processes, here or on other machines on the same "
        "database (default $BRISCOLA_REDIS; none: this process serves alone)."
    ),
    "terminal.cli.help.briscola.serve.print_nginx_config": (
        "Print the part of nginx's configuration that routes each table to one of --workers "
        "processes on ports PORT+1 to PORT+N, nginx on HOST:PORT, and exit (docs/operations.md)."
    ),
    "terminal.cli.help.briscola.serve.trick_hold": (
        "How long a completed trick stays on the table before a computer player leads again, 0 "
        "to {max_hold} (default $BRISCOLA_TRICK_HOLD, else 1.5)."
    ),
    "terminal.cli.help.briscola.serve.trusted_proxies": (
        "The reverse proxies (addresses or networks, by commas) whose X-Forwarded-For names the "
        "client (default $BRISCOLA_TRUSTED_PROXIES, else none: the header is ignored). With a "
        "proxy, the rate limits count the client it names and this machine's addresses are "
        "limited like any other; without, they are not."
    ),
    "terminal.cli.help.briscola.score": (
        "Keep the score of games played with real cards (briscola score --help)."
    ),
    "terminal.cli.help.briscola.engine": (
        "Play as an engine: JSON requests on stdin, JSON replies on stdout (docs/protocol.md)."
    ),
    "terminal.cli.help.briscola.engine.level": "The bot to play: {bots}.",
    "terminal.cli.help.briscola.engine.preset_name": (
        "Ruleset for observations that carry none: {presets}."
    ),
    "terminal.cli.help.briscola.engine.option": (
        "A rule option for --preset KEY=VALUE, repeatable. Keys (true/false unless values "
        "shown): {option_keys}."
    ),
    "terminal.cli.help.briscola.engine.seed": "Seed for a bot that uses chance.",
    "terminal.cli.help.briscola.arena": (
        "Play a duplicate tournament between bots and engines; win rates, ratings, plots."
    ),
    "terminal.cli.help.briscola.arena.players": (
        "Players: bot levels ({bots}), 'engine:COMMAND' for an external engine (quote it), or "
        "NAME=SPEC to name one. Two or more."
    ),
    "terminal.cli.help.briscola.arena.deals": "Deals per matchup (the most, with --sprt).",
    "terminal.cli.help.briscola.arena.preset_name": "The game: {presets}.",
    "terminal.cli.help.briscola.arena.option": (
        "A rule option KEY=VALUE, repeatable. Keys (true/false unless values shown): {option_keys}."
    ),
    "terminal.cli.help.briscola.arena.seed": "Seed: same seed, same run.",
    "terminal.cli.help.briscola.arena.workers": "Parallel processes.",
    "terminal.cli.help.briscola.arena.sprt": (
        "Sequential test of the first player against the second, stopping early: "
        "elo0=0,elo1=20,alpha=0.05,beta=0.05."
    ),
    "terminal.cli.help.briscola.arena.out": "Write results.json, results.md and PNG plots here.",
    "terminal.cli.help.briscola.arena.backend": (
        "process (default) or ray (pip install 'briscola[ray]')."
    ),
    "terminal.cli.help.briscola.arena.address": (
        "With --backend ray: a running Ray cluster (auto, HOST:6379 or ray://HOST:10001)."
    ),
    "terminal.cli.help.briscola.arena.timeout": "An external engine's time per move.",
    "terminal.cli.help.briscola.arena.records": "Keep every game's actions in results.json.",
    "terminal.cli.help.briscola.arena.plots": "Draw PNG plots.",
    "terminal.cli.help.briscola.arena.progress": "Show a progress bar.",
    "terminal.cli.help.briscola.arena.as_json": "Print the results as JSON instead of tables.",
    "terminal.cli.help.briscola.train": (
        "Train the neural level's network: behaviour cloning of medium, then expert iteration "
        "(docs/training.md)."
    ),
    "terminal.cli.help.briscola.train.out": "The run's folder.",
    "terminal.cli.help.briscola.train.preset_name": "The game (two players, or two teams).",
    "terminal.cli.help.briscola.train.seed": "Same seed, same weights.",
    "terminal.cli.help.briscola.train.rounds": "Expert-iteration rounds.",
    "terminal.cli.help.briscola.train.games": "Self-play games a round.",
    "terminal.cli.help.briscola.train.budget": "Search rollouts a label.",
    "terminal.cli.help.briscola.train.hidden": "Units of each hidden layer.",
    "terminal.cli.help.briscola.train.bc_deals": "Warm start's deals.",
    "terminal.cli.help.briscola.train.endgame_deals": (
        "Deals whose stock-empty positions are solved exactly."
    ),
    "terminal.cli.help.briscola.train.replay_from": (
        "An earlier run whose labelled rounds join the replay (repeatable)."
    ),
    "terminal.cli.help.briscola.train.init_from": (
        "An earlier run whose network this run starts from (no cloning)."
    ),
    "terminal.cli.help.briscola.train.mix": "Warm-start positions per replayed one.",
    "terminal.cli.help.briscola.train.infer": "The labelling search infers from past plays.",
    "terminal.cli.help.briscola.train.symmetry": (
        "Learn one game for every trump suit (canonical suits)."
    ),
    "terminal.cli.help.briscola.train.eval_deals": "Curve's deals a level.",
    "terminal.cli.help.briscola.train.eval_level": "A curve's level (repeatable).",
    "terminal.cli.help.briscola.train.workers": "Labelling processes.",
    "terminal.cli.help.briscola.train.resume": "Carry on from the folder's last checkpoint.",
    "terminal.cli.help.briscola.train.no_progress": "No progress bar.",
    "terminal.cli.help.score": "Score keeper for games played with a real deck (segnapunti).",
    "terminal.cli.help.score.common.db": (
        "Database: a file path or an SQLAlchemy URL (default: the user's data folder)."
    ),
    "terminal.cli.help.score.common.lang": "Language: it or en.",
    "terminal.cli.help.score.common.sheet": "The sheet's id or name.",
    "terminal.cli.help.score.common.competitor": "Number in the table (from 1) or name.",
    "terminal.cli.help.score.common.yes": "Do not ask.",
    "terminal.cli.help.score.new": "Create a score sheet.",
    "terminal.cli.help.score.new.name": "The sheet's name.",
    "terminal.cli.help.score.new.player": "A player (repeat for each; Anna+Bruno is a pair).",
    "terminal.cli.help.score.new.pair": "A pair as one competitor: Anna+Bruno or Noi=Anna+Bruno.",
    "terminal.cli.help.score.new.target": (
        "61 (one deal), 120 (two deals), chiamata (units; chiamata:N), or any number."
    ),
    "terminal.cli.help.score.new.format": "single, best-of:N or first-to:N.",
    "terminal.cli.help.score.new.declarations": "Allow declarations (deals over 120).",
    "terminal.cli.help.score.new.points_tie": (
        "Level at the target over several deals (120-120): draw, or one_more deal."
    ),
    "terminal.cli.help.score.list": "List the score sheets.",
    "terminal.cli.help.score.show": "Show a sheet: points, trophies, the win, the match standing.",
    "terminal.cli.help.score.show.history": "Show the finished games too.",
    "terminal.cli.help.score.history": "Show the finished games of a sheet.",
    "terminal.cli.help.score.add": (
        "Add points to a competitor in this deal (quick buttons; negative to correct)."
    ),
    "terminal.cli.help.score.add.points": "Points to add: +10, +5, +1, -5, 14…",
    "terminal.cli.help.score.set": "Type a competitor's points in this deal (the number pad).",
    "terminal.cli.help.score.set.points": "The competitor's points in this deal.",
    "terminal.cli.help.score.deal": (
        "Close this deal and start the next one in the same game (120, chiamata, custom)."
    ),
    "terminal.cli.help.score.undo": "Undo the last change.",
    "terminal.cli.help.score.redo": "Redo the last undone change.",
    "terminal.cli.help.score.new-game": (
        "New game (Nuova partita): close this game into the history and start again.\n\nA game "
        "with points that nobody has won yet is closed only when the user says so: asked on a "
        "terminal, with --yes otherwise (refused with a message saying how)."
    ),
    "terminal.cli.help.score.rename": "Rename a competitor.",
    "terminal.cli.help.score.rename.new_name": "The new name.",
    "terminal.cli.help.score.rename-sheet": "Rename a sheet.",
    "terminal.cli.help.score.rename-sheet.text": "The sheet's new name.",
    "terminal.cli.help.score.add-competitor": "Add a competitor (a player or a pair).",
    "terminal.cli.help.score.add-competitor.text": "A name, or Anna+Bruno.",
    "terminal.cli.help.score.remove-competitor": (
        "Remove a competitor (their past games stay in the history)."
    ),
    "terminal.cli.help.score.target": "Change a sheet's target.",
    "terminal.cli.help.score.target.text": "61, 120, chiamata[:N] or a number.",
    "terminal.cli.help.score.format": "Change a sheet's match format.",
    "terminal.cli.help.score.format.text": "single, best-of:N or first-to:N.",
    "terminal.cli.help.score.declarations": "Allow or forbid declarations (accusi).",
    "terminal.cli.help.score.declarations.allowed": "true to allow deals over 120, false not.",
    "terminal.cli.help.score.export": "Export a sheet's games and totals to CSV.",
    "terminal.cli.help.score.export.csv_path": "The CSV file to write (- for the standard output).",
    "terminal.cli.help.score.delete": "Delete a sheet and its history.",
    "terminal.cli.help.score.play": (
        "Keep score interactively: 1 +10, anna +5, 2 = 73, u, r, m, n, q (h for help)."
    ),
    # the command line's own refusals (apps/cli/errors.py: bad) and words
    "terminal.cli.bad.lang": "{lang}: use it or en",
    "terminal.cli.bad.deck": "{deck}: the decks are {decks}",
    "terminal.cli.bad.seat": "{value} is not a seat: {name} has seats 0 to {last}",
    "terminal.cli.bad.bench_one": "choose one of --fast, --think and --strength",
    "terminal.cli.bad.analysis_alone": (
        "--analysis goes alone: not with --fast, --think or --strength"
    ),
    "terminal.cli.bad.goes_with": "goes with {flags}",
    "terminal.cli.bad.fast_missing": (
        "the fast core needs numba and numpy (pip install numba numpy): {detail}"
    ),
    "terminal.cli.bad.counts_deals": "{flag} counts deals: use --deals",
    "terminal.cli.bad.one_preset": "{flag} measures one preset",
    "terminal.cli.bad.deals": "play at least one deal",
    "terminal.cli.bad.strength_pairs": "--strength plays pairs: use --pair",
    "terminal.cli.bad.think_levels": "--think times levels: use --level",
    "terminal.cli.bad.think_one_core": "--think times every move on one core",
    "terminal.cli.bad.merge_plays_nothing": "--merge pools saved reports: it plays nothing",
    "terminal.cli.or": "or",
    "terminal.cli.serving": "Briscola: {url}  (Ctrl+C to stop)",
    "terminal.cli.help.briscola.connect": (
        "Play online as a bot account: one of the levels or an engine's program (docs/online.md)."
    ),
    "terminal.cli.help.briscola.connect.server": "The server's address: https://host or host:port.",
    "terminal.cli.help.briscola.connect.token": (
        "The bot account's token, shown once when it was made (also from $BRISCOLA_BOT_TOKEN)."
    ),
    "terminal.cli.help.briscola.connect.level": "The level that plays (default simple): {bots}.",
    "terminal.cli.help.briscola.connect.engine": (
        "A program that speaks the engine protocol (docs/protocol.md), instead of a level."
    ),
    "terminal.cli.help.briscola.connect.game": (
        "The game to seek: classic, three, quattro, pairs, six or chiamata."
    ),
    "terminal.cli.help.briscola.connect.games": (
        "How many games to play; without it, until stopped (Ctrl+C)."
    ),
    "terminal.cli.help.briscola.connect.seed": (
        "The number that fixes chance: in the level's choices, in the seeds given to the engine."
    ),
    "terminal.cli.help.briscola.connect.retry_for": (
        "For how many seconds to retry, with growing waits, a server that does not answer."
    ),
    "terminal.cli.bad.connect_one": "choose only one of --level and --engine",
    "terminal.cli.connect.bad_level": "{level}: unknown level; levels: {levels}",
    "terminal.cli.connect.bad_game": "{game}: the games online are {games}",
    "terminal.cli.connect.bad_url": (
        "{url} is not a server's address: use https://host or host:port"
    ),
    "terminal.cli.connect.bad_seat_url": "The server sent a seat's address that cannot be read.",
    "terminal.cli.connect.refused": (
        "The server refused the token: check --token (or "
        "$BRISCOLA_BOT_TOKEN); a revoked token no longer works."
    ),
    "terminal.cli.connect.no_lobby": "There is no online lobby at {url}: is it a Briscola server?",
    "terminal.cli.connect.gone": (
        "The server {url} has not answered for too long ({reason}): giving up."
    ),
    "terminal.cli.connect.lobby": "The lobby refused the seek: {message}",
    "terminal.cli.connect.engine": "The engine failed: {reason}",
    "terminal.cli.connect.table_refused": "The table refused the seat ({reason}).",
    "terminal.cli.connect.engine_ready": "Engine ready: {name}.",
    "terminal.cli.connect.connecting": "Connecting to {url}…",
    "terminal.cli.connect.seeking": "Seeking a game ({game})…",
    "terminal.cli.connect.matched": "Matched: table {table}, seat {seat}.",
    "terminal.cli.connect.won": "Game {n} won ({points} points).",
    "terminal.cli.connect.lost": "Game {n} lost ({points} points).",
    "terminal.cli.connect.draw": "Game {n} drawn ({points} points).",
    "terminal.cli.connect.dropped": "Connection lost: reconnecting.",
    "terminal.cli.connect.retry": "The server does not answer ({reason}): retrying in {seconds} s.",
    "terminal.cli.connect.refused_move": "The server refused a move: {message}",
    "terminal.cli.connect.resigned": "Resigned the game in progress.",
    "terminal.cli.connect.interrupted": "Stopped.",
    "terminal.cli.connect.done": "Games played: {n}.",
    # other layers' English errors said in Italian (apps/cli/errors.py: reword)
    "terminal.cli.reword.preset": "unknown preset {name}; presets: {names}",
    "terminal.cli.reword.option": "unknown ruleset option {name}; known options: {names}",
    "terminal.cli.reword.boolean": "{name} must be true or false, not {value}",
    "terminal.cli.reword.choice": "{name} must be one of {names}, not {value}",
    "terminal.cli.reword.whole": "{name} must be a whole number, not {value}",
    "terminal.cli.reword.small": "{name} {value} is too small: it must be at least {low}",
    "terminal.cli.reword.allowed": "{name} must be {names}, not {value}",
    "terminal.cli.reword.out_of_place": "{name} is an option of {where}, not for {n} players",
    "terminal.cli.reword.deck": "a deck of {size} cards cannot be shared by {n} players",
    "terminal.cli.reword.hand_size": "hand_size {size} does not fit {n} players",
    "terminal.cli.reword.bot": "unknown bot {name}; bots: {names}",
    "terminal.cli.reword.level": "unknown level {name}; levels: {names} (also: {more})",
    "terminal.cli.reword.match": (
        "unknown match format {text}: use single, best-of:N, first-to:N, points:N or deals:N"
    ),
    "terminal.cli.reword.match_single": "a single deal takes no number",
    "terminal.cli.reword.match_number": "{text} needs a number, like {example}",
    "terminal.cli.reword.match_target": "a match target must be at least 1, not {n}",
    "terminal.cli.reword.match_odd": "best of {n}: choose an odd number of deals",
    "terminal.cli.reword.pair": "a pair is UPPER:LOWER, e.g. champion:medium (not {text})",
    "terminal.cli.reword.pair_same": "a pair needs two different levels (not {text})",
    "terminal.cli.reword.deals": "play at least one deal",
    "terminal.cli.reword.env_number": "{name} must be a number, not {value}",
    "terminal.cli.reword.range": "{name} must be from {low} to {high}, not {value}",
    "terminal.cli.reword.at_least": "{name} must be at least {low}, not {value}",
    "terminal.cli.reword.rate": (
        "{name} must be BURST/PER_SECOND (BURST at least 1, PER_SECOND above 0, e.g. 30/0.5) "
        "or off, not {value}"
    ),
    "terminal.cli.reword.networks": (
        "{name} must be IP addresses or networks separated by commas, or none, not {value}"
    ),
    "terminal.cli.reword.addresses": (
        "{name} must be IP addresses separated by commas, or none, not {value}"
    ),
    "terminal.cli.reword.redis": "{name} must be a redis://, rediss:// or unix:// URL, not {value}",
    "terminal.cli.reword.key_value": "{item} is not KEY=VALUE (e.g. inversion=true)",
    "terminal.cli.reword.backend": "use {names}",
    "terminal.cli.reword.address": "a Ray cluster's address needs --backend ray",
    "terminal.cli.reword.two_players": "an arena needs at least two players",
    "terminal.cli.reword.engine_command": "{text}: give the engine's command after {prefix}",
    "terminal.cli.reword.sides": "{name} seats {n} sides: give at least {n} players",
    "terminal.cli.reword.sprt_two": "an SPRT compares two players in a two-sided game",
    "terminal.cli.reword.sprt_alpha": "alpha and beta must lie strictly between 0 and 1",
    "terminal.cli.reword.sprt_elo": "elo1 ({high}) must be greater than elo0 ({low})",
    "terminal.cli.reword.redis_missing": (
        "redis-server is not installed: run scripts/install-system-deps.sh (Debian's "
        "redis-server package), or name a running Redis with --redis URL"
    ),
    "terminal.cli.reword.redis_failed": "redis-server did not start on port {port}: {detail}",
    "terminal.cli.reword.ruleset": "{detail}",
    # -- end of the command line's block
    # == matches: the match formats in the server's catalog
    "matches.single": "One deal",
    "matches.best-of:3": "Best of 3",
    "matches.best-of:5": "Best of 5",
    "matches.first-to:2": "First to 2 deals",
    "matches.first-to:3": "First to 3 deals",
    "matches.points:120": "Two deals to 120",
    "matches.points:240": "First to 240 points",
    "matches.deals:5": "Five deals (totals)",
    # == web: the pages the server words itself (apps/server/pages.py error_page)
    "web.error.unknown_table.title": "There is no such table",
    "web.error.unknown_table.text": (
        "The table of this link does not exist, or its game ended long ago. "
        "Check the link, or start a new game."
    ),
    "web.error.not_found.title": "Page not found",
    "web.error.not_found.text": "There is nothing at this address: the link may be incomplete.",
    "web.error.home": "To the home page",
    "web.error.language": "English",
    # the table's errors (WebSocket) in the table's language (apps/server/errors.py)
    "web.ws_error.bad_json": "The message cannot be read: it is not JSON.",
    "web.ws_error.too_large": "The message is too long.",
    "web.ws_error.unknown_type": "The table does not know this kind of message.",
    "web.ws_error.bad_message": "The message does not have the right shape.",
    "web.ws_error.bad_action": "This move cannot be read.",
    "web.ws_error.illegal_action": "This move is not allowed now.",
    "web.ws_error.not_your_turn": "It is not your turn: wait for it.",
    "web.ws_error.not_started": "The game has not started yet.",
    "web.ws_error.between_deals": "The deal is over: ask for the next one first.",
    "web.ws_error.deal_not_over": "The deal is not over yet.",
    "web.ws_error.match_over": "The match is over.",
    "web.ws_error.match_not_over": "The match is not over yet.",
    "web.ws_error.rematch_started": "The rematch has already started.",
    "web.ws_error.emote_in_deal": "With partners, quick messages wait for the end of the deal.",
    "web.ws_error.chat_in_deal": "With partners, the chat waits for the end of the deal.",
    "web.ws_error.chat_off": "There is no chat at this table: its host did not allow it.",
    "web.ws_error.bad_speed": "The speeds are slow, normal and fast.",
    "web.ws_error.not_host": "Only the host of the table can do that.",
    "web.ws_error.not_a_person": "The computer plays this seat.",
    "web.ws_error.rate_limited": "Too many messages: wait {seconds} s.",
    "web.ws_error.damaged_table": "This table is damaged and cannot be played.",
    "web.ws_error.spectator": "A spectator cannot play.",
    "web.ws_error.internal": "The server could not do that (an error of its own).",
    # the table API's HTTP errors and a socket's refusals before its table is loaded, in the
    # request's language (apps/server/errors.py)
    "web.ws_error.server_full": "The server is full: try again in a few minutes.",
    "web.ws_error.table_moved": "The table is moving to another process of the server: try again.",
    "web.ws_error.no_player": "No player here: start as a guest or log in.",
    "web.ws_error.rated_needs_account": (
        "Rated games are for players with an account: sign up or log in."
    ),
    "web.ws_error.cooldown": "You left too many games: wait a while before a rated game.",
    "web.ws_error.unknown_game": "This game is not played online.",
    "web.ws_error.bad_options": "These options do not suit this game.",
    "web.ws_error.no_offer": (
        "Computer players can fill the seats only after the offer, while seeking."
    ),
    "web.ws_error.cross_site": "Refused: the request comes from another site.",
    "web.api_error.unknown_preset": "There is no such game.",
    "web.api_error.no_such_player": (
        "There is no player with this name (a guest has no public page)."
    ),
    "web.api_error.bad_options": "An option of the game is not one of those offered.",
    "web.api_error.bad_match": "The match format cannot be read.",
    "web.api_error.unknown_level": "There is no such computer level.",
    "web.api_error.bad_seats": "The table's seats do not fit this game.",
    "web.api_error.seats_empty": "Some seats are still empty.",
    "web.api_error.bad_seat": "The table has no such seat.",
    "web.api_error.not_found": "There is no such table (or address).",
    "web.api_error.no_such_deal": "The table has no such deal.",
    "web.api_error.deal_not_over": "The deal is not over yet.",
    "web.api_error.bad_record": "The game sent does not replay move by move: it was not saved.",
    "web.api_error.bad_invite": "This invitation code is not the table's.",
    "web.api_error.already_started": "The game has already started.",
    "web.api_error.table_full": "Every seat at this table is taken.",
    "web.api_error.bad_token": "This token is not one of the table's seats'.",
    "web.api_error.not_host": "Only the person who opened the table can do that.",
    "web.api_error.hints_off": "The person who opened the table has not allowed hints.",
    "web.api_error.not_your_turn": "It is not your turn: wait for it.",
    "web.api_error.invalid_request": "The request does not have the right shape.",
    "web.api_error.method_not_allowed": "This address does not take that method.",
    "web.api_error.rate_limited": "Too many requests: wait {seconds} s.",
    "web.api_error.server_full": (
        "The server is full ({n} tables in play): try again in a few minutes."
    ),
    "web.api_error.table_moved": "The table is moving to another process of the server: try again.",
    "web.api_error.damaged_table": "This table is damaged and cannot be played.",
    "web.api_error.internal": "The server could not do that (an error of its own).",
    # players (apps/server/players)
    "web.api_error.not_signed_in": "You are not a player here yet: play as a guest or log in.",
    "web.api_error.bad_login": "Wrong username or password.",
    "web.api_error.wrong_password": "The password is wrong.",
    "web.api_error.username_taken": "Another player already has this username.",
    "web.api_error.already_claimed": "This player already has a username.",
    "web.api_error.bad_username": (
        "A username is 3 to 24 characters: letters, digits, '.', '-' or '_'."
    ),
    "web.api_error.bad_password": "A password is 8 to 128 characters.",
    "web.api_error.cross_site": "Request refused: it comes from another site.",
    "web.api_error.bot_needs_account": (
        "Only an account with a username makes bot accounts: sign up first."
    ),
    "web.api_error.too_many_bots": "An account makes at most 10 bot accounts.",
    "web.api_error.no_such_bot": "No such bot or token among yours.",
    "web.players.deleted": "deleted player",
    "web.player": "Player {n}",
}
