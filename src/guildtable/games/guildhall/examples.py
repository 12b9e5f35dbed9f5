"""The Guildhall rules page's positions (`Game.examples`), each built from the engine with its caption."""

from __future__ import annotations

from guildtable.games.guildhall.glossary import card_word, profession_word
from guildtable.games.guildhall.rules import GuildhallState
from guildtable.games.guildhall.view import PlayerView
from guildtable.kernel.examples import _, scores, sentences
from guildtable.kernel.protocol import Example, Game, PlayoutFactory

GH_NAMES = ("Ada", "Ben")


def examples(game: Game[GuildhallState], playout: PlayoutFactory) -> list[Example]:
    names = GH_NAMES
    players = playout(game.new_state(2, seed=3), 3)

    def turn_start(state: GuildhallState) -> bool:
        view = state.view(None)
        decision = view["decision"]
        return (
            decision is not None
            and decision["kind"] == "action"
            and view["actions_left"] == 1
            and not view["played_professions"]
            and not view["players"][view["active"]]["action_area"]
        )

    def halls(state: GuildhallState) -> list[PlayerView]:
        return list(state.view(None)["players"])

    setup = players.until(turn_start)
    first = names[setup.view(None)["active"]]

    def four_of_a_kind(state: GuildhallState) -> bool:
        return turn_start(state) and any(
            len(colours) == 4 for hall in halls(state) for colours in hall["guildhall"].values()
        )

    grown = players.until(four_of_a_kind)
    seat, profession = next(
        (seat, name)
        for seat, hall in enumerate(halls(grown))
        for name, colours in hall["guildhall"].items()
        if len(colours) == 4
    )
    missing = next(
        colour
        for colour in ("red", "blue", "yellow", "green", "purple")
        if colour not in halls(grown)[seat]["guildhall"][profession]
    )

    bought = players.until(lambda state: turn_start(state) and any(hall["prestige"] for hall in halls(state)))
    view = bought.view(None)
    buyer = next(seat for seat, hall in enumerate(view["players"]) if hall["prestige"])
    vps = scores(names, [(seat, hall["vp"]) for seat, hall in enumerate(view["players"])])
    return [
        Example(
            "setup",
            _("After setup"),
            sentences(
                _("Each guildhall starts with three different cards; cards of the same profession form a chapter."),
                _("The center row shows five VP cards for sale."),
                _("{name} takes the first turn.", name=first),
            ),
            setup,
            names,
        ),
        Example(
            "chapter",
            _("A chapter of four"),
            sentences(
                _(
                    "{name}'s {profession} chapter holds four colours, so a {profession} played now may use its "
                    "strongest ability.",
                    name=names[seat],
                    profession=profession_word(profession),
                ),
                _(
                    "Only the {card} can still join it; with all five colours the chapter is complete and turned "
                    "face down.",
                    card=card_word(f"{missing} {profession}"),
                ),
            ),
            grown,
            names,
        ),
        Example(
            "bought",
            _("A VP card is bought"),
            sentences(
                _(
                    "{name} has bought a VP card by handing in completed chapters (it is listed under Prestige cards "
                    "in {name}'s guildhall).",
                    name=names[buyer],
                ),
                _("The score counts VP cards and VP tokens together: {scores}.", scores=vps),
                _("The first player to end a turn with 20 VP wins."),
            ),
            bought,
            names,
        ),
    ]
