"""A short journey driven by a client that openapi-python-client generated from
openapi/openapi.json: the contract as an integrator in another language meets it.

Usage: journey.py BASE_URL TOKEN  (the generated package `client` importable from sys.path).
Every answer must parse into the generated models; any that does not is a failure.
"""

import sys
from datetime import date

from client import AuthenticatedClient, Client
from client.api.applications import add_applicant, create_application, get_application
from client.api.bootstrap import config
from client.api.covers import add_cover, applicant_covers, quote_price, remove_cover
from client.api.documents import quote_document
from client.models import (
    AddApplicantRequest,
    ApplicantInput,
    Application,
    BankChecked,
    BankCheckCloseMatch,
    BankCheckCode,
    BankCheckOtherResult,
    CoverInput,
    CoverToRemove,
    CoverType,
    Gender,
    MutateCoverRequest,
    PriceReadiness,
    Problem,
    ProductType,
    RemoveCoverRequest,
)
from client.types import File

base, token = sys.argv[1], sys.argv[2]
anonymous = Client(base_url=base, raise_on_unexpected_status=True)
adviser = AuthenticatedClient(base_url=base, token=token, raise_on_unexpected_status=True)
failures: list[str] = []


def problem_kind(problem: Problem) -> str:
    """`invalid` of `urn:adviser-portal:problem:invalid`."""
    return problem.type_.value.rsplit(":", 1)[-1]


def expect(condition: bool, what: str) -> None:
    print(("ok    " if condition else "FAIL  ") + what)
    if not condition:
        failures.append(what)


settings = config.sync(client=anonymous)
expect(settings is not None and settings.identity.authority.startswith("http"), "the bootstrap configuration parses")

created = create_application.sync(client=adviser, idempotency_key="python-client-journey-1")
expect(isinstance(created, Application), "creating an application answers with an Application")
assert isinstance(created, Application)
application_id = created.id



def add_client(first: str, last: str, gender: Gender, born: date):
    return add_applicant.sync(
        application_id,
        client=adviser,
        body=AddApplicantRequest(
            application_id=application_id,
            applicant=ApplicantInput(first_name=first, last_name=last, gender=gender, date_of_birth=born),
        ),
    )


too_old = add_client("Edith", "Old", Gender.FEMALE, date(1940, 1, 1))
expect(
    isinstance(too_old, Problem) and problem_kind(too_old) == "invalid" and bool(too_old.errors),
    "a client too old to cover is refused with a typed `invalid` problem naming the field",
)

with_client = add_client("Alan", "Turing", Gender.MALE, date(1985, 6, 23))
expect(isinstance(with_client, Application) and len(with_client.applicants) == 1, "adding a client answers with the application")
assert isinstance(with_client, Application)
applicant_id = with_client.applicants[0].id


def cover(term: int) -> MutateCoverRequest:
    return MutateCoverRequest(
        application_id=application_id,
        applicant_id=applicant_id,
        cover=CoverInput(product_type=ProductType.LIFE, cover_type=CoverType.LEVEL, cover_amount=150000, term=term),
    )


too_long = add_cover.sync(client=adviser, body=cover(80))
saved_with_error = (
    isinstance(too_long, Application)
    and any(c.errors and c.errors[0].field == "term" for c in too_long.applicants[0].covers)
)
expect(saved_with_error, "a term outside the limits is kept on the cover with its error (200), not refused")
expect(
    isinstance(too_long, Application) and too_long.price_readiness == PriceReadiness("needsFixes") and too_long.quote is None,
    "a cover breaking a limit leaves the quote unpriced, and says why (`priceReadiness`)",
)

added = add_cover.sync_detailed(client=adviser, body=cover(20))
expect(isinstance(added.parsed, Application), "a cover within the limits is added")
new_cover_id = added.headers.get("Cover-Id")
expect(
    isinstance(added.parsed, Application)
    and any(c.id == new_cover_id for c in added.parsed.applicants[0].covers),
    "the new cover's id comes back in the Cover-Id header",
)

covers = applicant_covers.sync(applicant_id, client=adviser)
expect(isinstance(covers, list) and len(covers) == 2, "the client's covers parse")

priced = quote_price.sync(application_id, client=adviser)
expect(
    isinstance(priced, Problem) and problem_kind(priced) == "invalid",
    "pricing with a cover outside its limits is a typed `invalid` refusal",
)
removed = remove_cover.sync(
    client=adviser,
    body=RemoveCoverRequest(
        application_id=application_id,
        applicant_id=applicant_id,
        cover=CoverToRemove(id=next(c.id for c in too_long.applicants[0].covers if c.errors)),
    ),
)
expect(isinstance(removed, Application) and len(removed.applicants[0].covers) == 1, "removing the cover in error answers with the application")
expect(
    isinstance(removed, Application) and removed.quote is not None and removed.price_readiness == PriceReadiness("ready"),
    "once no cover breaks a limit, the change comes back priced in the same answer",
)
priced = quote_price.sync(application_id, client=adviser)
expect(
    isinstance(priced, Application) and priced.applicants[0].covers[0].premium is not None,
    "pricing answers with the application, each cover priced",
)

read = get_application.sync(application_id, client=adviser)
expect(isinstance(read, Application) and read.id == application_id, "reading the application parses")

document = quote_document.sync(application_id, client=adviser)
expect(isinstance(document, File) and document.payload.read(5) == b"%PDF-", "the priced quote downloads as a PDF file")

missing = get_application.sync(999_999_999, client=adviser)
expect(isinstance(missing, Problem) and problem_kind(missing) == "not-found", "an unknown application is a typed `not-found` problem")

# Every shape a bank check result takes reads into its own model (the object variants used to
# be dropped by this generator).
for result, model in [
    ("Authenticated", BankCheckCode),
    ({"MBAM": {"accountName": "J SMITH"}}, BankCheckCloseMatch),
    ({"Other": "XYZ9"}, BankCheckOtherResult),
]:
    status = BankChecked.from_dict({"status": "checked", "result": result})
    expect(isinstance(status.result, model), f"a bank check result {result!r} reads as {model.__name__}")

if failures:
    print(f"{len(failures)} of the generated client's checks failed", file=sys.stderr)
    sys.exit(1)
print("The generated Python client drove the journey; every answer parsed.")
