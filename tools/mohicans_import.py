#!/usr/bin/env python3
"""Turns the Small Wars: Mohicans reference component facts into the project's own data files.

    tools/mohicans_import.py [--reference DIR] [--rulebook FILE] [--out DIR] [--check]

Reads map.json and pieces.json of the reference (default: ../shared/reference/mohicans next to the
checkout), checks the locations and the reinforcement schedule it names against the rulebook
(default: ../shared/seeds/mohicans-rulebook.md; --rulebook FILE), and writes map.json,
pieces.json, setup.json, reinforcements.json and tables.json to engine/mohicans/data/. The project
never reads either at build or run time; run this again only when the reference changes, and
commit the output. --check writes nothing and exits 1 when the committed files are out of date.

What is kept: every rule fact of the map and the counters, with the reference's stable ids, and
the rulebook's numeric tables (supply-point rolls, dice faces, turn track, musters, reinforcement
schedule, naval effects, victory objectives) restated as data. What is dropped: aliases, notes,
name-plate colours, longitude and latitude, the drawn lines' display names, the naval insert's
approach ports, free-text rule summaries, and values derivable from the kept ones (per-location
stacking limits and "permanently fortified" follow from the type, the original holdings from the
starting owner, per-location adjacency from the connections and the lakes). Each dropped
derivable value is checked against the kept ones before it is dropped. The reference README's ambiguity resolutions are applied or checked here
(its numbers in comments: "ambiguity 13"), and its "Counts" section is checked in full.

Python 3 standard library only.
"""

from __future__ import annotations

import json
import re
import sys
from collections import Counter
from pathlib import Path

import data_import
from data_import import dump, load, require

REPO_ROOT = Path(__file__).resolve().parents[1]
DEFAULT_REFERENCE = REPO_ROOT.parent / "shared" / "reference" / "mohicans"
DEFAULT_RULEBOOK = REPO_ROOT.parent / "shared" / "seeds" / "mohicans-rulebook.md"
DEFAULT_OUT = REPO_ROOT / "engine" / "mohicans" / "data"
FORMAT_PREFIX = "warpath/mohicans"

SIDES = ("french", "british")
OWNERS = ("french", "british", "iroquois", "native")
LOCATION_TYPES = ("city", "town", "fort", "portage", "village")
STACKING = {"city": 10, "town": 5, "fort": 5, "portage": 5, "village": 5}
CONNECTION_KINDS = {("road", "overland"), ("trail", "overland"), ("waterway", "river"), ("waterway", "coast")}
UNIT_KINDS = {
    "european_regular": "regular",
    "colonial_regular": "regular",
    "troupes_de_marine": "regular",
    "garrison": "regular",
    "militia": "militia",
    "ranger": "irregular",
    "coureur_de_bois": "irregular",
    "iroquois": "irregular",
    "tribe": "irregular",
}
YEARS = tuple(range(1754, 1761))


def expect_counts(what: str, actual: Counter | dict, expected: dict) -> None:
    got = {k: v for k, v in dict(actual).items() if v}
    want = {k: v for k, v in expected.items() if v}
    require(got == want, f"{what}: the README's Counts say {want}, the reference has {got}")


def unique_ids(records: list[dict], what: str) -> dict[str, dict]:
    by_id: dict[str, dict] = {}
    for r in records:
        require(r["id"] not in by_id, f"duplicate {what} id {r['id']}")
        by_id[r["id"]] = r
    return by_id


# ---------------------------------------------------------------------------------------------
# map.json


def check_map_counts(locations: list[dict], connections: list[dict], lakes: list[dict]) -> None:
    expect_counts("locations by rulebook column", Counter(l["rulebook_column"] for l in locations),
                  {"french": 23, "indigenous": 40, "british": 33, "not_listed": 1})
    expect_counts("location types", Counter(l["type"] for l in locations),
                  {"city": 12, "town": 30, "fort": 15, "portage": 3, "village": 37})
    expect_counts("owners at start", Counter(l["owner"] for l in locations),
                  {"french": 25, "british": 34, "iroquois": 9, "native": 29})
    expect_counts("ports by owner", Counter(l["owner"] for l in locations if l["port"]), {"french": 6, "british": 14})
    expect_counts("drawn connections", Counter((c["type"], c["via"]) for c in connections),
                  {("road", "overland"): 33, ("trail", "overland"): 59, ("waterway", "river"): 32, ("waterway", "coast"): 7})
    expect_counts("lake members", {l["id"]: len(l["members"]) for l in lakes},
                  {"ontario": 4, "erie": 5, "huron": 5, "michigan": 4, "champlain": 4})
    expect_counts("fort markers at start", Counter(l["owner"] for l in locations if l["fort_marker_at_start"]),
                  {"french": 7, "british": 7})
    expect_counts("shovel forts", {l["id"]: l["shovel_fort"]["year"] for l in locations if l["shovel_fort"]},
                  # ambiguity 13: Ft. Carillon's shovel fort appears in 1756, not the shovel note's 1757.
                  {"ft_necessity": 1755, "william_henry": 1756, "ft_carillon": 1756})
    expect_counts("Iroquois villages", Counter(l["iroquois_village"] for l in locations), {True: 7, False: 90})
    expect_counts("Iroquois land", Counter(l["iroquois_land"] for l in locations), {True: 9, False: 88})


