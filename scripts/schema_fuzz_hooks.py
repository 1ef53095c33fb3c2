"""Schemathesis hooks for scripts/schema-fuzz.sh (loaded with SCHEMATHESIS_HOOKS).

`positive_data_acceptance` expects every request its schema allows to be accepted. The API reads
bodies in two documented ways a JSON schema does not state (api/src/body.rs), and a refusal for
either is the API keeping its word, not a defect:

- text is trimmed, and text blank once trimmed counts as null (spec §7: "empty-string values are
  sent as null"), so a blank required field is refused as missing (400, `unreadable`);
- a body type shared with a response (a child, a beneficiary, contact details) cannot close its
  schema without closing the response's too, so a field it does not declare is refused by the
  reader instead (400 "This field is not recognised").

And more the API documents in words, not in the schema:

- amounts and percentages are to the penny / hundredth (at most two decimal places): said in
  the schema's description, because `multipleOf: 0.01` is checked in floating point by common
  validators (docs/decisions.md OA3);
- a cover's `id` names the cover to edit, upsell or remove; one `CoverInput` serves all four
  operations (its description says so), so the schema cannot require it for three of them;
- an interview starts with `ENQUIRY_TYPE` `Full`, or `Pre-sale` with `AGENT_ID` (the operation's
  description): the answers are tag/value pairs whose meaning is the rulebook's;
- a body's `applicationId` beside one in the path must be the same (the field's description);
- a codec payload's data and metadata values are standard base64 (`CodecPayload`'s description);
- a period's `to` day is not before its `from` day (no schema can order two parameters);
- a date's year is from 1900 to 2099 (spec §5, `domain::dates::parse_iso_date`); JSON Schema's
  `format: date` has no range.

Customer care's flags (`care_set_flags`) document that a flag left out takes its standard
value, though the shared `UxSettings` schema marks every flag required (as answers carry them):
leaving one out is accepted, and that acceptance is not counted as a failure.

Also `12487894.0`, an integer to JSON Schema, is refused where a whole number is read (the API
reads integers from integer literals, as every client of it writes them).

`map_case` puts the seeded ids (FUZZ_PINS, written by schema_fuzz_seed.py) into the body of every
schema-valid request, whichever phase drew it: the configuration's body parameters reach only
some of them, and a valid body naming another case only ever meets "not found". It also gives
each schema-valid request an `Idempotency-Key` of its own when one was drawn: Hypothesis draws
keys from a small space and sends the same key with other payloads, which the API rightly
refuses (422, `idempotency-key-reused`), so the requests would never reach the operation.

A 400 is dropped here only when every field it names is one of those cases, checked against the
request that was sent; any other refusal of schema-valid data still fails the run. The chat's
WebSocket address refuses a plain GET with its documented 400 (schemathesis cannot upgrade), and
a multipart form whose field names cannot be written in a header is unreadable as a whole.
"""

import base64
import binascii
import json
import os
import re
import uuid

import schemathesis

UNREADABLE = "urn:adviser-portal:problem:unreadable"
NULL = re.compile(r"^invalid type: null, expected ")
NOT_RECOGNISED = "This field is not recognised"


def _at(body, field, key_next=True):
    """The value sent at `field` (`cover.id`, `answers[0].tag`, `metadata.` for the key ""), or
    KeyError when absent. Map keys may hold dots or brackets, so each key is matched against the
    sent body rather than split out of the path."""
    if field == "" and not key_next:
        return body

    def step(value, rest):
        return _at(value, rest[1:], True) if rest.startswith(".") else _at(value, rest, False)

    if isinstance(body, list) and not key_next:
        index = re.match(r"\[(\d+)\]", field)
        if index and int(index.group(1)) < len(body):
            return step(body[int(index.group(1))], field[index.end():])
    if isinstance(body, dict) and key_next:
        for key in sorted(body, key=len, reverse=True):
            rest = field[len(key):]
            if field.startswith(key) and (rest == "" or rest[0] in ".["):
                found = step(body[key], rest)
                if found is not KeyError:
                    return found
    return KeyError


def _declared(schema, root, seen=None):
    """Every property name the request schema declares, at any depth."""
    seen = set() if seen is None else seen
    if isinstance(schema, dict):
        ref = schema.get("$ref")
        if isinstance(ref, str) and ref not in seen:
            seen.add(ref)
            target = root
            for part in ref.lstrip("#/").split("/"):
                target = target.get(part, {})
            _declared(target, root, seen)
        for name, sub in (schema.get("properties") or {}).items():
            seen.add(f"property:{name}")
            _declared(sub, root, seen)
        for key, sub in schema.items():
            if key != "properties":
                _declared(sub, root, seen)
    elif isinstance(schema, list):
        for sub in schema:
            _declared(sub, root, seen)
    return {name.split(":", 1)[1] for name in seen if name.startswith("property:")}


TWO_DECIMALS = "with at most two decimal places"
WHOLE_FLOAT = re.compile(r"^invalid type: floating point `-?\d+\.0`, expected [ui]\d+$")
COVER_ID_OPERATIONS = ("edit_cover", "upsell_cover", "remove_cover")
IN_THE_PATH = "must be the application in the path"
NOT_A_DATE = "must be a date, YYYY-MM-DD"
NOT_BASE64 = "is not standard base64"
ISO_DATE = re.compile(r"^\d{4}-\d{2}-\d{2}$")


