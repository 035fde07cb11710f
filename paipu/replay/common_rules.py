"""Rules every ruleset shares (docs/rules/README.md, the common rules); each ruleset's table includes them."""

from __future__ import annotations

from paipu.replay.ruleset import Rule

_SRC = "docs/rules/README.md, the common rules"

COMMON_RULES: dict[str, Rule] = {
    r.id: r
    for r in (
        Rule("common.deal", "The dealer is dealt 14 tiles and each other seat 13.", _SRC),
        Rule("common.tiles", "Each tile kind exists as often as the ruleset's tile set says "
             "(4 of each in a 136-tile set); no kind appears more often on the table, and the "
             "wall and the deals together are the whole set.", _SRC),
        Rule("common.turn", "The dealer discards first; after a discard nobody claims, the "
             "discarder's next seat (counter-clockwise) draws.", _SRC),
        Rule("common.discard", "After every draw and every claim except a win, the player "
             "discards one tile.", _SRC),
        Rule("common.held", "A player discards, melds and declares only tiles they hold.", _SRC),
        Rule("common.wall", "Ordinary draws come from the head of the wall; the replacement "
             "draw after a kong (or a flower) comes from its tail.", _SRC),
        Rule("common.claim", "Only the last discard may be claimed, only by another seat, and "
             "only before the next draw.", _SRC),
        Rule("common.priority", "Claims of one discard are answered win > pong/kong > chow; a "
             "seat that passed may not then claim the same discard.", _SRC),
        Rule("common.chow", "Only the discarder's next seat may chow, with two held tiles that "
             "make a run of one suit with the discard.", _SRC),
        Rule("common.pong", "A pong takes the discard with two held tiles of its kind.", _SRC),
        Rule("common.kong", "An exposed kong takes the discard with three held tiles of its "
             "kind; a concealed kong needs four held tiles; an added kong adds a held tile to "
             "one's own exposed pong. Every kong is followed by a replacement draw.", _SRC),
        Rule("common.win", "A hand is won with four sets (chow, pong, kong) and a pair unless "
             "the ruleset adds special shapes.", _SRC),
        Rule("common.end", "A hand ends with a win or, when the wall is down to its reserve, "
             "as exhausted; nothing but recorded results follows.", _SRC),
        Rule("common.result", "Recorded values (fan) and payments (score) must be those the "
             "rules give.", "docs/format.md, Recorded results"),
        Rule("common.header", "A record names a known ruleset and only that ruleset's options.",
             "docs/format.md, Header tags"),
        Rule("common.final", "A recorded final score ([Final]) is the seat's start score plus every payment of "
             "the record and what the end of the game moves under the ruleset; recorded final points ([Points]) "
             "are those of the ruleset's points rule (a ruleset without one keeps them unchecked).",
             "docs/format.md, Header tags"),
    )
}
