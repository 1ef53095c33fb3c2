"""How deep the fuzzing reached: for each operation of the OpenAPI document, the status codes its
requests got, from schemathesis's HAR reports. An operation that never got a 2xx answer only
ever met the API's refusals (not found, not allowed, invalid), so its rules were not exercised.

    python scripts/schema_fuzz_coverage.py openapi/openapi.json run1.har [run2.har ...] [--list]
"""

import json
import re
import sys
from collections import Counter, defaultdict
from urllib.parse import unquote, urlparse


def operations(document):
    """(method, compiled path pattern, label) for every operation, literal paths first."""
    found = []
    for path, methods in document["paths"].items():
        pattern = "^" + re.sub(r"\\\{[^}]+\\\}", "[^/]+", re.escape(path)) + "$"
        for method in methods:
            if method in ("get", "post", "put", "patch", "delete"):
                found.append((method.upper(), re.compile(pattern), f"{method.upper()} {path}", path.count("{")))
    # A literal segment wins over a parameter (`/application/search` is not `/application/{id}`).
    return sorted(found, key=lambda o: o[3])


def main(argv):
    listing = "--list" in argv
    argv = [a for a in argv if a != "--list"]
    document = json.load(open(argv[0]))
    known = operations(document)
    statuses = defaultdict(Counter)
    for har in argv[1:]:
        for entry in json.load(open(har))["log"]["entries"]:
            method = entry["request"]["method"]
            path = unquote(urlparse(entry["request"]["url"]).path)
            status = entry["response"]["status"]
            for candidate, pattern, label, _ in known:
                if candidate == method and pattern.match(path):
                    statuses[label][status] += 1
                    break
    reached = [label for label, counts in statuses.items() if any(200 <= s < 300 for s in counts)]
    total = sum(sum(c.values()) for c in statuses.values())
    print(f"{len(reached)} of {len(known)} operations answered 2xx at least once "
          f"({len(statuses)} called, {total} requests)")
    if listing:
        for _, _, label, _ in sorted(known, key=lambda o: o[2]):
            counts = statuses.get(label)
            mark = "2xx" if label in reached else "---"
            shown = " ".join(f"{s}x{n}" for s, n in sorted(counts.items())) if counts else "not called"
            print(f"  {mark} {label}: {shown}")


if __name__ == "__main__":
    main(sys.argv[1:])