def check_location(l: dict) -> None:
    lid = l["id"]
    require(l["owner"] in OWNERS, f"{lid}: unknown owner {l['owner']}")
    require(l["type"] in LOCATION_TYPES, f"{lid}: unknown type {l['type']}")
    require(l["terrain"] in ("woods", "clear"), f"{lid}: unknown terrain {l['terrain']}")
    require(l["original_holdings"] in (None, *SIDES), f"{lid}: bad original_holdings")
    # Dropped as derivable: the original holdings of a side are the places it holds at the start.
    require(l["original_holdings"] == (l["owner"] if l["owner"] in SIDES else None),
            f"{lid}: original holdings {l['original_holdings']} differ from the start owner {l['owner']}")
    # Dropped as derivable: checked here.
    require(l["permanently_fortified"] == (l["type"] == "city"), f"{lid}: permanently_fortified is not 'type is city'")
    require(l["stacking_limit"] == STACKING[l["type"]], f"{lid}: stacking limit differs from its type's")
    require(not (l["fort_marker_at_start"] and l["permanently_fortified"]), f"{lid}: a city with a fort marker")
    if l["shovel_fort"]:
        require(l["shovel_fort"]["side"] == l["owner"], f"{lid}: shovel fort of a side that does not hold it")
        require(not l["fort_marker_at_start"], f"{lid}: a shovel fort with a fort marker at the start")
        require(l["terrain"] == "woods", f"{lid}: shovel forts are Woods until the fort appears")
    require(l["iroquois_village"] <= l["iroquois_land"], f"{lid}: an Iroquois village outside Iroquois land")
    require(l["iroquois_land"] == (l["owner"] == "iroquois"), f"{lid}: Iroquois land is not the neutral owner")
    require(l["objective_of"] in (None, *SIDES) and l["base_of_operations"] in (None, *SIDES), f"{lid}: bad side")


def location(l: dict) -> dict:
    return {
        "id": l["id"],
        "name": l["name"],
        "type": l["type"],
        "terrain": l["terrain"],
        "owner": l["owner"],
        "port": l["port"],
        "lakes": l["lakes"],
        "fort_marker_at_start": l["fort_marker_at_start"],
        "shovel_fort": l["shovel_fort"],
        "iroquois_village": l["iroquois_village"],
        "iroquois_land": l["iroquois_land"],
        "map": {"x": l["x"], "y": l["y"]},
    }


def check_graph(by_id: dict[str, dict], connections: list[dict], lakes: list[dict]) -> None:
    seen_pairs: set[frozenset] = set()
    expected: dict[str, set] = {lid: set() for lid in by_id}
    for c in connections:
        cid = c["id"]
        require(c["a"] in by_id and c["b"] in by_id, f"connection {cid}: unknown endpoint {c['a']} or {c['b']}")
        require(c["a"] != c["b"], f"connection {cid} joins {c['a']} to itself")
        require((c["type"], c["via"]) in CONNECTION_KINDS, f"connection {cid}: unknown kind {c['type']}/{c['via']}")
        pair = frozenset((c["a"], c["b"]))
        require(pair not in seen_pairs, f"connection {cid} duplicates another line between {c['a']} and {c['b']}")
        seen_pairs.add(pair)
        if c["via"] == "coast":
            require(by_id[c["a"]]["port"] and by_id[c["b"]]["port"], f"coastal connection {cid} is not port to port")
        expected[c["a"]].add((c["b"], c["type"], c["via"], cid))
        expected[c["b"]].add((c["a"], c["type"], c["via"], cid))
    for lake in lakes:
        for m in lake["members"]:
            require(m in by_id, f"lake {lake['id']}: unknown member {m}")
            require(lake["id"] in by_id[m]["lakes"], f"lake {lake['id']}: {m} does not list it")
            for other in lake["members"]:
                if other != m:
                    expected[m].add((other, "waterway", "lake", lake["id"]))
    for lid, l in by_id.items():
        for lake_id in l["lakes"]:
            require(any(k["id"] == lake_id and lid in k["members"] for k in lakes), f"{lid}: not a member of lake {lake_id}")
        # Dropped as derivable (ambiguity 24: every pair on a named lake is adjacent by waterway).
        actual = set()
        for a in l["adjacent"]:
            actual.add((a["to"], a["type"], a["via"], a.get("connection") or a.get("lake")))
        require(actual == expected[lid], f"{lid}: its adjacency differs from the connections plus lakes: "
                f"extra {sorted(actual - expected[lid])}, missing {sorted(expected[lid] - actual)}")
    # Connected, counting lake movement.
    start = next(iter(by_id))
    reached, frontier = {start}, [start]
    while frontier:
        for to, *_ in expected[frontier.pop()]:
            if to not in reached:
                reached.add(to)
                frontier.append(to)
    require(reached == set(by_id), f"the map is not connected: {sorted(set(by_id) - reached)} unreachable")

    def link(a: str, b: str) -> set:
        return {(t, v) for to, t, v, _ in expected[a] if to == b}

    # Ambiguity 15: Ft. George is added, British, with trails to Albany and William-Henry.
    require(by_id.get("ft_george", {}).get("owner") == "british", "ambiguity 15: Ft. George missing or not British")
    require(link("ft_george", "albany") == {("trail", "overland")} and link("ft_george", "william_henry") == {("trail", "overland")},
            "ambiguity 15: Ft. George is not joined to Albany and William-Henry by trails")
    # Ambiguity 23: Detroit-Mingo N. by Lake Erie, Winebago-Sauk by river, and no Mingo-Winebago line.
    require(("waterway", "lake") in link("le_detroit", "mingo_n"), "ambiguity 23: Le Detroit and Mingo N. not on one lake")
    require(link("winebago", "sauk") == {("waterway", "river")}, "ambiguity 23: Winebago-Sauk is not a river")
    require(not link("mingo_n", "winebago") and not link("mingo_s", "winebago"), "ambiguity 23: a Mingo-Winebago line exists")
    # The rulebook's regular-movement example: Montreal road Chambly, lake Carillon, trail William-Henry.
    require(("road", "overland") in link("montreal", "chambly"), "movement example: no Montreal-Chambly road")
    require(("waterway", "lake") in link("chambly", "ft_carillon"), "movement example: Chambly-Carillon not by lake")
    require(("trail", "overland") in link("ft_carillon", "william_henry"), "movement example: no Carillon-William-Henry trail")