def _documented_reading(case, error):
    """The documented reading that explains the refusal of `error`'s field, or None."""
    field, message = error.get("field", ""), error.get("message", "")
    sent = _at(case.body, field)
    if sent is KeyError and field in (case.query or {}):
        sent = case.query[field]
    operation_id = case.operation.definition.raw.get("operationId")
    if NULL.match(message):
        blank = isinstance(sent, str) and not sent.strip()
        return "blank text is null" if blank else None
    if message == NOT_RECOGNISED:
        raw = case.operation.definition.raw
        request = (raw.get("requestBody") or {}).get("content", {}).get("application/json", {}).get("schema", {})
        name = re.split(r"[.\[]", field)[-1] if field else field
        undeclared = name not in _declared(request, case.operation.schema.raw_schema)
        return "an undeclared field" if undeclared else None
    if message.endswith(TWO_DECIMALS):
        finer = isinstance(sent, float) and round(sent, 2) != sent
        return "more than two decimals" if finer else None
    if WHOLE_FLOAT.match(message):
        return "a whole number written with .0" if isinstance(sent, float) and sent.is_integer() else None
    if field == "cover.id" and operation_id in COVER_ID_OPERATIONS:
        missing = sent is KeyError or sent is None or (isinstance(sent, str) and not sent.strip())
        return "no cover id to change" if missing else None
    if field in ("ENQUIRY_TYPE", "AGENT_ID") and operation_id == "start_enquiry":
        return "the interview's enquiry type"
    if message.endswith(NOT_A_DATE):
        outside = isinstance(sent, str) and ISO_DATE.match(sent) and not 1900 <= int(sent[:4]) <= 2099
        return "a date outside 1900 to 2099" if outside else None
    if message.endswith(NOT_BASE64) and isinstance(sent, dict):
        texts = [sent.get("data", "")] + list((sent.get("metadata") or {}).values())
        return "a payload not in base64" if not all(map(_is_base64, texts)) else None
    if message == "to must not be before from":
        query = case.query or {}
        backwards = str(query.get("to", "")) < str(query.get("from", ""))
        return "a `to` day before the `from` day" if backwards else None
    if message.endswith(IN_THE_PATH):
        path_id = (case.path_parameters or {}).get("applicationId")
        other = sent is not KeyError and str(sent) != str(path_id)
        return "a body reference not the path's" if other else None
    return None


def _is_base64(text):
    try:
        base64.b64decode(text, validate=True)
        return True
    except (binascii.Error, ValueError, TypeError):
        return False


def _unsendable_form(case, problem):
    """A multipart field name with a control character or a quote cannot be written in a
    Content-Disposition header (RFC 7578's quoted-string), so the form is unreadable before
    any field of it is."""
    return (problem.get("detail", "").startswith("The form could not be read")
            and isinstance(case.body, dict)
            and any(any(ord(c) < 32 or c in '"\x7f' for c in str(name)) for name in case.body))


def _flag_left_out(case, failure):
    """Customer care sets an adviser's eleven flags with the `UxSettings` the adviser's answers
    carry, where every flag is present (required); the operation documents that a flag left
    out of the request takes its standard value, so leaving one out is accepted."""
    return (case.operation.definition.raw.get("operationId") == "care_set_flags"
            and "Missing required property" in str(failure.message))


def _is_websocket_refusal(case, problem):
    return case.operation.definition.raw.get("operationId") == "open_socket" and "WebSocket" in problem.get("detail", "")


def _note(case, reason):
    """With FUZZ_DROPPED set, each dropped failure is written there (operation, reason), so
    what the readings above excuse can be counted."""
    if os.environ.get("FUZZ_DROPPED"):
        with open(os.environ["FUZZ_DROPPED"], "a") as out:
            out.write(f"{case.operation.label}\t{reason}\n")
    return False


PINS = json.load(open(os.environ["FUZZ_PINS"])) if os.environ.get("FUZZ_PINS") else {}


@schemathesis.hook
def map_case(context, case):
    """A schema-valid body names the seeded case its operation works on."""
    pins = PINS.get(case.operation.definition.raw.get("operationId"), {})
    positive = case.meta is not None and case.meta.generation.mode.is_positive
    key = (case.headers or {}).get("Idempotency-Key")
    if positive and isinstance(key, str):
        case.headers["Idempotency-Key"] = f"{key[:60]}-{uuid.uuid4().hex}"
    if pins and positive and isinstance(case.body, dict):
        for pointer, value in pins.items():
            *parents, last = pointer.split(".")
            target = case.body
            for parent in parents:
                target = target.get(parent) if isinstance(target, dict) else None
            if isinstance(target, dict):
                target[last] = value
    return case


@schemathesis.hook
def filter_failure(context, failure, case, response):
    """Keeps every failure but a 400 for schema-valid data that one of the documented readings
    above explains, field by field."""
    keep = _keep(failure, case, response)
    if keep is not True:
        return _note(case, keep)
    return True


def _keep(failure, case, response):
    """True to keep the failure, else the reading that explains it."""
    if type(failure).__name__ == "AcceptedNegativeData":
        return "a flag left out takes its standard value" if _flag_left_out(case, failure) else True
    if type(failure).__name__ != "RejectedPositiveData" or response.status_code != 400:
        return True
    try:
        problem = json.loads(response.content)
    except ValueError:
        return True
    if problem.get("type") != UNREADABLE:
        return True
    if _is_websocket_refusal(case, problem):
        return "the chat socket needs a WebSocket upgrade"
    if _unsendable_form(case, problem):
        return "a form field name no header can carry"
    errors = problem.get("errors") or []
    if not errors:
        return True
    readings = [_documented_reading(case, error) for error in errors]
    return "; ".join(sorted(set(readings))) if all(readings) else True
