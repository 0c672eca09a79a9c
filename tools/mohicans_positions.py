#!/usr/bin/env python3
"""Writes the Small Wars: Mohicans positions of interest for the rare rule events.

    tools/mohicans_positions.py [--check]

Random play from the set-up reaches a few of the rules less than three times in a CI playout's
1,000 games (engine/mohicans/README.md, "Rule events"). Each position here stands just before one
of them, and tests/CMakeLists.txt plays 100 random games from it that must reach the rule
(`warpath playout --start-state`):

    moh_raid_markers_1759      VI. WINTER 4: five raid markers standing when winter comes, a Great
                               Victory for the French (great_victories_raids)
    moh_siege_walkout_1759     V. SIEGES: a siege from the Spring at Ft. Stanwix; if the militia
                               inside walks out, the French take the fort empty (sieges_taken_empty)
    moh_quebec_landing_1759    IV. COMBAT: British come to Quebec by the river and by the road; one
                               unit by water makes it a Landing (landings_one_unit_enough)
    moh_booty_1759             INDIAN TRIBES: a French war party at Carlisle whose villages the
                               British took; tribes going home with booty go to Quebec instead
                               (booty_indians_to_quebec_or_montreal)

Every position derives from the same game, played by the simplest decisions to the British
movement of 1759's Summer (the last turn of 1759): the objectives positions
(tests/playout/moh_*_objectives_1759.json) are that game with one side's objectives handed to it,
so the game itself is rebuilt from the two of them here. The rule events the game had counted stay
in the state; the playout's report counts only what its games reach.

--check writes nothing and exits 1 when a committed position differs from what this writes.
Python 3 standard library only.
"""

from __future__ import annotations

import copy
import json
import sys
from pathlib import Path

from data_import import load

REPO_ROOT = Path(__file__).resolve().parents[1]
POSITIONS = REPO_ROOT / "tests" / "playout"


# A state as the engine writes it (State::to_json, dumped with indent 1).
def dump(state: dict) -> str:
    return json.dumps(state, indent=1, sort_keys=True, ensure_ascii=False) + "\n"


def the_game() -> dict:
    """1759's Summer, British movement, before either side was handed its objectives."""
    french = load(POSITIONS, "moh_french_objectives_1759")
    british = load(POSITIONS, "moh_british_objectives_1759")
    s = copy.deepcopy(french)
    for place in ("albany", "new_york"):  # handed to the French: the British file has them as played
        s["locations"][place] = british["locations"][place]
    for unit, at in french["units"].items():
        if at["at"] in ("albany", "new_york") or unit in ("br_mil_albany", "br_mil_new_york"):
            s["units"][unit] = british["units"][unit]
    return s


def place_unit(s: dict, unit: str, at: str, came_from: str, by: str) -> None:
    s["units"][unit].update(
        {"where": "map", "at": at, "came_from": came_from, "arrived_by": by, "damaged": False, "pinned": False}
    )


def raid_markers(s: dict) -> dict:
    # Five British settlements raided this year (no unit at any): at winter they count one Great
    # Victory for the French, and then every marker goes.
    for place in ("carlisle", "easton", "wilkesbarre", "ft_cumberland", "new_hampshire"):
        assert s["locations"][place]["owner"] == "british"
        s["locations"][place]["raided"] = True
    return s


def siege_walkout(s: dict) -> dict:
    # The French assaulted Ft. Stanwix in the Spring and stayed; its militia is still inside. The
    # British move now: if the militia leaves, nobody is left inside at the siege roll.
    assert s["locations"]["ft_stanwix"]["fort"] == "british"
    assert s["units"]["br_mil_ft_stanwix"]["at"] == "ft_stanwix"
    s["locations"]["ft_stanwix"]["besieged"] = True
    for unit in ("fr_reg_artois_2", "fr_reg_bourgogne_2"):
        place_unit(s, unit, "ft_stanwix", "ft_levis", "land")
    return s


def quebec_landing(s: dict) -> dict:
    # Two regiments came down the river from Tadoussac, two by the road from Trois-Rivieres, in
    # this movement: the battle at Quebec is a Landing, one waterborne unit being enough there.
    for unit in ("br_reg_44", "br_reg_47"):
        place_unit(s, unit, "quebec", "tadoussac", "waterway")
    for unit in ("br_reg_48", "br_reg_64"):
        place_unit(s, unit, "quebec", "trois_rivieres", "land")
    s["procedures"]["movement"]["moved"] = ["br_reg_44", "br_reg_47", "br_reg_48", "br_reg_64"]
    return s


def booty(s: dict) -> dict:
    # The British took three villages of the Ohio; their warriors, with Langlade, came to Carlisle
    # in the French movement. A French victory sends tribes home with booty: to Quebec, their
    # villages being British.
    for village, tribe in (("shawnee", "tr_shawnee"), ("mingo_s", "tr_mingo_s"), ("delaware_w", "tr_delaware_w")):
        s["locations"][village]["owner"] = "british"
        place_unit(s, tribe, "carlisle", "kittaning", "land")
        s["units"][tribe]["activated"] = True
    place_unit(s, "fr_cdb_langlade", "carlisle", "kittaning", "land")
    return s


MAKERS = {
    "moh_raid_markers_1759": raid_markers,
    "moh_siege_walkout_1759": siege_walkout,
    "moh_quebec_landing_1759": quebec_landing,
    "moh_booty_1759": booty,
}


def main(argv: list[str]) -> int:
    check = "--check" in argv
    stale = []
    game = the_game()
    for name, make in MAKERS.items():
        text = dump(make(copy.deepcopy(game)))
        path = POSITIONS / f"{name}.json"
        if check:
            if not path.exists() or path.read_text(encoding="utf-8") != text:
                stale.append(name)
        else:
            path.write_text(text, encoding="utf-8")
    for name in stale:
        print(f"{name}.json is out of date: run tools/mohicans_positions.py", file=sys.stderr)
    return 1 if stale else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