def rules_sides(locations: list[dict], field: str) -> dict:
    return {side: sorted(l["id"] for l in locations if l[field] == side) for side in SIDES}


def check_identifications(by_id: dict[str, dict]) -> None:
    # Ambiguity 14: "Ft. St-Philippe" of the set-up is Ft des Miamis, with a French fort marker.
    require(by_id["ft_des_miamis"]["fort_marker_at_start"] and by_id["ft_des_miamis"]["owner"] == "french",
            "ambiguity 14: Ft des Miamis has no French fort marker")
    # Ambiguity 16: "Fort Bull" is Ft. Stanwix, British with a fort marker.
    require(by_id["ft_stanwix"]["fort_marker_at_start"] and by_id["ft_stanwix"]["owner"] == "british",
            "ambiguity 16: Ft. Stanwix has no British fort marker")
    # Ambiguity 18: Le Detroit and Tadoussac start French-held.
    for lid in ("le_detroit", "tadoussac"):
        require(by_id[lid]["owner"] == "french", f"ambiguity 18: {lid} does not start French-held")
    # Ambiguity 13: Carillon has no marker in 1754; its shovel fort is French.
    require(by_id["ft_carillon"]["shovel_fort"] == {"year": 1756, "side": "french"}, "ambiguity 13: Ft. Carillon's fort")
    # Ambiguity 37 and the Sea Lift rule: Quebec and Tadoussac are ports; Montreal is not.
    require(by_id["quebec"]["port"] and by_id["tadoussac"]["port"] and not by_id["montreal"]["port"], "ports of the St. Lawrence")


def naval_insert(ref: dict, by_id: dict[str, dict]) -> dict:
    spots = []
    covered: list[str] = []
    for s in ref["anchor_spots"]:
        require(s["port"] in by_id and by_id[s["port"]]["port"], f"anchor spot {s['id']}: {s['port']} is not a port")
        for p in s["approach_ports"]:
            require(p in by_id and by_id[p]["port"], f"anchor spot {s['id']}: approach {p} is not a port")
        covered += s["approach_ports"]
        # Ambiguity 9: only the Louisbourg spot has a modifier; approach ports are display only (dropped).
        modifier = None
        if s["modifier_rule"] is not None:
            require(s["id"] == "louisbourg" and "+1" in s["modifier_rule"], f"anchor spot {s['id']}: unexpected modifier")
            modifier = {"holder_of": "louisbourg", "add": 1}
        spots.append({"id": s["id"], "name": s["name"], "port": s["port"], "modifier": modifier, "map": {"x": s["x"], "y": s["y"]}})
    require(sorted(covered) == sorted(l for l in by_id if by_id[l]["port"]), "the anchor spots' approach ports do not cover every port once")
    require(len(spots) == 4, "the naval insert must have four anchor spots")
    b = ref["box"]
    return {"spots": spots, "map": {"x": b["x"], "y": b["y"], "w": b["w"], "h": b["h"]}}


