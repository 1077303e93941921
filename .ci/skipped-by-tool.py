#!/usr/bin/env python3
"""Counts the tests skipped for a missing tool, by tool, from the surefire and failsafe XML reports of the last
`mvn verify` (every module's target/surefire-reports and target/failsafe-reports), and fails when a tool named on the
command line was one of the reasons: those are the tools CI installed or handed over, so they must run, never skip.

A skip names its tool as test-support's MissingTool words it: `missing tool <tool>: <why>`.
Usage: python3 .ci/skipped-by-tool.py [required tool …]   (run from the project root)
Prints e.g. `skipped for a missing tool: llama-server 0, chromium 0, chromedriver 0, setsid 0 (other skips: 1)`.
"""
import collections
import glob
import re
import sys
import xml.etree.ElementTree as ElementTree

# Tools always listed, also at 0, so the line shows what was checked.
LISTED = ["llama-server", "chromium", "chromedriver", "setsid", "ps", "kill", "sh", "node", "npm-registry"]
MISSING_TOOL = re.compile(r"missing tool ([\w.+-]+):")


def skips():
    """(test, message) for every skipped test case in the reports."""
    reports = glob.glob("**/target/surefire-reports/TEST-*.xml", recursive=True) \
        + glob.glob("**/target/failsafe-reports/TEST-*.xml", recursive=True)
    for report in sorted(reports):
        for case in ElementTree.parse(report).getroot().iter("testcase"):
            skipped = case.find("skipped")
            if skipped is not None:
                # surefire may put the reason in the message attribute, failsafe puts it (with a trace) in the text
                reason = (skipped.get("message") or "") + "\n" + (skipped.text or "")
                yield case.get("classname", "?") + "." + case.get("name", "?"), reason.strip()


def main(required):
    by_tool = collections.defaultdict(list)
    others = 0
    for test, message in skips():
        match = MISSING_TOOL.search(message)
        if match:
            by_tool[match.group(1)].append((test, message))
        else:
            others += 1
    tools = LISTED + sorted(set(by_tool) - set(LISTED))
    print("skipped for a missing tool: " + ", ".join(f"{tool} {len(by_tool[tool])}" for tool in tools)
          + f" (other skips: {others})")
    broken = [tool for tool in required if by_tool[tool]]
    for tool in broken:
        print(f"FAILED: {tool} was installed or handed over, yet {len(by_tool[tool])} tests skipped for it, e.g.")
        for test, message in by_tool[tool][:5]:
            print(f"  {test}: {message.splitlines()[0]}")
    return 1 if broken else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
