"""Seeds a running portal through its own API with a case at every stage, and writes the
schemathesis configuration that points each operation at the data it works on, as the caller
allowed to work on it. Without this, schemathesis invents ids and most operations stop at
"not found" or "not yours" before their rules.

    python scripts/schema_fuzz_seed.py BASE_URL ACCESS_TABLE OUT_TOML SEED EXAMPLES

Cases (all adviser1's, Alan Turing and Ada Lovelace, level life cover of 150,000 over 20 years):
  quote     priced, with a child, a beneficiary and a share of Ada's payout (the quote stage)
  referred  applied; Ada drinks 60 units a week, so her cover is referred; an underwriter has
            claimed it, asked for her GP report and received it, and asked for blood tests
  deciding  as `referred`, for the underwriter's decision and release (each ends the referral)
  decision  as `referred`, decided on loaded terms (the decision stage)
  setup     the decision priced and proceeded (the set-up stage)
  inforce   set up and put in force; Ada's client account (client1) linked to it
  private   applied; Ada's health questions sent to her to answer in the client portal
  qi        Qi indications (answered, risk decided, priced): one an application was started from,
            one open to change, one to start an application from
and a web-chat conversation about the in-force case, and a delegation customer care may end.
"""

import base64
import datetime
import json
import os
import socket
import sys
import time
from urllib.parse import urlparse

import requests

PASSWORD = "Passw0rd!"
USERS = {
    "owner": "adviser1@example.com",
    "cca": "cca1@example.com",
    "ccaadmin": "ccaadmin1@example.com",
    "underwriter": "underwriter1@example.com",
    "client": "client1@example.com",
}
ALAN = {"title": "Mr", "firstName": "Alan", "lastName": "Turing", "gender": "male",
        "dateOfBirth": "1985-06-23", "smoking": "noneInFiveYears"}
ADA_BORN = "1988-12-10"
ADA = {"title": "Mrs", "firstName": "Ada", "lastName": "Lovelace", "gender": "female",
       "dateOfBirth": ADA_BORN, "smoking": "noneInFiveYears"}
LIFE_COVER = {"productType": "life", "coverType": "level", "coverAmount": 150000, "term": 20}
# domain::testkit::PLAIN_ANSWERS: a client with nothing to disclose.
PLAIN_ANSWERS = [
    ("HEIGHT_UNITS", "metric"), ("HEIGHT", "1.78"), ("WEIGHT_UNITS", "metric"), ("WEIGHT", "76"),
    ("OCCUPATION", "Software developer"), ("EARNINGS", "42000"), ("HAZARDOUS_DUTIES", "No"),
    ("ALCOHOL_UNITS", "10"), ("DRUGS", "No"), ("HAZARDOUS_PURSUITS", "No"), ("TRAVEL", "No"),
    ("HAS_CONDITIONS", "No"), ("FAMILY_HISTORY", "No"), ("GP_REGISTERED_SINCE", "2015-06-01"),
    ("GP_PENDING", "No"),
]
START = {"answers": [{"tag": "ENQUIRY_TYPE", "value": "Full"}]}
PDF = b"%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n"


def answers(units="10"):
    return {"answers": [{"tag": t, "value": units if t == "ALCOHOL_UNITS" else v} for t, v in PLAIN_ANSWERS]}


class Portal:
    """The API as each role signs in to it; every call must succeed (else the seed is wrong)."""

    def __init__(self, base):
        self.base = base
        self.http = requests.Session()
        self.tokens = {role: self.sign_in(user) for role, user in USERS.items()}

    def sign_in(self, username):
        answer = self.http.post(f"{self.base}/dev-idp/token", data={
            "grant_type": "password", "client_id": "portal-web", "username": username, "password": PASSWORD})
        answer.raise_for_status()
        return answer.json()["access_token"]

    def call(self, method, path, body=None, role="owner", **kwargs):
        answer = self.http.request(method, f"{self.base}{path}", json=body,
                                   headers={"Authorization": f"Bearer {self.tokens[role]}"}, **kwargs)
        if not answer.ok:
            raise SystemExit(f"Seeding failed: {method} {path} as {role}: {answer.status_code} {answer.text}")
        return answer.json() if answer.content and "json" in answer.headers.get("content-type", "") else None

    def status_becomes(self, key, wanted):
        for _ in range(150):
            if self.call("GET", f"/api/v1/application/{key}")["status"] == wanted:
                return
            time.sleep(0.2)
        raise SystemExit(f"Seeding failed: application {key} never reached {wanted}")


