#!/usr/bin/env python3
"""Turns every ```swift block of the given Markdown files into a Swift package that depends on
this checkout, so building it proves the documentation's code still compiles.

Usage: doc-blocks.py OUT_DIR REPO_ROOT FILE.md...

- A block whose first line is `// Package.swift …` is the package's manifest: it is wrapped in
  `Package(name: "DocBlocks", …)` with the tabsnap dependency pointed at this checkout. Exactly
  one such block must exist across the files (the README's "Use it in your package").
- Every other block becomes one source file of the manifest's first test target. Its `import`
  lines go to the top of the file; the rest is put in its own namespace (`enum Block_N`) so names
  do not collide between blocks: declarations as they are, statements inside a throwing function.
- Blocks that read a value they do not define (`bar` in a fragment) name it in an HTML comment on
  the line before the fence, `<!-- swift-context: let bar = … -->`; the context is put before the
  block's statements (its `import …;` parts go to the file's top). Readers of the rendered
  Markdown do not see the comment.
- A block after `<!-- swift-skip: REASON -->` is left out; the reason is printed.

The script fails (exit 1, one line naming file and line) on anything it cannot place, so a block
cannot silently drop out of the check.
"""
import os
import re
import sys

DECLARATION = re.compile(
    r"^(@\w+|(public |private |fileprivate |internal |final )*(func|struct|class|enum|protocol|actor|typealias) )")
CONTEXT = re.compile(r"^<!--\s*swift-context:(.*)-->\s*$")
SKIP = re.compile(r"^<!--\s*swift-skip:(.*)-->\s*$")
TABSNAP_URL = '.package(url: "https://github.com/OWNER/tabsnap.git", branch: "main")'


def fail(message):
    print(f"doc-blocks: {message}", file=sys.stderr)
    sys.exit(1)


def blocks(path):
    """Yields (line number, lines, context, skip reason) for each ```swift block of a file."""
    with open(path, encoding="utf-8") as f:
        lines = f.read().split("\n")
    i = 0
    while i < len(lines):
        if lines[i].strip() == "```swift":
            start = i + 1
            previous = lines[i - 1].strip() if i > 0 else ""
            context = CONTEXT.match(previous)
            skip = SKIP.match(previous)
            end = start
            while end < len(lines) and lines[end].strip() != "```":
                end += 1
            if end == len(lines):
                fail(f"{path}:{i + 1}: a ```swift block is never closed")
            yield (i + 1, lines[start:end],
                   context.group(1).strip() if context else None,
                   skip.group(1).strip() if skip else None)
            i = end
        i += 1


def manifest(path, line, body):
    text = "\n".join(body)
    if TABSNAP_URL not in text:
        fail(f"{path}:{line}: the manifest block no longer holds {TABSNAP_URL}; update scripts/doc-blocks.py with it")
    text = text.replace(TABSNAP_URL, '.package(path: "tabsnap")')
    targets = re.findall(r'\.testTarget\(\s*name:\s*"([^"]+)"', text)
    if not targets:
        fail(f"{path}:{line}: the manifest block declares no .testTarget")
    # The block's exclude: names a folder the reader's package has; this one makes it.
    return ("// swift-tools-version:6.0\nimport PackageDescription\n\n"
            f"// Generated from {path}:{line} by scripts/doc-blocks.py.\n"
            f"let package = Package(\n    name: \"DocBlocks\",\n{text}\n)\n", targets[0])


def source(path, line, body, context, number):
    # The context may hold imports too: `<!-- swift-context: import Tabsnap; let bar = … -->`.
    parts = [p.strip() for p in context.split(";")] if context else []
    context = "; ".join(p for p in parts if not p.startswith("import ")) or None
    imports = [p for p in parts if p.startswith("import ")] + [l for l in body if l.startswith("import ")]
    rest = [l for l in body if not l.startswith("import ")]
    declares = any(DECLARATION.match(l) for l in rest)
    states = any(l and not l.startswith((" ", "\t", "}", "//", ")", "]")) and not DECLARATION.match(l)
                 for l in rest)
    if declares and states:
        fail(f"{path}:{line}: a block mixes top-level declarations and statements; split it or indent the statements")
    out = [f"// {path}:{line}"] + imports + ["", f"enum Block_{number} {{"]
    if declares:
        if context:
            out.append(f"    {context}")
        out += rest
    else:
        out.append("    static func run() throws {")
        if context:
            out.append(f"        {context}")
        out += ["        " + l if l else l for l in rest]
        out.append("    }")
    out.append("}")
    return "\n".join(out) + "\n"


def main():
    if len(sys.argv) < 4:
        fail("usage: doc-blocks.py OUT_DIR REPO_ROOT FILE.md...")
    out_dir, repo = sys.argv[1], sys.argv[2]
    files = sys.argv[3:]
    package, target, sources = None, None, []
    for path in files:
        for line, body, context, skip in blocks(path):
            if skip:
                print(f"doc-blocks: {path}:{line}: skipped ({skip})", file=sys.stderr)
                continue
            if body and body[0].startswith("// Package.swift"):
                if package:
                    fail(f"{path}:{line}: a second manifest block; only one may build the package")
                package, target = manifest(path, line, body)
            else:
                sources.append(source(path, line, body, context, len(sources) + 1))
    if not package:
        fail("no ```swift block starting with `// Package.swift` found")
    if not sources:
        fail("no Swift code blocks found")
    os.makedirs(os.path.join(out_dir, "Tests", target, "__Snapshots__"), exist_ok=True)
    with open(os.path.join(out_dir, "Package.swift"), "w", encoding="utf-8") as f:
        f.write(package)
    link = os.path.join(out_dir, "tabsnap")
    if not os.path.islink(link):
        os.symlink(os.path.abspath(repo), link)
    for n, text in enumerate(sources, 1):
        with open(os.path.join(out_dir, "Tests", target, f"Block{n}.swift"), "w", encoding="utf-8") as f:
            f.write(text)
    print(f"doc-blocks: {len(sources)} Swift blocks from {len(files)} files into {out_dir}", file=sys.stderr)


main()
