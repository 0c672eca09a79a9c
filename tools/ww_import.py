#!/usr/bin/env python3
"""Turns the Wilderness War reference component facts into the project's own data files.

    tools/ww_import.py [--reference DIR] [--out DIR] [--check]

Reads spaces.json, pieces.json, cards.json, scenarios.json and tables.json of the reference
(default: ../shared/reference/wilderness-war next to the checkout) and writes compact files of the
same names to engine/wilderness_war/data/, which the build embeds in the binary. The project never
reads the reference at build or run time; run this again only when the reference changes, and
commit the output. --check writes nothing and exits 1 when the committed files are out of date.

What is kept: every rule fact of the components, with the reference's stable ids. What is dropped:
display names of colour groups, rating strings, counter shapes and other values derivable from the
kept ones, the reference implementation's own options and quirks, and the counts (the unit tests
hold the verified counts). The README's ambiguity resolutions are applied here (its numbers in
comments: "ambiguity 1").

Python 3 standard library only.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import data_import
from data_import import dump, load, require

REPO_ROOT = Path(__file__).resolve().parents[1]
DEFAULT_REFERENCE = REPO_ROOT.parent / "shared" / "reference" / "wilderness-war"
DEFAULT_OUT = REPO_ROOT / "engine" / "wilderness_war" / "data"
FORMAT_PREFIX = "warpath/wilderness-war"

SIDES = ("french", "british")
POOLS = ("british_leader_pool", "unused", "set_aside", "eliminated", "removed_from_game")


# ---------------------------------------------------------------------------------------------
# spaces.json


def connection(c: dict) -> dict:
    require(c["type"] in ("land", "water"), f"unknown connection type {c['type']}")
    out = {"to": c["to"], "type": c["type"]}
    if c["type"] == "water":
        require(c.get("water_kind") in ("river", "lake"), f"water connection without kind: {c}")
        out["water_kind"] = c["water_kind"]  # ambiguity 18: Lake Schooner needs lakes only
    return out


def arrow(a: dict) -> dict:
    require(a["kind"] in ("pays_d_en_haut", "amphibious_landing"), f"unknown arrow kind {a['kind']}")
    return {"to": a["to"], "kind": a["kind"]}


def space(s: dict) -> dict:
    out = {
        "id": s["id"],
        "name": s["name"],
        "terrain": s["terrain"],
        "department": s["department"],
        "originally_friendly_to": s["originally_friendly_to"],
        "fortress": s["fortress"],
        "port": s["port"],
        "vp_space": s["vp_space"],
        "holding_box": s["holding_box"],
        "settlement": None,
        "map": {k: s["map"][k] for k in ("x", "y", "w", "h")},
        "connections": sorted((connection(c) for c in s["connections"]), key=lambda c: c["to"]),
        "arrows_out": [arrow(a) for a in s["arrows_out"]],
    }
    if s["settlement"]:
        out["settlement"] = {"tribes": s["settlement"]["tribe_ids"], "color_group": s["settlement"]["color_group"]}
    if "historical_fortification_name" in s:
        out["fortification_name"] = s["historical_fortification_name"]
    return out


def check_spaces(spaces: list[dict]) -> None:
    ids = {s["id"] for s in spaces}
    require(len(ids) == len(spaces), "duplicate space ids")
    by_id = {s["id"]: s for s in spaces}
    for s in spaces:
        for c in s["connections"]:
            require(c["to"] in ids, f"{s['id']} connects to unknown {c['to']}")
            back = [b for b in by_id[c["to"]]["connections"] if b["to"] == s["id"]]
            require(back == [{**c, "to": s["id"]}], f"connection {s['id']}-{c['to']} is not symmetric")
        for a in s["arrows_out"]:
            require(a["to"] in ids, f"{s['id']} has an arrow to unknown {a['to']}")


def convert_spaces(ref: dict) -> dict:
    spaces = [space(s) for s in ref["spaces"]]
    check_spaces(spaces)
    boxes = ref["boxes"]
    require([p["id"] for p in boxes["pools"]] == list(POOLS), "pool ids changed")
    return {
        "format": f"{FORMAT_PREFIX}/spaces v1",
        "map_width": 2550,  # the reference map image's width in pixels; coordinates are display only
        "spaces": spaces,
        "militia_boxes": [
            {k: b[k] for k in ("id", "name", "department", "side", "map")} for b in boxes["militia_boxes"]
        ],
        "leader_boxes": [{k: b[k] for k in ("id", "leader", "map")} for b in boxes["leader_boxes"]],
        "pools": list(POOLS),
        "french_naval_ports": ref["naval"]["french_naval_ports"],  # 6.4
    }


# ---------------------------------------------------------------------------------------------
# pieces.json


def leader(l: dict) -> dict:
    keys = ("id", "side", "name", "initiative", "command", "tactics", "movement", "flags")
    return {k: l[k] for k in keys}


def unit(u: dict) -> dict:
    out = {k: u[k] for k in ("id", "side", "name", "type", "subtype", "class")}
    out.update({k: u[k] for k in ("strength_full", "strength_reduced", "movement")})
    if u["type"] == "indians":
        out["tribe"] = u["tribe"]
    out["may_reenter_after_elimination"] = u["may_reenter_after_elimination"]  # 5.52, 7.61
    return out


def tribes(spaces_ref: dict, pieces_ref: dict) -> list[dict]:
    """One entry per tribe with its settlement (null: the off-map Cherokee one) and colour group."""
    names = {u["tribe"]: u["name"] for u in pieces_ref["units"] if u["type"] == "indians"}
    out = []
    for settlement in spaces_ref["settlements"]:
        for tribe in settlement["tribes"]:
            require(tribe in names, f"settlement tribe {tribe} has no counter")
            out.append(
                {"id": tribe, "name": names[tribe], "color_group": settlement["color_group"], "settlement": settlement["space"]}
            )
    require(sorted(t["id"] for t in out) == sorted(names), "tribes and Indian counters disagree")
    return out


def indian_groups(pieces_ref: dict, tribe_list: list[dict]) -> list[dict]:
    group_names = {  # 5.531
        "blue": "Northern Indians",
        "orange": "Western Indians",
        "blue-orange": "Pays d'en Haut Indians",
        "gray": "Iroquois",
        "mohawk": "Mohawks",
        "cherokee": "Cherokee",
    }
    out = []
    for g in pieces_ref["indian_color_groups"]:
        members = [t["id"] for t in tribe_list if t["color_group"] == g["color_group"]]
        out.append({"id": g["color_group"], "name": group_names[g["color_group"]], "tribes": members, "sides": g["side_counters"]})
    return out


def convert_pieces(ref: dict, spaces_ref: dict) -> dict:
    tribe_list = tribes(spaces_ref, ref)
    for u in ref["units"]:
        if u["type"] == "indians":
            home = next(t["settlement"] for t in tribe_list if t["id"] == u["tribe"])
            require(home == u["home_settlement"], f"{u['id']} home settlement disagrees with its tribe")
    return {
        "format": f"{FORMAT_PREFIX}/pieces v1",
        "leaders": [leader(l) for l in ref["leaders"]],
        "units": [unit(u) for u in ref["units"]],
        "tribes": tribe_list,
        "indian_groups": indian_groups(ref, tribe_list),
    }


# ---------------------------------------------------------------------------------------------
# cards.json


def card(c: dict) -> dict:
    out = {k: c[k] for k in ("number", "name", "activation", "event_side", "response", "removed_after_event")}
    # Ambiguity 7: the rulebook's reshuffle card is #6 Surrender! (5.25); the reference's
    # "reshuffle_marker" flag on #3 is a data error and is dropped.
    out["triggers_reshuffle"] = c["triggers_reshuffle"]
    out["anchor"] = c["anchor"]  # 6.41
    out["scenarios"] = c["scenarios"]
    return out


def convert_cards(ref: dict) -> dict:
    cards = [card(c) for c in ref["cards"]]
    require([c["number"] for c in cards] == list(range(1, 71)), "cards are not #1-70 in order")
    # Ambiguity 8: #66 Acadians Expelled is a British event unless optional 14.5 is in play.
    require(cards[65]["event_side"] == "british", "#66 must be recorded as British (ambiguity 8)")
    return {"format": f"{FORMAT_PREFIX}/cards v1", "cards": cards}


# ---------------------------------------------------------------------------------------------
# scenarios.json


def signed_vp(vp: dict) -> int:
    """VP are one signed number, positive when the French lead (13.21)."""
    return {"french": 1, "british": -1, "none": 0}[vp["side"]] * vp["amount"]


SET_ASIDE_TRIGGERS = {  # reference prose -> stable trigger ids the engine acts on
    "first French Regulars event (#55, #56 or #68) played": ("first_french_regulars_event", "with_french_regulars"),
    "William Pitt (#67) played as an event, or the start of 1759, whichever comes first": (
        "william_pitt_or_1759",
        "british_leader_pool",
    ),
}


def set_aside_trigger(t: dict) -> dict:
    require(t["trigger"] in SET_ASIDE_TRIGGERS, f"unknown set-aside trigger: {t['trigger']}")
    trigger, destination = SET_ASIDE_TRIGGERS[t["trigger"]]
    return {"pieces": t["pieces"], "trigger": trigger, "destination": destination, "description": t["trigger"]}


def setup(s: dict) -> dict:
    require(s["all_units_full_strength"], f"{s['id']}: reduced units at start are not supported")
    for key in ("siege_markers", "amphib_markers", "fieldworks_markers", "raided_markers"):
        require(s[key] == [], f"{s['id']}: {key} at start are not supported")
    return {
        "id": s["id"],
        "placements": [{"piece": p["piece"], "location": p["location"]} for p in s["placements"]],
        "markers": [{k: m[k] for k in ("marker", "side", "space")} for m in s["markers"]],
        "british_leader_pool": s["british_leader_pool"],
        "removed_from_game": s["removed_from_game"],
        "set_aside": s["set_aside"],
        "set_aside_triggers": [set_aside_trigger(t) for t in s["set_aside_triggers"]],
        "vp_space_holders": s["vp_space_holders"],  # 13.23
    }


def check_setup(s: dict, pieces: dict, spaces: dict) -> None:
    """Every counter is accounted for exactly once; every location and marker space exists."""
    piece_ids = [l["id"] for l in pieces["leaders"]] + [u["id"] for u in pieces["units"]]
    listed = [p["piece"] for p in s["placements"]] + s["british_leader_pool"] + s["removed_from_game"] + s["set_aside"]
    listed += s["not_in_play_at_start"]
    require(sorted(listed) == sorted(piece_ids), f"{s['id']}: counters not accounted for exactly once")
    locations = {x["id"] for x in spaces["spaces"]} | {b["id"] for b in spaces["militia_boxes"]}
    for p in s["placements"]:
        require(p["location"] in locations, f"{s['id']}: unknown location {p['location']}")
    space_ids = {x["id"] for x in spaces["spaces"]}
    for m in s["markers"]:
        require(m["space"] in space_ids, f"{s['id']}: marker on unknown space {m['space']}")
        require(m["marker"] in ("fort", "fort_under_construction", "stockade", "allied"), f"unknown marker {m}")


def scenario(s: dict) -> dict:
    out = {
        "id": s["id"],
        "name": s["name"],
        "kind": s["kind"],
        "start_year": s["start_year"],
        "start_season": s["start_season"],
        "end_year": s["end_year"],  # ambiguity 2: the Early War Campaign ends after 1759
        "setup": s["setup"],
        "starting_vp": signed_vp(s["starting_vp"]),
    }
    variant = s["starting_vp"].get("reference_implementation")
    if variant:  # ambiguity 1: the playbook's value is the default, the other a recorded variant
        out["starting_vp_variant"] = {"vp": signed_vp(variant), "why": variant["why"]}
    out.update(
        {
            "first_player": s["first_player"],
            "hand_size": s["hand_size"],
            "deck": s["deck"]["cards_in_deck"],
            "removed_at_start": s["deck"]["removed_at_start"],
            "provincial_assemblies_start": s["provincial_assemblies_start"],
            "events_in_effect_at_start": s["events_in_effect_at_start"],
            "victory": s["victory"],
            "special_rules": s["special_rules"],
        }
    )
    require(sorted(out["deck"] + out["removed_at_start"]) == list(range(1, 71)), f"{s['id']}: deck is not #1-70")
    return out


HAND_SIZE_EVENTS = {  # the reference's prose effects as data
    "william_pitt": {"british": 9},
    "diplomatic_revolution": {"french": 9},
    "quiberon_bay": {"french": 7},
}


def hand_size_rules(ref: dict) -> dict:
    events = []
    for e in ref["events_changing_size"]:
        require(e["event"] in HAND_SIZE_EVENTS, f"unknown hand-size event {e['event']}")
        events.append({"event": e["event"], "card": e["card"], "hand_size": HAND_SIZE_EVENTS[e["event"]], "effect": e["effect"]})
    return {"rule": ref["rule"], "events": events}


def provincial_assemblies_track(ref: list[dict]) -> list[dict]:
    return [
        {
            "level": level["level"],
            # null: no limit but the counter mix (5.54)
            "max_provincials": {"northern": level["max_northern_provincials"], "southern": level["max_southern_provincials"]},
            "note": level["note"],
        }
        for level in ref
    ]


def optional_rules(ref: list[dict]) -> list[dict]:
    # Ambiguity 15: the reference implementation's own options are not rulebook rules.
    return [{"id": r["id"], "rule": r["rule"], "summary": r["summary"]} for r in ref if r["rule"] is not None]


def convert_scenarios(ref: dict, pieces: dict, spaces: dict) -> dict:
    for s in ref["setups"]:
        check_setup(s, pieces, spaces)
    scenarios = [scenario(s) for s in ref["scenarios"]]
    setup_ids = {s["id"] for s in ref["setups"]}
    for s in scenarios:
        require(s["setup"] in setup_ids, f"{s['id']}: unknown set-up {s['setup']}")
    return {
        "format": f"{FORMAT_PREFIX}/scenarios v1",
        "scenarios": scenarios,
        "setups": [setup(s) for s in ref["setups"]],
        "hand_size_rules": hand_size_rules(ref["hand_size_rules"]),
        "provincial_assemblies_track": provincial_assemblies_track(ref["provincial_assemblies_track"]),
        "optional_rules": optional_rules(ref["optional_rules"]),
    }


# ---------------------------------------------------------------------------------------------
# tables.json

# Stable ids and rule numbers for the modifiers, in the reference's order; the text each must
# contain guards against the reference reordering them.
BATTLE_MODIFIER_IDS = [
    ("leader_tactics", "7.51", "tactics"),
    ("no_auxiliaries_in_wilderness", "7.52", "wilderness"),
    ("no_regulars_in_cultivated", "7.53", "cultivated"),
    ("amphibious_landing", "7.54", "amphibious"),
    ("stockade", "7.54", "stockade"),
    ("fieldworks", "7.55", "fieldworks"),
    ("ambush", "7.56", "Ambush"),
]
ASSAULT_MODIFIER_IDS = [
    ("leader_tactics", "9.13", "tactics"),
    ("coehorns", "9.13", "Coehorns"),
    ("assault", "9.13", "assaulting"),
]
RAID_MODIFIER_IDS = [
    ("leader_tactics", "10.3", "tactics"),
    ("rangers", "10.3", "ranger"),
    ("militia_box", "10.3", "militia"),
]
SIEGE_MODIFIER_IDS = [
    ("besieger_tactics", "8.231", "besieging"),
    ("besieged_tactics", "8.231", "besieged"),
    ("coehorns_besieger", "8.231", "besieger played Coehorns"),
    ("coehorns_besieged", "8.231", "defender played Coehorns"),
    ("louisbourg", "8.231", "Louisbourg"),
]
VICTORY_POINT_IDS = [
    ("capture_fortress", "9.22", "fortress"),
    ("capture_fort", "9.22", "fort"),
    ("capture_or_destroy_stockade", "5.45", "stockade"),
    ("take_niagara", "13.23", "Niagara"),
    ("take_ohio_forks", "13.23", "Ohio Forks"),
    ("win_battle", "7.81", "battle"),
    ("raided_marker", "13.22", "Raided"),
    ("demolish_fort", "5.46", "demolishing"),
    ("massacre", "13.0", "Massacre"),
    ("regulars_event_early", "14.3", "14.3"),
]


def with_ids(items: list[dict], ids: list[tuple[str, str, str]], what: str) -> list[dict]:
    require(len(items) == len(ids), f"{what}: expected {len(ids)} entries")
    out = []
    for item, (ident, rule, needle) in zip(items, ids):
        text = item.get("when", item.get("for", ""))
        require(needle in text, f"{what}: '{ident}' does not match '{text}'")
        out.append({"id": ident, "rule": rule, **item})
    return out


def convert_tables(ref: dict) -> dict:
    crt = ref["combat_results_table"]
    require(len(crt["results"]) == 8 and all(len(r) == 11 for r in crt["results"]), "CRT is not 8 x 11")
    raid = ref["raid_table"]
    siege = ref["siege_table"]
    return {
        "format": f"{FORMAT_PREFIX}/tables v1",
        "die_rows": crt["rows"],  # modified rolls are clamped to <=0 .. >=7
        "combat_results_table": {
            "columns": crt["columns"],
            "results": crt["results"],
            "column_shift_limits": crt["column_shift_limits"],
            "battle_modifiers": with_ids(crt["battle_modifiers"], BATTLE_MODIFIER_IDS, "battle modifiers"),
            "assault_modifiers": with_ids(crt["assault_modifiers"], ASSAULT_MODIFIER_IDS, "assault modifiers"),
            "losses": crt["losses"],
            "leader_loss": crt["leader_loss"],
            "overrun": crt["overrun"],
        },
        "raid_table": {
            "columns": raid["columns"],
            "results": raid["results"],
            "modifiers": with_ids(raid["modifiers"], RAID_MODIFIER_IDS, "raid modifiers"),
            "success_effects": raid["success_effects"],
            # Ambiguity 4: the natural-6 leader check on the stockade/settlement column applies.
            "leader_loss": raid["leader_loss"],
        },
        "siege_table": {
            "siege_level_increase": siege["siege_level_increase"],
            "siege_levels": siege["siege_levels"],
            "assault_requires_level": siege["assault_requires_level"],
            "modifiers": with_ids(siege["modifiers"], SIEGE_MODIFIER_IDS, "siege modifiers"),
            "requirements": siege["requirements"],
        },
        "fort_and_fortress": ref["fort_and_fortress"],
        "victory_points": with_ids(ref["victory_points"], VICTORY_POINT_IDS, "victory points"),
        "movement": ref["movement"],
        "winter_attrition": ref["winter_attrition"],
        "activation": ref["activation"],
    }


# ---------------------------------------------------------------------------------------------
# Output: one record per line inside top-level arrays, so that diffs of the data stay readable.


def convert(reference: Path) -> dict[str, str]:
    spaces_ref = load(reference, "spaces")
    pieces_ref = load(reference, "pieces")
    spaces = convert_spaces(spaces_ref)
    pieces = convert_pieces(pieces_ref, spaces_ref)
    documents = {
        "spaces": spaces,
        "pieces": pieces,
        "cards": convert_cards(load(reference, "cards")),
        "scenarios": convert_scenarios(load(reference, "scenarios"), pieces, spaces),
        "tables": convert_tables(load(reference, "tables")),
    }
    return {f"{name}.json": dump(doc) for name, doc in documents.items()}


if __name__ == "__main__":
    sys.exit(data_import.main("ww_import", __doc__, DEFAULT_OUT, {"reference": (DEFAULT_REFERENCE, "reference directory")}, convert))