def convert_map(ref: dict) -> dict:
    require(ref["format"] == "mohicans/map v1", f"unexpected map format {ref['format']}")
    locations, connections, lakes = ref["locations"], ref["connections"], ref["lakes"]
    by_id = unique_ids(locations, "location")
    unique_ids(connections, "connection")
    unique_ids(lakes, "lake")
    require(not set(c["id"] for c in connections) & set(k["id"] for k in lakes), "a lake id equals a connection id")
    for l in locations:
        check_location(l)
    check_map_counts(locations, connections, lakes)
    check_graph(by_id, connections, lakes)
    check_identifications(by_id)
    rules = ref["rules"]
    require({k: v for k, v in rules["stacking"].items() if k in STACKING} == STACKING, "stacking table differs")
    require({s: sorted(v) for s, v in rules["supply_bases"].items()} == rules_sides(locations, "base_of_operations"),
            "supply bases differ from the locations' base_of_operations")
    require({s: sorted(v) for s, v in rules["victory_objectives"].items()} == rules_sides(locations, "objective_of"),
            "victory objectives differ from the locations' objective_of")
    expect_counts("supply bases", {s: len(v) for s, v in rules["supply_bases"].items()}, {"french": 2, "british": 3})
    return {
        "format": f"{FORMAT_PREFIX}/map v1",
        "map_width": ref["projection"]["width"],
        "map_height": ref["projection"]["height"],
        "stacking": {
            "by_type": STACKING,
            "indigenous_per_location": rules["stacking"]["indigenous_and_iroquois_per_location"],
            "french_garrisons_count": rules["stacking"]["french_garrisons_count"],
        },
        "supply_bases": {s: sorted(rules["supply_bases"][s]) for s in SIDES},
        "victory_objectives": {s: sorted(rules["victory_objectives"][s]) for s in SIDES},
        "locations": [location(l) for l in locations],
        "connections": [{"id": c["id"], "a": c["a"], "b": c["b"], "type": c["type"], "via": c["via"]} for c in connections],
        # Ambiguity 24: any two members of one lake are adjacent by waterway; a member of two lakes joins them.
        "lakes": [{"id": k["id"], "name": k["name"], "members": k["members"], "label": {"x": k["label_x"], "y": k["label_y"]}} for k in lakes],
        "naval_insert": naval_insert(ref["naval_insert"], by_id),
    }


# ---------------------------------------------------------------------------------------------
# pieces.json, setup.json, reinforcements.json


def check_piece_counts(units: list[dict], naval: list[dict], totals: dict) -> None:
    sides = Counter(u["side"] for u in units)
    expect_counts("unit counters by side", sides, {"british": 63, "french": 56, "iroquois": 12, "native": 24})
    require(len(units) == 155 == totals["units"], "unit counters: the README says 155")
    require({k: totals[k] for k in ("british", "french", "iroquois", "native")} == dict(sides), "pieces totals differ from the units")
    expect_counts("British units by kind", Counter(u["kind"] for u in units if u["side"] == "british"),
                  {"european_regular": 29, "colonial_regular": 9, "ranger": 3, "militia": 22})
    expect_counts("British 1-LP militia", Counter(u["kind"] for u in units if u["side"] == "british" and u["life_points"] == 1),
                  {"militia": 6})
    expect_counts("French units by kind", Counter(u["kind"] for u in units if u["side"] == "french"),
                  {"european_regular": 24, "garrison": 2, "troupes_de_marine": 8, "coureur_de_bois": 6, "militia": 16})
    expect_counts("French 1-LP militia", Counter(u["kind"] for u in units if u["side"] == "french" and u["life_points"] == 1),
                  {"militia": 5})
    expect_counts("French regulars dated / random", Counter(
        "random" if "random" in (u["historical_reinforcement"] or {}) else "dated"
        for u in units if u["side"] == "french" and u["kind"] == "european_regular"), {"dated": 20, "random": 4})
    # Ambiguity 20 and 21: tribes 7-30, 8 of them with 2 LP; Iroquois 1-6 in red and blue twins, all 2 LP.
    expect_counts("tribe life points", Counter(u["life_points"] for u in units if u["kind"] == "tribe"), {2: 8, 1: 16})
    expect_counts("Iroquois life points", Counter(u["life_points"] for u in units if u["kind"] == "iroquois"), {2: 12})
    expect_counts("naval pieces by side", Counter(n["side"] for n in naval), {"british": 5, "french": 4})
    require(len(naval) == totals["naval"], "naval total differs")


def check_unit(u: dict, locations: dict[str, dict]) -> None:
    uid = u["id"]
    require(u["kind"] in UNIT_KINDS, f"{uid}: unknown kind {u['kind']}")
    require(u["category"] == UNIT_KINDS[u["kind"]], f"{uid}: category {u['category']} is not its kind's")
    require(u["life_points"] in (1, 2), f"{uid}: life points {u['life_points']}")
    require(u.get("moves_as_irregular", False) == (u["kind"] == "troupes_de_marine"), f"{uid}: moves_as_irregular")
    require(bool(u.get("immobile")) == (u["kind"] == "garrison") and (u.get("counts_for_stacking", False) is False),
            f"{uid}: only garrisons are immobile and out of stacking")
    if u["kind"] not in ("troupes_de_marine", "garrison", "militia", "coureur_de_bois", "tribe", "iroquois"):
        require(u["life_points"] == 2, f"{uid}: regulars and rangers have 2 LP")
    if u["kind"] in ("garrison", "troupes_de_marine", "coureur_de_bois"):
        require(u["life_points"] == 2, f"{uid}: garrisons, Troupes de la Marine and couriers have 2 LP")
    home = u["home"]
    if u["kind"] in ("militia", "tribe", "iroquois", "garrison"):
        require(home in locations, f"{uid}: unknown home {home}")
    else:
        require(home is None, f"{uid}: a {u['kind']} with a home")
    if u["kind"] == "tribe":
        require(locations[home]["type"] == "village" and locations[home]["owner"] == "native", f"{uid}: home is not a native village")
    if u["kind"] == "iroquois":
        require(locations[home]["iroquois_village"], f"{uid}: home is not an Iroquois village")
        for h in u["also_home"]:
            require(h in locations and locations[h]["iroquois_village"], f"{uid}: also_home {h} is not an Iroquois village")
        require({"red": "british", "blue": "french"}[u["color"]] == u["aligned_with"], f"{uid}: colour and alignment differ")
    p = u["placement"]
    mode = p["mode"]
    if mode == "location":
        require(p["location"] in locations, f"{uid}: unknown start location {p['location']}")
        require(home is None or p["location"] == home, f"{uid}: starts at {p['location']}, not at its home {home}")
        if u["side"] in SIDES:
            require(locations[p["location"]]["owner"] == u["side"], f"{uid}: starts in a location its side does not hold")
    elif mode == "choice":
        for lid in p["locations"]:
            require(lid in locations and locations[lid]["owner"] == u["side"], f"{uid}: choice {lid} is not a friendly location")
    elif mode == "reinforcement":
        require(u["kind"] == "european_regular", f"{uid}: only European regulars wait as reinforcements")
    elif mode == "iroquois_alternate":
        require(u["kind"] == "iroquois", f"{uid}: only Iroquois have alternates")
    elif mode == "with_tribe":
        require(u["kind"] == "coureur_de_bois", f"{uid}: only couriers start with a tribe")
    else:
        require(mode == "force_pool", f"{uid}: unknown placement mode {mode}")
    h = u["historical_reinforcement"]
    if h is not None:
        require(u["kind"] in ("european_regular", "colonial_regular", "ranger"), f"{uid}: a {u['kind']} on the historical list")
        if "year" in h:
            require(h["year"] in YEARS[1:-1], f"{uid}: historical year {h['year']}")
        else:
            require("5+" in h["random"] and "1755" in h["random"] and u["side"] == "french", f"{uid}: unexpected random entry {h}")


