"""What the component-data importers share (tools/ww_import.py, tools/mohicans_import.py).

A broken assumption about the reference (`require`), reading one of its JSON files (`load`), the
output layout (`dump`: one record per line inside top-level arrays, so that diffs of the data
stay readable) and the command line (`main`: write the files, or with --check write nothing and
exit 1 naming each file that is out of date; exit 2 when the reference breaks an assumption).

Python 3 standard library only.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Callable


class ImportError_(Exception):
    """The reference broke an assumption an importer relies on."""


def require(condition: bool, message: str) -> None:
    if not condition:
        raise ImportError_(message)


def load(reference: Path, name: str) -> dict:
    with open(reference / f"{name}.json", encoding="utf-8") as f:
        return json.load(f)


def dump(document: dict) -> str:
    lines = ["{"]
    items = list(document.items())
    for i, (key, value) in enumerate(items):
        comma = "," if i + 1 < len(items) else ""
        if isinstance(value, list) and value and isinstance(value[0], dict):
            lines.append(f"  {json.dumps(key)}: [")
            for j, record in enumerate(value):
                tail = "," if j + 1 < len(value) else ""
                lines.append("    " + json.dumps(record, ensure_ascii=False, separators=(",", ":")) + tail)
            lines.append("  ]" + comma)
        else:
            lines.append(f"  {json.dumps(key)}: " + json.dumps(value, ensure_ascii=False, separators=(",", ":")) + comma)
    lines.append("}")
    return "\n".join(lines) + "\n"


def main(
    tool: str,
    doc: str,
    default_out: Path,
    inputs: dict[str, tuple[Path, str]],
    convert: Callable[..., dict[str, str]],
) -> int:
    """Runs an importer: `inputs` are its path options ({name: (default, help)}), passed to
    `convert` by name; `convert` returns {file name: text}."""
    parser = argparse.ArgumentParser(description=doc.split("\n\n")[0])
    for name, (default, help_text) in inputs.items():
        parser.add_argument(f"--{name}", type=Path, default=default, help=help_text)
    parser.add_argument("--out", type=Path, default=default_out, help="output directory")
    parser.add_argument("--check", action="store_true", help="exit 1 if the output files are out of date")
    args = parser.parse_args()
    try:
        files = convert(**{name: getattr(args, name) for name in inputs})
    except ImportError_ as error:
        print(f"{tool}: broken assumption: {error}", file=sys.stderr)
        return 2
    except (KeyError, TypeError, OSError, json.JSONDecodeError) as error:
        print(f"{tool}: cannot read the sources: {error!r}", file=sys.stderr)
        return 2
    stale = [
        name for name, text in files.items() if not (args.out / name).exists() or (args.out / name).read_text(encoding="utf-8") != text
    ]
    if args.check:
        for name in stale:
            print(f"{tool}: {args.out / name} is out of date", file=sys.stderr)
        return 1 if stale else 0
    args.out.mkdir(parents=True, exist_ok=True)
    for name, text in files.items():
        (args.out / name).write_text(text, encoding="utf-8")
    print(f"{tool}: wrote {len(files)} files to {args.out} ({len(stale)} changed)")
    return 0