class Case:
    """One application of adviser1's, taken stage by stage as far as it is asked to go."""

    def __init__(self, portal):
        self.portal = portal
        call = portal.call
        self.key = call("POST", "/api/v1/backendforfrontend/application/create")["id"]
        for client in (ALAN, ADA):
            latest = call("POST", f"/api/v1/backendforfrontend/application/{self.key}/AddApplicant",
                          {"applicationId": self.key, "applicant": client})
        self.alan, self.ada = (a["id"] for a in latest["applicants"])
        for applicant in (self.alan, self.ada):
            latest = call("POST", "/api/v1/actions/MutateCovers/add",
                          {"applicationId": self.key, "applicantId": applicant, "cover": LIFE_COVER})
        self.cover = latest["applicants"][1]["covers"][0]["id"]
        call("GET", f"/api/v1/backendforfrontend/application/{self.key}/quotePrice")

    def payout_shares(self):
        """A child, a beneficiary with all of Ada's payout; priced again."""
        call, key = self.portal.call, self.key
        self.child = call("POST", f"/api/v1/application/{key}/children",
                          {"firstName": "Grace", "surname": "Lovelace", "dateOfBirth": "2016-04-01"})["children"][0]["id"]
        self.beneficiary = call("POST", f"/api/v1/application/{key}/candidateBeneficiaries",
                                {"firstName": "Charles", "lastName": "Babbage", "relationship": "Friend"}
                                )["candidateBeneficiaries"][0]["id"]
        shared = call("POST", f"/api/v1/application/{key}/applicant/{self.ada}/cover/{self.cover}/benefit-allocations",
                      {"referenceId": self.beneficiary, "percent": 100, "type": "beneficiary"})
        self.allocation = shared["applicants"][1]["covers"][0]["benefitAllocations"][0]["id"]
        call("GET", f"/api/v1/backendforfrontend/application/{key}/quotePrice")
        return self

    def apply(self):
        call, key = self.portal.call, self.key
        for i, applicant in enumerate((self.alan, self.ada)):
            call("PATCH", "/api/v1/backendforfrontend/applicant/contact", {
                "applicantId": applicant, "address1": "1 Station Road", "cityName": "Leeds",
                "postcode": "LS1 4AP", "phoneNumber": "0113 496 0000", "emailAddress": f"client{i}@example.com"})
            call("POST", f"/api/v1/application/{key}/applicant/{applicant}/acceptPreUnderwritingDeclaration")
        call("POST", "/api/v1/backendforfrontend/application/isMortgageRelated", {"id": key, "isMortgageRelated": False})
        call("POST", "/api/v1/backendforfrontend/application/isAdvisedSale", {"id": key, "isAdvisedSale": True})
        call("POST", "/api/v1/backendforfrontend/application/ApplyApplication", {"applicationId": key})
        return self

    def interview(self, applicant, units):
        call = self.portal.call
        call("POST", f"/api/v1/underwriting/{applicant}/start", START)
        call("POST", f"/api/v1/actions/provideanswers/{applicant}", answers(units))
        call("POST", "/api/v1/actions/acceptuwdeclaration", {"applicationId": self.key, "applicantId": applicant})
        call("POST", f"/api/v1/underwriting/{applicant}/close")

    def refer(self):
        """Alan has nothing to disclose; Ada drinks 60 units a week (referred for a GP report),
        which an underwriter claims, asks for and receives, then asks for blood tests too."""
        call, key, ada = self.portal.call, self.key, self.ada
        self.interview(self.alan, "10")
        self.interview(ada, "60")
        self.portal.status_becomes(key, "UNDERWRITING")
        bff = "/api/v1/backendforfrontend/applicant"
        call("POST", f"{bff}/isAmraConsentGranted", {"applicantId": ada, "isAmraConsentGranted": True})
        call("POST", f"{bff}/isViewMedicalReportsRequested", {"applicantId": ada, "isViewMedicalReportsRequested": False})
        call("PATCH", f"{bff}/examiner", {
            "applicantId": ada, "organisationName": "The Surgery", "isExaminerDetailsValid": "true",
            "contactDetails": {"address1": "1 River Lane", "cityName": "Leeds", "postcode": "LS1 4AP",
                               "phoneNumber": "0113 496 0001"}})
        case = f"/api/v1/underwriter/cases/{key}"
        call("POST", f"{case}/claim", role="underwriter")
        asked = call("POST", f"{case}/evidence", {"applicantId": ada, "kind": "gpReport"}, role="underwriter")
        self.evidence = asked["application"]["referral"]["evidence"][0]["id"]
        call("POST", f"{case}/evidence/{self.evidence}/received", role="underwriter",
             files={"document": ("GP report.pdf", PDF, "application/pdf")})
        asked = call("POST", f"{case}/evidence", {"applicantId": ada, "kind": "bloodTests"}, role="underwriter")
        self.pending_evidence = next(e["id"] for e in asked["application"]["referral"]["evidence"]
                                     if e["id"] != self.evidence)
        return self

    def decide(self):
        self.portal.call("POST", f"/api/v1/underwriter/cases/{self.key}/decision", {
            "applicantId": self.ada, "coverId": self.cover, "decision": "loading", "loadingPercent": 50,
            "reason": "Alcohol intake stable for ten years"}, role="underwriter")
        self.portal.status_becomes(self.key, "DECISION")
        return self

    def proceed(self):
        for path in (f"/api/v1/actions/TriggerDecisionQuote/{self.key}", f"/api/v1/decision/{self.key}/proceed"):
            self.portal.call("POST", path)
        return self

    def put_in_force(self):
        call, key = self.portal.call, self.key
        call("POST", f"/api/v1/application/{key}/bankDetails", {"bankDetails": {
            "name": "Mr Alan Turing", "accountNumber": "66374958", "sortCode": "08-99-99",
            "collectionDay": 15, "payerConfirmed": True}})
        call("POST", f"/api/v2/backendforfrontend/bankvalidation/{key}")
        call("POST", f"/api/v1/backendforfrontend/bankValidation/{key}/override")
        call("POST", "/api/v1/backendforfrontend/application/policyStartDate", {"id": key, "policyStartDateOption": "now"})
        call("POST", f"/api/v1/actions/activateApplication/{key}")
        application = call("GET", f"/api/v1/application/{key}")
        policy = next(p for p in application["policies"] if p["applicantId"] == self.ada)
        self.policy_reference = policy["policyReference"]
        self.document, self.file_name = policy["documents"][0]["documentId"], policy["documents"][0]["fileName"]
        found = call("GET", "/api/v1/backendforfrontend/policy/search", params={"searchTerm": "Lovelace"})
        self.policy_holder = next(p["policyHolderId"] for p in found["policyDetails"]
                                  if p.get("policyReference", self.policy_reference) == self.policy_reference)
        self.link_client()
        return self

    def link_client(self):
        """The case in Ada's client account: confirmed, or there already because her account
        holds another case with the same email and date of birth (issue 50)."""
        linked = self.portal.call("POST", "/api/v1/portal/confirm-details",
                                  {"dateOfBirth": ADA_BORN, "reference": str(self.key)}, role="client")
        assert linked["outcome"] in ("linked", "alreadyLinked"), linked

    def send_to_client(self):
        """Ada's interview started, her client account linked and her questions sent to her."""
        self.portal.call("POST", f"/api/v1/underwriting/{self.ada}/start", START)
        self.link_client()
        self.portal.call("POST", f"/api/v1/portal/apply/{self.key}", {"applicantId": self.ada})
        return self


