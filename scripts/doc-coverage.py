#!/usr/bin/env python3
"""Lists every public declaration of the named modules that has no doc comment.

Reads the symbol graphs `swift package dump-symbol-graph` writes (one JSON file per module, plus
MODULE@OTHER files for extensions of another module's types). A symbol counts when the compiler
says it is public or open and it has a place in our sources; symbols the compiler made (a
memberwise `==`, `Codable` conformances) have none and are skipped. A declaration that fulfils a
requirement of another module's protocol (`description`, `errorDescription`, `run()`) is counted
too: DocC shows the protocol's words for it, which say nothing about what Tabsnap's version does.

usage: doc-coverage.py SYMBOLGRAPH_DIR MODULE...   (exit 1 and the list when any is missing)
"""
import glob
import json
import os
import sys


def undocumented(folder, modules):
    modules = set(modules)
    missing = []
    counted = 0
    for path in sorted(glob.glob(os.path.join(folder, "*.symbols.json"))):
        module = os.path.basename(path).split(".symbols.json")[0].split("@")[0]
        if module not in modules:
            continue
        graph = json.load(open(path, encoding="utf-8"))
        for symbol in graph["symbols"]:
            if symbol.get("accessLevel") not in ("public", "open") or "location" not in symbol:
                continue
            # Defaults another package's protocol extension gives (swift-argument-parser's
            # `allValueStrings` on a type the command line makes an argument) are not ours.
            if os.path.relpath(symbol["location"]["uri"].removeprefix("file://")).startswith(".build" + os.sep):
                continue
            counted += 1
            comment = symbol.get("docComment") or {}
            # A protocol requirement's words (the standard library's, for `description`) are
            # copied into an implementation that has none of its own, marked with their module;
            # words from another of the modules checked (a protocol's default in TabsnapModel,
            # shown on a conformance in TabsnapGeometry) are Tabsnap's own.
            own = comment.get("module") in {None} | modules
            lines = (comment.get("lines") or []) if own else []
            if not any(line.get("text", "").strip() for line in lines):
                where = symbol["location"]
                file = os.path.relpath(where["uri"].removeprefix("file://"))
                line = where["position"]["line"] + 1
                name = ".".join(symbol["pathComponents"])
                missing.append(f"{file}:{line}: {module}.{name} ({symbol['kind']['displayName']})")
    return counted, missing


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__.strip().splitlines()[-1])
    folder, modules = sys.argv[1], set(sys.argv[2:])
    found = {os.path.basename(p).split(".symbols.json")[0].split("@")[0]
             for p in glob.glob(os.path.join(folder, "*.symbols.json"))}
    absent = sorted(modules - found)
    if absent:
        sys.exit(f"doc-coverage: no symbol graph for {', '.join(absent)} in {folder}")
    counted, missing = undocumented(folder, modules)
    for entry in missing:
        print(entry)
    if missing:
        sys.exit(f"doc-coverage: {len(missing)} of {counted} public declarations have no doc comment (listed above)")
    print(f"doc-coverage: all {counted} public declarations of {len(modules)} modules are documented")


if __name__ == "__main__":
    main()
