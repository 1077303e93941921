"""The one rule by which bench/scripts count hand-written code lines (loc-by-package.sh, infra-inventory.sh)."""


def code_lines(text):
    """Lines that are neither blank nor only comment."""
    count, in_block = 0, False
    for line in text.splitlines():
        rest = line.strip()
        has_code = False
        while rest:
            if in_block:
                end = rest.find("*/")
                if end < 0:
                    rest = ""
                else:
                    in_block, rest = False, rest[end + 2:].strip()
            elif rest.startswith("//"):
                rest = ""
            elif rest.startswith("/*"):
                in_block, rest = True, rest[2:]
            else:
                has_code = True
                start = rest.find("/*")
                # A block comment opened after code (outside a string literal) runs on to the next lines.
                if start >= 0 and rest[:start].count('"') % 2 == 0 and "*/" not in rest[start + 2:]:
                    in_block = True
                rest = ""
        count += has_code
    return count