def qi(portal):
    """Qi indications of adviser1's, each answered, its risk decided and priced: one an
    application was started from (which fixes it), one still open to change, and one to start
    an application from."""
    call = portal.call

    def priced(first, born):
        qi_id = call("POST", "/api/v1/qi", {"firstName": first, "lastName": "Quimby", "gender": "female",
                                            "dateOfBirth": born, "smoking": "noneInFiveYears"})["id"]
        call("POST", f"/api/v1/qi/{qi_id}/answers", answers())
        call("POST", f"/api/v1/decision/qi/{qi_id}/risk")
        quote = call("POST", f"/api/v1/decision/qi/{qi_id}/quote", {"covers": [{**LIFE_COVER, "coverAmount": 200000}]})
        return qi_id, quote["enquiry"]["applicantId"]

    qi_id, client = priced("Jane", "1980-06-23")
    started = call("POST", f"/api/v1/qi/{qi_id}/application")["applicationId"]
    started_client = call("GET", f"/api/v1/application/{started}")["applicants"][0]["id"]
    open_id, _ = priced("Joan", "1982-03-14")
    spare, _ = priced("June", "1981-02-11")
    return {"qi": qi_id, "client": client, "application": started, "applicant": started_client,
            "open": open_id, "spare": spare}


def conversation(portal, key):
    """adviser1 writes to customer care about case `key` over the chat's WebSocket; answers the
    conversation's id. A minimal RFC 6455 client: one masked text frame out, frames read back."""
    ticket = portal.call("POST", "/api/v1/backendforfrontend/webchat/tickets", {"applicationId": key})["ticket"]
    url = urlparse(portal.base)
    sock = socket.create_connection((url.hostname, url.port), timeout=10)
    nonce = base64.b64encode(os.urandom(16)).decode()
    sock.sendall((f"GET /api/v1/backendforfrontend/webchat/socket?ticket={ticket}&after=0 HTTP/1.1\r\n"
                  f"Host: {url.netloc}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                  f"Sec-WebSocket-Key: {nonce}\r\nSec-WebSocket-Version: 13\r\n\r\n").encode())
    reader = sock.makefile("rb")
    status = reader.readline()
    if b" 101 " not in status:
        raise SystemExit(f"Seeding failed: the chat socket answered {status!r}")
    while reader.readline() not in (b"\r\n", b""):
        pass
    text = json.dumps({"type": "send", "clientId": "seed-1", "text": "Can I backdate the start date?"}).encode()
    mask = os.urandom(4)
    length = bytes([0x80 | len(text)]) if len(text) < 126 else bytes([0x80 | 126]) + len(text).to_bytes(2, "big")
    sock.sendall(bytes([0x81]) + length + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(text)))
    deadline = time.time() + 10
    while time.time() < deadline:
        head = reader.read(2)
        size = head[1] & 0x7F
        if size == 126:
            size = int.from_bytes(reader.read(2), "big")
        elif size == 127:
            size = int.from_bytes(reader.read(8), "big")
        payload = reader.read(size)
        if head[0] & 0x0F == 1:
            frame = json.loads(payload)
            if frame.get("type") == "message":
                sock.close()
                return frame["message"]["conversationId"]
    raise SystemExit("Seeding failed: the chat message did not come back")


def delegation(portal):
    """adviser1 may act for adviser2 from today (ccaadmin adds it), for customer care to end."""
    today = datetime.date.today().isoformat()
    return portal.call("POST", "/api/v1/care/delegations",
                       {"delegateId": "adviser1", "principalId": "adviser2", "from": today}, role="ccaadmin")["id"]


def first_id(listing):
    return next((item["id"] for item in listing or [] if isinstance(item, dict) and "id" in item), None)


# The case each operation works on, where not the quote-stage one; the rest of an operation's
# ids come from its case. Which caller makes the request comes from the access table.
CASE_OF = {
    "referred": ["set_amra_consent", "set_view_medical_reports", "set_examiner", "underwriting_updates",
                 "create_latest_answers_document", "answers_document", "list_cases", "get_case", "client_answers",
                 "claim", "request_evidence", "evidence_document", "receive_evidence", "post_update", "release",
                 "decode", "encode", "open_session"],
    "deciding": ["decide"],
    "decision": ["alternatives", "take_alternative", "preview_decision", "preview_without_products", "decision_quote",
                 "preview_decision_quote", "requote", "trigger_decision_quote", "remove_applicant_at_decision",
                 "application_with_decisions"],
    "setup": ["decision_document", "proceed", "get_bank_details", "save_bank_details", "validate_bank_details", "override_bank_check",
              "reset_bank_check", "set_policy_start_date", "get_direct_debit", "activate_application"],
    "inforce": ["policy_details", "search_policies", "care_case", "care_health_answers", "care_document",
                "stored_document", "client_document", "confirm_details", "client_home",
                "client_policy", "list_conversations", "read_conversation", "issue_ticket", "care_search_policies",
                "care_search_applications"],
    "private": ["read_my_health_questions", "answer_my_health_questions", "declare_my_health_questions",
                "submit_my_health_questions", "my_health_questions"],
    "applied": ["send_health_questions_to_client", "take_back_health_questions", "get_enquiry", "answer_enquiry",
                "provide_answers", "accept_uw_declaration", "close_enquiry", "start_enquiry"],
    "qi": ["get_qi", "answer_qi", "set_qi_client", "qi_product", "qi_quote", "qi_risk", "qi_document",
           "start_application", "indication_comparison"],
}
# Ids an operation needs that are not its case's usual ones.
OWN_IDS = {
    "start_enquiry": {"applicantId": "alan"},
    "start_application": {"qiId": "spare"},
    "answer_qi": {"qiId": "openQi"},
    "set_qi_client": {"qiId": "openQi"},
    "qi_product": {"qiId": "openQi"},
    "qi_quote": {"qiId": "openQi"},
    "qi_risk": {"qiId": "openQi"},
    "receive_evidence": {"evidenceId": "pending_evidence"},
    "remove_applicant_at_decision": {"applicantId": "alan"},
    "set_same_address": {"sameAddressApplicantId": "alan"},
    "confirm_details": {"dateOfBirth": ADA_BORN, "reference": "key_text"},
}


def ids_of(case):
    """The ids a case answers to, by the names the API gives them."""
    names = {"applicationId": "key", "applicantId": "ada", "coverId": "cover", "childId": "child",
             "beneficiaryId": "beneficiary", "referenceId": "beneficiary", "allocationId": "allocation",
             "evidenceId": "evidence", "policyReference": "policy_reference", "policyHolderId": "policy_holder",
             "documentId": "document", "fileName": "file_name", "id": "key"}
    ids = {name: getattr(case, attr) for name, attr in names.items() if hasattr(case, attr)}
    ids.update(alan=case.alan, pending_evidence=getattr(case, "pending_evidence", None), key_text=str(case.key))
    return ids


def role_of(entry):
    """The first caller the access table lets make the request (the owning adviser for the
    open ones)."""
    for role in entry.get("allowed", []) + entry.get("open", []):
        if role in USERS:
            return role
    return "owner"


def acceptance(op, operation):
    """What `positive_data_acceptance` accepts of a schema-valid request to `operation`, where it
    differs from schemathesis's standard list."""
    if op == "open_socket":
        # A WebSocket upgrade: schemathesis sends plain HTTP, which the documented 400 refuses.
        return ["checks = { positive_data_acceptance = { enabled = false } }"]
    if "422" in operation.get("responses", {}):
        # 422 (`invalid`) is the documented refusal of well-formed data that breaks a rule no
        # JSON schema states: an age or term limit, a date relative to today, a sort code that
        # is not a bank's, an upload whose bytes are not a PDF or image, submitting before
        # declaring, ...
        statuses = ["2xx", "3xx", "401", "403", "404", "409", "422", "429", "5xx"]
        return [f"checks = {{ positive_data_acceptance = {{ expected-statuses = {json.dumps(statuses)} }} }}"]
    return []


def toml_value(value):
    return str(value).lower() if isinstance(value, bool) else (str(value) if isinstance(value, int) else json.dumps(value))


def main(base, access_table, out, seed, examples):
    portal = Portal(base)
    print("Seeding: a case at every stage, a Qi indication, a conversation and a delegation", flush=True)
    cases = {"quote": Case(portal).payout_shares(), "referred": Case(portal).apply().refer(),
             "deciding": Case(portal).apply().refer(), "decision": Case(portal).apply().refer().decide()}
    setup = Case(portal).apply().refer().decide()
    portal.call("POST", f"/api/v1/actions/TriggerDecisionQuote/{setup.key}")
    cases["setup"] = setup
    cases["inforce"] = Case(portal).apply().refer().decide().proceed().put_in_force()
    cases["private"] = Case(portal).apply().send_to_client()
    applied = Case(portal).apply()
    portal.call("POST", f"/api/v1/underwriting/{applied.ada}/start", START)
    cases["applied"] = applied
    enquiry = qi(portal)
    inforce = cases["inforce"]
    common = {
        "adviserId": "adviser1", "firmId": "northfield", "locationId": "northfield-leeds",
        "delegationId": delegation(portal), "conversationId": conversation(portal, inforce.key),
        "branch": "adviser", "tag": "CONDITIONS", "answer": "-",
        "qiId": enquiry["qi"], "clientId": enquiry["client"], "spare": enquiry["spare"], "openQi": enquiry["open"],
        "delegateId": "adviser1", "principalId": "adviser2", "from": datetime.date.today().isoformat(),
    }
    gazetteer = open(os.path.join(os.path.dirname(__file__), "..", "product/address/gazetteer.csv")).read()
    common["postcode"] = next(l for l in gazetteer.splitlines() if l.startswith("gz-")).rsplit(",", 1)[1].strip()
    common["addressId"] = first_id(portal.call("GET", f"/api/v1/backendforfrontend/address/lookup/{common['postcode']}")["addresses"])
    alert = (portal.call("GET", "/api/v1/backendforfrontend/marketingupdates") or {}).get("alert") or {}
    if alert.get("id"):
        common["alertId"] = alert["id"]
    decision = cases["decision"]
    common["alternativeId"] = first_id(portal.call("GET", f"/api/v1/decision/{decision.key}/alternatives")) or "none"
    qi_ids = {**ids_of(cases["quote"]), "applicationId": enquiry["application"], "applicantId": enquiry["applicant"]}

    document = portal.http.get(f"{base}/api/openapi.json").json()
    schemas = document["components"]["schemas"]
    entries = {e["op"]: e for e in json.load(open(access_table))}
    case_of = {op: name for name, ops in CASE_OF.items() for op in ops}
    lines = [f"seed = {seed}", "", "[generation]", f"max-examples = {examples}", ""]
    pins = {}
    for path, methods in document["paths"].items():
        for method, operation in methods.items():
            op = operation.get("operationId")
            if op is None or op not in entries:
                continue
            case = case_of.get(op, "quote")
            ids = {**common, **(qi_ids if case == "qi" else ids_of(cases[case]))}
            ids.update({name: ids.get(source, source) for name, source in OWN_IDS.get(op, {}).items()})
            ids["id"] = ids["addressId"] if op == "get_address" else ids["applicationId"]
            parameters = {}
            for parameter in operation.get("parameters", []):
                name, where = parameter["name"], parameter["in"]
                if where == "path" and name in ids:
                    parameters[f"path.{name}"] = ids[name]
                elif where == "query" and name in ("adviserId", "applicationId") and name in ids:
                    parameters[f"query.{name}"] = ids[name]
            body = (operation.get("requestBody") or {}).get("content", {}).get("application/json", {}).get("schema", {})
            while "$ref" in body:
                body = schemas[body["$ref"].rsplit("/", 1)[1]]
            for name in body.get("properties", {}):
                if name in ("applicationId", "id", "applicantId", "coverId", "referenceId", "sameAddressApplicantId",
                            "delegateId", "principalId", "from", "dateOfBirth", "reference") and name in ids:
                    if name in ("dateOfBirth", "reference") and op != "confirm_details":
                        continue
                    parameters[f"body.{name}"] = ids[name]
            if "cover" in body.get("properties", {}) and op in ("edit_cover", "remove_cover", "upsell_cover"):
                parameters["body.cover.id"] = ids["coverId"]
            body_pins = {k[len("body."):]: v for k, v in parameters.items() if k.startswith("body.")}
            if body_pins:
                pins[op] = body_pins
            role = role_of(entries[op])
            lines += ["[[operations]]", f"include-operation-id = {json.dumps(op)}",
                      f'headers = {{ Authorization = "Bearer {portal.tokens[role]}" }}']
            lines += acceptance(op, operation)
            if parameters:
                lines.append("parameters = { " + ", ".join(f"{json.dumps(k)} = {toml_value(v)}"
                                                             for k, v in sorted(parameters.items())) + " }")
            lines.append("")
    open(out, "w").write("\n".join(lines))
    # The same body ids for the hooks' `map_case` (scripts/schema_fuzz_hooks.py).
    json.dump(pins, open(os.path.join(os.path.dirname(out), "pins.json"), "w"))
    print(f"Seeded: quote {cases['quote'].key}, referred {cases['referred'].key}, decision {decision.key}, "
          f"set-up {setup.key}, in force {inforce.key} (policy {inforce.policy_reference}), "
          f"private {cases['private'].key}, Qi {enquiry['qi']}", flush=True)


if __name__ == "__main__":
    base, access_table, out, seed, examples = sys.argv[1:6]
    main(base.rstrip("/"), access_table, out, int(seed), int(examples))