def unit(u: dict) -> dict:
    out = {
        "id": u["id"],
        "side": u["side"],
        "kind": u["kind"],
        "category": u["category"],
        "name": u["name"],
        "life_points": u["life_points"],
        "home": u["home"],
    }
    if u["kind"] == "troupes_de_marine":
        out["moves_as_irregular"] = True
    if u["kind"] == "garrison":
        out["immobile"] = True
        out["counts_for_stacking"] = False
    if u["kind"] in ("tribe", "iroquois"):
        out["number"] = u["number"]
    if u["kind"] == "iroquois":
        out["aligned_with"] = u["aligned_with"]  # the counter's colour: red British, blue French (ambiguity 7)
        out["also_home"] = u["also_home"]
    return out


NAVAL_EFFECTS = {
    # 2 European regulars at one friendly port, per squadron.
    "naval_squadron": {"european_regulars": 2},
    # 5 European regulars at one friendly port; troopships are the weakest (ambiguity 10: +0).
    "troop_convoy": {"european_regulars": 5},
}


def naval_piece(n: dict) -> dict:
    kind, side = n["kind"], n["side"]
    out: dict = {"id": n["id"], "side": side, "kind": kind, "name": n["name"]}
    if kind == "sea_lift":
        require(n["naval_modifier"] is None and n["placement"] == {"mode": "any_port", "side": "british"}, f"{n['id']}: Sea Lift")
        return out
    # Ambiguity 10: squadron +3, privateer +2, supply convoy +1, troop convoy +0.
    require(n["naval_modifier"] == {"naval_squadron": 3, "privateer": 2, "supply_convoy": 1, "troop_convoy": 0}[kind],
            f"{n['id']}: naval modifier {n['naval_modifier']} is not ambiguity 10's")
    out["naval_modifier"] = n["naval_modifier"]
    if kind in NAVAL_EFFECTS:
        require(str(NAVAL_EFFECTS[kind]["european_regulars"]) in n["effect"], f"{n['id']}: effect text changed: {n['effect']}")
        out["effect"] = {**NAVAL_EFFECTS[kind], "at": "one_friendly_port"}
    elif side == "british":  # Appointments & Supply Convoy
        require("4 militia" in n["effect"] and "2 colonial regulars" in n["effect"], f"{n['id']}: effect text changed")
        out["effect"] = {"militia_muster": 4, "colonial_regulars": 2, "colonial_regulars_at": ["boston", "new_york", "philadelphia"]}
    else:  # Privateer, Gifts & Supply Convoy: one of two
        require("5 green tribes" in n["effect"] or "Same choice as the Privateer" in n["effect"], f"{n['id']}: effect text changed")
        out["effect"] = {"one_of": [{"tribes_join_coureurs": 5}, {"militia_muster": 3}]}
    return out


