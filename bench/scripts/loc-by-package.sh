#!/usr/bin/env bash
# Hand-written main code, line counts per Java package of every module (every src/main/java in the repository):
# code lines = lines that are neither blank nor only a comment (// … and /* … */ blocks; comment markers inside string
# literals are not parsed, so a rare line may be misjudged), beside the files and all lines.
# Usage: bench/scripts/loc-by-package.sh [ref]            one tree: the working tree (tracked and new files, as on
#                                                         disk) without ref, or a git ref read with git (no checkout)
#        bench/scripts/loc-by-package.sh <before> <after> before/after code lines per package, with module totals;
#                                                         "." as a ref is the working tree, e.g. 287630a HEAD or 287630a .
set -euo pipefail
cd "$(dirname "$0")/../.."
exec python3 - "$@" <<'PY'
import subprocess, sys

sys.path.insert(0, "bench/scripts/lib")  # run from the repository root (the cd above)
from code_lines import code_lines
from collections import defaultdict

MAIN = "/src/main/java/"

def git(*args):
    return subprocess.run(["git", *args], check=True, capture_output=True).stdout

def sources(ref):
    """(path, text) of every main Java file in the working tree (ref '.') or at a git ref."""
    if ref == ".":
        names = git("ls-files", "-z", "--cached", "--others", "--exclude-standard").decode().split("\0")
        for name in sorted(n for n in names if MAIN in "/" + n and n.endswith(".java")):
            try:
                yield name, open(name, encoding="utf-8").read()
            except FileNotFoundError:  # deleted in the working tree, not yet in the index
                pass
        return
    names = git("ls-tree", "-r", "-z", "--name-only", ref).decode().split("\0")
    names = sorted(n for n in names if MAIN in "/" + n and n.endswith(".java"))
    # One git process for every blob: cat-file --batch answers "<sha> blob <size>\n<content>\n" per request.
    out = subprocess.run(["git", "cat-file", "--batch"], input="".join(f"{ref}:{n}\n" for n in names).encode(),
                         check=True, capture_output=True).stdout
    at = 0
    for name in names:
        header_end = out.index(b"\n", at)
        size = int(out[at:header_end].split()[2])
        yield name, out[header_end + 1:header_end + 1 + size].decode("utf-8")
        at = header_end + 1 + size + 1

def count(ref):
    """{(module, package): [files, code lines, all lines]}"""
    table = defaultdict(lambda: [0, 0, 0])
    for name, text in sources(ref):
        module, _, rest = ("/" + name).partition(MAIN)
        package = rest.rpartition("/")[0].replace("/", ".") or "(default)"
        row = table[(module.strip("/") or ".", package)]
        row[0] += 1
        row[1] += code_lines(text)
        row[2] += len(text.splitlines())
    return table

def label(ref):
    return "working tree" if ref == "." else ref

def one(ref):
    table = count(ref)
    print(f"main code per package, {label(ref)}")
    print(f"{'module':28} {'package':52} {'files':>5} {'code':>7} {'lines':>7}")
    modules = defaultdict(lambda: [0, 0, 0])
    for (module, package), row in sorted(table.items()):
        print(f"{module:28} {package:52} {row[0]:5} {row[1]:7} {row[2]:7}")
        modules[module] = [a + b for a, b in zip(modules[module], row)]
    print()
    for module, row in sorted(modules.items()):
        print(f"{module:28} {'(module total)':52} {row[0]:5} {row[1]:7} {row[2]:7}")
    total = [sum(col) for col in zip(*modules.values())] if modules else [0, 0, 0]
    print(f"{'total':28} {'':52} {total[0]:5} {total[1]:7} {total[2]:7}")

def two(before_ref, after_ref):
    before, after = count(before_ref), count(after_ref)
    print(f"code lines (neither blank nor only comment) of main code per package: {label(before_ref)} -> {label(after_ref)}")
    print(f"{'module':28} {'package':52} {'before':>7} {'after':>7} {'change':>7}")
    modules = defaultdict(lambda: [0, 0])
    for key in sorted(before.keys() | after.keys()):
        b, a = before.get(key, [0, 0, 0])[1], after.get(key, [0, 0, 0])[1]
        modules[key[0]][0] += b
        modules[key[0]][1] += a
        print(f"{key[0]:28} {key[1]:52} {b:7} {a:7} {a - b:+7}")
    print()
    for module, (b, a) in sorted(modules.items()):
        print(f"{module:28} {'(module total)':52} {b:7} {a:7} {a - b:+7}")
    b, a = sum(v[0] for v in modules.values()), sum(v[1] for v in modules.values())
    print(f"{'total':28} {'':52} {b:7} {a:7} {a - b:+7}")

args = sys.argv[1:]
if len(args) > 2:
    sys.exit("usage: loc-by-package.sh [ref] | loc-by-package.sh <before-ref> <after-ref>   ('.' = the working tree)")
try:
    one(args[0] if args else ".") if len(args) < 2 else two(*args)
except subprocess.CalledProcessError as e:
    sys.exit(f"git {' '.join(e.cmd[1:3])} failed: {e.stderr.decode().strip()}")
PY