def check_setup(units: list[dict], locations: dict[str, dict]) -> None:
    on_map = Counter(u["side"] for u in units if u["placement"]["mode"] in ("location", "choice", "with_tribe"))
    expect_counts("units on the map at the start", on_map, {"french": 17, "british": 15, "iroquois": 6, "native": 24})
    expect_counts("couriers placed with a tribe", Counter(u["placement"]["mode"] for u in units if u["kind"] == "coureur_de_bois"),
                  {"choice": 1, "with_tribe": 3, "force_pool": 2})
    # Ambiguity 19: the 40th, 45th and 49th start in Nova Scotia; the 1755 arrivals are the 44th, 47th and 48th.
    placed = {u["id"]: u["placement"].get("location") for u in units}
    require([placed["br_reg_40"], placed["br_reg_45"], placed["br_reg_49"]] == ["ft_lawrence", "halifax", "port_royal"],
            "ambiguity 19: the Nova Scotia regulars")
    arrivals_1755 = sorted(u["id"] for u in units if u["side"] == "british" and u["historical_reinforcement"] == {"year": 1755})
    require(arrivals_1755 == ["br_reg_44", "br_reg_47", "br_reg_48"], f"ambiguity 19: British 1755 arrivals are {arrivals_1755}")
    # Ambiguity 17: the Acadian militia starts at Isle St Jean; St Jean (Richelieu) militia is unbuilt in the pool.
    require(placed["fr_mil_acadian_isle_st_jean"] == "isle_st_jean", "ambiguity 17: Acadian militia not at Isle St Jean")
    require(any(u["home"] == "st_jean" and u["placement"]["mode"] == "force_pool" for u in units), "ambiguity 17: no St Jean militia in the pool")
    # Iroquois: exactly one of each twin on the map, on its home village; each alternate names its twin.
    by_id = {u["id"]: u for u in units}
    for u in units:
        if u["placement"]["mode"] == "iroquois_alternate":
            twin = by_id.get(u["placement"]["replaces"])
            require(twin is not None and twin["number"] == u["number"] and twin["home"] == u["home"] and twin["color"] != u["color"]
                    and twin["placement"]["mode"] == "location", f"{u['id']}: its twin is not the other colour on the map")
    # Tribes start face down; only the three a courier is placed with are activated (dropped: always false).
    require(all(u["starts_activated"] is False for u in units if u["kind"] == "tribe"), "a tribe starts activated")
    # Iroquois and tribe numbering (ambiguity 20).
    require(sorted(u["number"] for u in units if u["kind"] == "iroquois") == sorted(list(range(1, 7)) * 2), "Iroquois numbers 1-6 twice")
    require(sorted(u["number"] for u in units if u["kind"] == "tribe") == list(range(7, 31)), "tribe numbers 7-30")
    require(len({u["home"] for u in units if u["kind"] == "tribe"}) == 24, "two tribes share a village")
    # Stacking at the start: the Iroquois/tribe limit and the type's limit, garrisons not counted.
    stacks: Counter = Counter()
    indigenous: Counter = Counter()
    for u in units:
        if u["placement"]["mode"] == "location" and u["kind"] != "garrison":
            stacks[u["placement"]["location"]] += 1
            if u["kind"] in ("tribe", "iroquois"):
                indigenous[u["placement"]["location"]] += 1
    for lid, n in stacks.items():
        require(n <= STACKING[locations[lid]["type"]], f"{lid}: {n} units at the start, over its stacking limit")
        require(indigenous[lid] <= 5, f"{lid}: over the indigenous stacking limit at the start")
    # Militia homes: militia start at home or in the pool, and every home is in its side's original holdings.
    for u in units:
        if u["kind"] == "militia":
            require(locations[u["home"]]["original_holdings"] == u["side"], f"{u['id']}: home outside its side's original holdings")


def setup(units: list[dict], by_location: dict[str, dict]) -> dict:
    placements = []
    for u in units:
        p = u["placement"]
        if p["mode"] == "location":
            placements.append({"unit": u["id"], "location": p["location"]})
        elif p["mode"] == "choice":
            placements.append({"unit": u["id"], "choice": p["locations"]})
    with_tribe = [u["id"] for u in units if u["placement"]["mode"] == "with_tribe"]
    return {
        "format": f"{FORMAT_PREFIX}/setup v1",
        "year": YEARS[0],
        "fort_markers": {s: sorted(l["id"] for l in by_location.values() if l["fort_marker_at_start"] and l["owner"] == s) for s in SIDES},
        "placements": placements,
        # Placed one at a time by the French on a location with a green tribe counter, which is activated.
        "coureurs_with_tribes": with_tribe,
        # The British places the Sea Lift in any port he holds.
        "sea_lift": {"piece": "bn_sealift", "at": "any_british_port"},
        "force_pool": {s: [u["id"] for u in units if u["side"] == s and u["placement"]["mode"] == "force_pool"] for s in SIDES},
        "awaiting_reinforcement": {s: [u["id"] for u in units if u["side"] == s and u["placement"]["mode"] == "reinforcement"] for s in SIDES},
        "iroquois_alternates": {u["id"]: u["placement"]["replaces"] for u in units if u["placement"]["mode"] == "iroquois_alternate"},
    }


def reinforcements(units: list[dict], locations: list[dict]) -> dict:
    schedule = {s: {str(y): [] for y in YEARS[1:-1]} for s in SIDES}
    random_ids: list[str] = []
    for u in units:
        h = u["historical_reinforcement"]
        if h is None:
            continue
        if "year" in h:
            schedule[u["side"]][str(h["year"])].append(u["id"])
        else:
            random_ids.append(u["id"])
    expect_counts("French historical arrivals by year", {y: len(v) for y, v in schedule["french"].items()},
                  {"1755": 6, "1756": 2, "1757": 2, "1758": 6, "1759": 4})
    expect_counts("British historical arrivals by year", {y: len(v) for y, v in schedule["british"].items()},
                  {"1755": 3, "1756": 10, "1757": 9, "1758": 9, "1759": 2})
    return {
        "format": f"{FORMAT_PREFIX}/reinforcements v1",
        # The Historical Reinforcements option: units arrive at the start of the listed year; colonial regulars and
        # rangers with a year may not be promoted into or mustered before it (ambiguity 34).
        "historical": schedule,
        # Each listed French unit rolls a die every year from 1755 until it enters, on 5 or more.
        "historical_random": {"side": "french", "units": random_ids, "from_year": 1755, "die": 6, "enters_on": 5},
        # With the option, each side also receives one supply convoy's effect every year.
        "historical_yearly_supply_convoy": True,
        # Shovel forts: the fort marker appears at the start of the year if its side still holds the location.
        "shovel_forts": [{"location": l["id"], "year": l["shovel_fort"]["year"], "side": l["shovel_fort"]["side"]}
                         for l in sorted(locations, key=lambda l: (l["shovel_fort"] or {}).get("year", 0)) if l["shovel_fort"]],
        # Restoration in the Spring: 2 destroyed or unbuilt militia per side; the French only from these homes (ambiguity 17).
        "restoration": {"british": {"militia": 2, "homes": None},
                        "french": {"militia": 2, "homes": ["montreal", "quebec", "st_jean", "trois_rivieres"]}},
    }


def convert_pieces(ref: dict, locations: dict[str, dict]) -> dict:
    require(ref["format"] == "mohicans/pieces v1", f"unexpected pieces format {ref['format']}")
    units, naval = ref["units"], ref["naval"]
    ids = unique_ids(units + naval, "piece")
    require(not ids.keys() & locations.keys(), "a piece id equals a location id")
    check_piece_counts(units, naval, ref["totals"])
    for u in units:
        check_unit(u, locations)
    check_setup(units, locations)
    return {
        "format": f"{FORMAT_PREFIX}/pieces v1",
        "units": [unit(u) for u in units],
        "naval": [naval_piece(n) for n in naval],
    }


# ---------------------------------------------------------------------------------------------
# tables.json: the rulebook's numbers that are facts rather than procedure.


def turns() -> list[dict]:
    # Ambiguity 1: 12 turns; 1754 and 1760 have one turn each, 1755-1759 a Spring and a Summer (= Autumn) turn.
    out = []
    for y in YEARS:
        seasons = ["single"] if y in (YEARS[0], YEARS[-1]) else ["spring", "summer"]
        out += [{"year": y, "season": s} for s in seasons]
    require(len(out) == 12, "ambiguity 1: there must be 12 turns")
    return out


def tables() -> dict:
    return {
        "format": f"{FORMAT_PREFIX}/tables v1",
        "turns": turns(),
        "supply_points": {
            "french": {"land": {"dice": 2, "add": 4}},
            "british": {"land": {"dice": 2, "add": 6}, "sea": {"dice": 1, "add": 0}},
        },
        # Ambiguity 6: 1 SP gives a regular/militia stack 4 MP; a trail costs 2 MP and ends its trail use.
        "movement": {"mp_per_supply_point": 4, "irregular_moves": 6, "trail_mp": 2, "road_mp": 1, "waterway_mp": 1, "lake_mp": 1,
                     "iroquois_free_moves": 1, "iroquois_free_stacks_per_turn": 1},
        "outmaneuver_cost_sp": 2,  # ambiguity 25
        # Ambiguity 3: two overrun tiers, in unit pieces.
        "overrun": [{"ratio": 5, "cost_sp": 2, "mover_stops": True}, {"ratio": 6, "cost_sp": 1, "cost_moves": 1, "mover_stops": False}],
        # Ambiguity 2: one die per firing unit, no cap; the faces as printed.
        "combat_dice": {
            "white": {"blank": 3, "hit": 2, "kill": 1},
            "black": {"blank": 2, "hit": 2, "double_hit": 1, "kill": 1},
        },
        "max_rounds": {"melee": 2, "assault": 2},  # ambiguity 28
        "siege_roll": {"dice": 2},  # ambiguity 29
        # Ambiguity 30: the Spring Muster moves on-map militia; the Iroquois, once at war, move 1 (ambiguity 7).
        # The besieger adds its regulars and militia outside, the defender those inside plus these bonuses.
        "siege_defender_bonus": {"cities": {"louisbourg": 2, "quebec": 2}, "port_or_waterway": 2},
        "fort_burn_moves": 2,
        # Both ports French-held: a regular stack (Troupes de la Marine too, ambiguity 38) sails between them for 2 SP.
        "french_sea_lift": {"between": ["louisbourg", "quebec"], "cost_sp": 2},
        "sea_lift_stage_cost": 1,
        "spring_muster": {"french": 3, "british": 4, "iroquois": 1},
        "strategic_movement": {"side": "british", "regulars": 5},
        # Winter: one militia that won a battle this year is promoted into one of these kinds from the pool.
        "promotion": {"per_winter": 1, "french": ["coureur_de_bois", "troupes_de_marine"], "british": ["colonial_regular", "ranger"]},
        # Winter: the French may move one indigenous unit whose village is enemy-held here instead of losing it.
        "indigenous_saved_per_winter": {"count": 1, "to": ["montreal", "quebec"]},
        # Great Victories that turn an Iroquois counter: each pair of forts destroyed, each full 5 raid markers,
        # and a battle won with at least 2 regulars on each side.
        "great_victory": {"forts_destroyed_per": 2, "raid_markers_per": 5, "battle_regulars_each_side": 2},
        "victory": {
            "french": {"all_of": ["albany"], "one_of": ["boston", "new_york", "philadelphia"]},
            "british": {"count": 3, "of": ["ft_duquesne", "ft_frontenac", "louisbourg", "montreal", "quebec"], "one_of": ["montreal", "quebec"]},
        },
    }


def check_tables(t: dict, game_map: dict) -> None:
    v = t["victory"]
    require(sorted(v["french"]["all_of"] + v["french"]["one_of"]) == game_map["victory_objectives"]["french"], "French victory places")
    require(v["british"]["of"] == game_map["victory_objectives"]["british"], "British victory places")
    bases = game_map["supply_bases"]
    require(v["french"]["one_of"] == bases["british"], "the French one-of objectives are the British bases")


# ---------------------------------------------------------------------------------------------
# The rulebook is the authority: the names of the reference and the numbers above are checked against its text.


def rulebook_section(text: str, heading: str, end: str) -> str:
    start = text.find(heading)
    require(start >= 0, f"rulebook: no '{heading}' section")
    stop = text.find(end, start + len(heading))
    return text[start: stop if stop >= 0 else len(text)]


def rulebook_location_list(text: str) -> dict[str, list[tuple[str, bool]]]:
    section = rulebook_section(text, "## THE MAP\n", "## HISTORICAL REINFORCEMENTS")
    columns: dict[str, list[tuple[str, bool]]] = {"french": [], "indigenous": [], "british": []}
    rows = [r for r in section.splitlines()[1:] if "\t" in r]
    require(rows and rows[0].startswith("French territory"), "rulebook: the VARIOUS location table changed shape")
    for row in rows[2:]:
        for column, cell in zip(columns, row.split("\t")):
            cell = cell.strip()
            if cell:
                bold = cell.startswith("<b>")
                columns[column].append((re.sub(r"</?b>", "", cell), bold))
    return columns


def rulebook_reinforcements(text: str) -> dict:
    section = rulebook_section(text, "## HISTORICAL REINFORCEMENTS", "\n*")
    out: dict = {"french": {}, "british": {}, "random": []}
    side, year = None, None
    for line in section.splitlines()[1:]:
        line = line.strip()
        if line in ("### France", "### Britain"):
            side, year = ("french" if "France" in line else "british"), None
        elif line.startswith("#### "):
            year = line[5:]
            out[side][year] = []
        elif line.startswith("Random ("):
            year = "random"
        elif line and year and not line.startswith("Use this"):
            (out["random"] if year == "random" else out[side][year]).append(line)
    return out


def check_rulebook(text: str, map_ref: dict, pieces_ref: dict) -> None:
    listed = rulebook_location_list(text)
    for column, names in listed.items():
        mine = sorted((l["name"], l["iroquois_village"]) for l in map_ref["locations"] if l["rulebook_column"] == column)
        require(mine == sorted(names), f"rulebook: the {column} column lists {sorted(set(names) ^ set(mine))} differently")
    not_listed = [l["id"] for l in map_ref["locations"] if l["rulebook_column"] == "not_listed"]
    require(not_listed == ["ft_george"], f"rulebook: only Ft. George is added (ambiguity 15), not {not_listed}")

    book = rulebook_reinforcements(text)
    units = pieces_ref["units"]
    for side in SIDES:
        for year, names in book[side].items():
            mine = [u["name"] for u in units if u["side"] == side and u["historical_reinforcement"] == {"year": int(year)}]
            if side == "british" and year == "1755":
                # Ambiguity 19: the 40th and 45th of the 1755 list are the ones that start in Nova Scotia.
                names = [n for n in names if n not in ("40th R. Foote", "45th R. Foote")]
            require(sorted(mine) == sorted(names), f"rulebook: {side} {year} arrivals {sorted(mine)} differ from {sorted(names)}")
    random_names = [u["name"] for u in units if "random" in (u["historical_reinforcement"] or {})]
    require(sorted(random_names) == sorted(book["random"]), f"rulebook: random French arrivals {random_names}")


# ---------------------------------------------------------------------------------------------
# Output: one record per line inside top-level arrays, so that diffs of the data stay readable.


def convert(reference: Path, rulebook: Path) -> dict[str, str]:
    map_ref = load(reference, "map")
    pieces_ref = load(reference, "pieces")
    rulebook_text = rulebook.read_text(encoding="utf-8")
    game_map = convert_map(map_ref)
    by_location = {l["id"]: l for l in map_ref["locations"]}
    pieces = convert_pieces(pieces_ref, by_location)
    t = tables()
    check_tables(t, game_map)
    check_rulebook(rulebook_text, map_ref, pieces_ref)
    documents = {
        "map": game_map,
        "pieces": pieces,
        "setup": setup(pieces_ref["units"], by_location),
        "reinforcements": reinforcements(pieces_ref["units"], map_ref["locations"]),
        "tables": t,
    }
    return {f"{name}.json": dump(doc) for name, doc in documents.items()}


if __name__ == "__main__":
    sys.exit(data_import.main("mohicans_import", __doc__, DEFAULT_OUT, {"reference": (DEFAULT_REFERENCE, "reference directory"), "rulebook": (DEFAULT_RULEBOOK, "the rulebook text (markdown)")}, convert))
