#!/usr/bin/env bash
# Schema-conformance fuzzing of the portal's API with schemathesis: every operation of
# /api/openapi.json is called with generated requests (valid and invalid), and every answer must
# be no server error, with a status code, content type, headers and body its schema documents,
# and invalid input must be refused. Runs against a real portal, Temporal dev server and SQLite,
# each on a free loopback port with its data in a temporary folder, stopped afterwards.
#
#   scripts/schema-fuzz.sh                 # the default, bounded run (a few minutes on 2 cores)
#   FUZZ_EXAMPLES=50 FUZZ_SEED=7 scripts/schema-fuzz.sh
#
# PORTAL_BIN (default: the debug build) and TEMPORAL_CLI (default: .venv/bin/temporal) may be set.
set -euo pipefail
cd "$(dirname "$0")/.."

EXAMPLES=${FUZZ_EXAMPLES:-8}
SEED=${FUZZ_SEED:-20261124}
SCHEMATHESIS_VERSION=4.32.5
PYTHON_CLIENT_VERSION=0.29.1
PORTAL_BIN=${PORTAL_BIN:-${CARGO_TARGET_DIR:-$HOME/.cache/portal-target}/debug/portal}
TEMPORAL_CLI=${TEMPORAL_CLI:-.venv/bin/temporal}

[[ -x .venv/bin/python ]] || python3 -m venv .venv
if ! .venv/bin/st --version 2>/dev/null | grep -q "$SCHEMATHESIS_VERSION"; then
  echo "Installing schemathesis $SCHEMATHESIS_VERSION into .venv"
  .venv/bin/pip install --quiet --disable-pip-version-check "schemathesis==$SCHEMATHESIS_VERSION"
fi
if ! .venv/bin/openapi-python-client --version 2>/dev/null | grep -q "$PYTHON_CLIENT_VERSION"; then
  echo "Installing openapi-python-client $PYTHON_CLIENT_VERSION into .venv"
  .venv/bin/pip install --quiet --disable-pip-version-check "openapi-python-client==$PYTHON_CLIENT_VERSION"
fi
[[ -x $PORTAL_BIN ]] || { echo "No portal binary at $PORTAL_BIN: cargo build -p api, or set PORTAL_BIN" >&2; exit 1; }

work=$(mktemp -d)
pids=()
cleanup() {
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  wait 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT

free_port() { .venv/bin/python -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }
answers() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }
wait_for() {
  for _ in $(seq 1 300); do answers "$1" && return 0; sleep 0.2; done
  echo "$2 did not start; see $work" >&2
  return 1
}

temporal_port=$(free_port)
# As `make run` starts it (workflows/src/dev_server.rs).
mapfile -t dev_args < <("$PORTAL_BIN" temporal-dev-args)
"$TEMPORAL_CLI" server start-dev --headless --ip 127.0.0.1 --port "$temporal_port" \
  --db-filename "$work/temporal.db" --log-level error "${dev_args[@]}" >"$work/temporal.log" 2>&1 &
pids+=($!)
wait_for "$temporal_port" "The Temporal dev server"

port=$(free_port)
base="http://127.0.0.1:$port"
PORT=$port PORTAL_ENV=development DEV_IDP=on EMAIL_DNS=off \
  DATABASE_URL="sqlite://$work/portal.db" DATA_DIR="$work" WEB_DIST="$work/no-web" \
  TEMPORAL_ADDRESS="http://127.0.0.1:$temporal_port" RUST_LOG=warn \
  "$PORTAL_BIN" serve >"$work/portal.log" 2>&1 &
pids+=($!)
wait_for "$port" "The portal"
for _ in $(seq 1 100); do curl -fsS "$base/healthz" >/dev/null 2>&1 && break; sleep 0.2; done

# A signed-in adviser with an application (two clients, a priced cover each) for the path
# parameters to name, so operations reach their rules rather than stopping at "not found".
token=$(curl -fsS "$base/dev-idp/token" -d grant_type=password -d client_id=portal-web \
  -d username=adviser1@example.com --data-urlencode 'password=Passw0rd!' |
  .venv/bin/python -c 'import json,sys; print(json.load(sys.stdin)["access_token"])')
api() { curl -sS --fail-with-body -H "Authorization: Bearer $token" -H 'Content-Type: application/json' "$@"; }
application=$(api -X POST "$base/api/v1/backendforfrontend/application/create")
application_id=$(echo "$application" | .venv/bin/python -c 'import json,sys; print(json.load(sys.stdin)["id"])')
for client in '{"firstName":"Alan","lastName":"Turing","gender":"male","dateOfBirth":"1985-06-23"}' \
              '{"firstName":"Ada","lastName":"Lovelace","gender":"female","dateOfBirth":"1988-12-10"}'; do
  application=$(api -X POST "$base/api/v1/backendforfrontend/application/$application_id/AddApplicant" \
    -d "{\"applicationId\": $application_id, \"applicant\": $client}")
done
applicants=$(echo "$application" | .venv/bin/python -c 'import json,sys; print(" ".join(a["id"] for a in json.load(sys.stdin)["applicants"]))')
for applicant in $applicants; do
  application=$(api -X POST "$base/api/v1/actions/MutateCovers/add" -d "{\"applicationId\": $application_id, \"applicantId\": \"$applicant\", \"cover\": {\"productType\": \"life\", \"coverType\": \"level\", \"coverAmount\": 150000, \"term\": 20}}")
done
applicant_id=${applicants%% *}
cover_id=$(echo "$application" | .venv/bin/python -c 'import json,sys; print(json.load(sys.stdin)["applicants"][0]["covers"][0]["id"])')
api "$base/api/v1/backendforfrontend/application/$application_id/quotePrice" >/dev/null
json_of() { .venv/bin/python -c "import json,sys; print($1)"; }
child_id=$(api -X POST "$base/api/v1/application/$application_id/children" \
  -d '{"title":"Miss","firstName":"Grace","surname":"Turing","dateOfBirth":"2019-03-02"}' |
  json_of 'json.load(sys.stdin)["children"][0]["id"]')
beneficiary_id=$(api -X POST "$base/api/v1/application/$application_id/candidateBeneficiaries" \
  -d '{"firstName":"Charles","lastName":"Babbage","relationship":"Friend"}' |
  json_of 'json.load(sys.stdin)["candidateBeneficiaries"][0]["id"]')
allocation_id=$(api -X POST "$base/api/v1/application/$application_id/applicant/$applicant_id/cover/$cover_id/benefit-allocations" \
  -d "{\"referenceId\": \"$beneficiary_id\", \"percent\": 50, \"type\": \"beneficiary\"}" |
  json_of 'json.load(sys.stdin)["applicants"][0]["covers"][0]["benefitAllocations"][0]["id"]')
document=$(api "$base/api/v1/backendforfrontend/keyfacts/$application_id" | json_of 'json.load(sys.stdin)["uri"]')
document_id=$(echo "$document" | cut -d/ -f5)
file_name=$(echo "$document" | cut -d/ -f6)

# A second generator, which nobody here writes code for: a Python client generated from the
# committed document must keep every model and response (any warning fails), and drive a short
# journey in which every answer parses (scripts/python-client/journey.py).
echo "Generating a Python client with openapi-python-client $PYTHON_CLIENT_VERSION"
printf 'content_type_overrides:\n  application/pdf: application/octet-stream\n  application/problem+json: application/json\n' \
  >"$work/python-client.yml"
generated=$(cd "$work" && "$OLDPWD/.venv/bin/openapi-python-client" generate --path "$OLDPWD/openapi/openapi.json" \
  --meta none --output-path client --config python-client.yml 2>&1) || { echo "$generated" >&2; exit 1; }
if grep -E 'WARNING|Unable to|Failure to process|will be omitted|Could not' <<<"$generated"; then
  echo "openapi-python-client dropped part of the contract (above)" >&2
  exit 1
fi
PYTHONPATH="$work" .venv/bin/python scripts/python-client/journey.py "$base" "$token"

cat >"$work/schemathesis.toml" <<TOML
seed = $SEED
headers = { Authorization = "Bearer $token" }

[generation]
max-examples = $EXAMPLES

[parameters]
"path.applicationId" = $application_id
"path.applicantId" = "$applicant_id"
"path.coverId" = "$cover_id"
"path.childId" = "$child_id"
"path.beneficiaryId" = "$beneficiary_id"
"path.allocationId" = "$allocation_id"
"path.documentId" = "$document_id"
"path.fileName" = "$file_name"
"path.postcode" = "LS6 3QJ"
TOML

# One worker: with two, schemathesis runs Hypothesis in two threads, and Hypothesis's changes to
# the interpreter's recursion limit in one thread can break `ast.parse` in the other (CPython
# gh-106905: "SystemError: AST constructor recursion depth mismatch", seen once in CI as a
# runtime error of the tool, not of the API).
checks=not_a_server_error,status_code_conformance,content_type_conformance,response_headers_conformance,response_schema_conformance,negative_data_rejection
echo "Fuzzing $base/api/openapi.json: $EXAMPLES examples an operation, seed $SEED"
.venv/bin/st --config-file "$work/schemathesis.toml" run "$base/api/openapi.json" \
  --checks "$checks" \
  --phases examples,coverage,fuzzing --workers 1 --no-color --request-timeout 20 \
  --exclude-path /api/v1/backendforfrontend/config --exclude-path /healthz

# The underwriters' workbench as an underwriter, on a case the rulebook referred (Alan drinks 60
# units a week), claimed, with blood tests asked for: the operations reach their rules, and a
# generated upload (any bytes, any form) must never be a server error.
referred=$(api -X POST "$base/api/v1/backendforfrontend/application/create" | json_of 'json.load(sys.stdin)["id"]')
alan=$(api -X POST "$base/api/v1/backendforfrontend/application/$referred/AddApplicant" \
  -d "{\"applicationId\": $referred, \"applicant\": {\"title\":\"Mr\",\"firstName\":\"Alan\",\"lastName\":\"Turing\",\"gender\":\"male\",\"dateOfBirth\":\"1985-06-23\",\"smoking\":\"noneInFiveYears\"}}" |
  json_of 'json.load(sys.stdin)["applicants"][0]["id"]')
api -X POST "$base/api/v1/actions/MutateCovers/add" -d "{\"applicationId\": $referred, \"applicantId\": \"$alan\", \"cover\": {\"productType\": \"life\", \"coverType\": \"level\", \"coverAmount\": 150000, \"term\": 20}}" >/dev/null
api -X PATCH "$base/api/v1/backendforfrontend/applicant/contact" -d "{\"applicantId\": \"$alan\", \"address1\": \"1 Station Road\", \"cityName\": \"Leeds\", \"postcode\": \"LS1 4AP\", \"phoneNumber\": \"0113 496 0000\", \"emailAddress\": \"alan@example.com\"}" >/dev/null
api "$base/api/v1/backendforfrontend/application/$referred/quotePrice" >/dev/null
api -X POST "$base/api/v1/application/$referred/applicant/$alan/acceptPreUnderwritingDeclaration" >/dev/null
api -X POST "$base/api/v1/backendforfrontend/application/isMortgageRelated" -d "{\"id\": $referred, \"isMortgageRelated\": false}" >/dev/null
api -X POST "$base/api/v1/backendforfrontend/application/isAdvisedSale" -d "{\"id\": $referred, \"isAdvisedSale\": true}" >/dev/null
api -X POST "$base/api/v1/backendforfrontend/application/ApplyApplication" -d "{\"applicationId\": $referred}" >/dev/null
api -X POST "$base/api/v1/underwriting/$alan/start" -d '{"answers": [{"tag": "ENQUIRY_TYPE", "value": "Full"}]}' >/dev/null
answers='[{"tag":"HEIGHT_UNITS","value":"metric"},{"tag":"HEIGHT","value":"1.78"},{"tag":"WEIGHT_UNITS","value":"metric"},{"tag":"WEIGHT","value":"76"},{"tag":"OCCUPATION","value":"Software developer"},{"tag":"EARNINGS","value":"42000"},{"tag":"HAZARDOUS_DUTIES","value":"No"},{"tag":"ALCOHOL_UNITS","value":"60"},{"tag":"DRUGS","value":"No"},{"tag":"HAZARDOUS_PURSUITS","value":"No"},{"tag":"TRAVEL","value":"No"},{"tag":"HAS_CONDITIONS","value":"No"},{"tag":"FAMILY_HISTORY","value":"No"},{"tag":"GP_REGISTERED_SINCE","value":"2015-06-01"},{"tag":"GP_PENDING","value":"No"}]'
api -X POST "$base/api/v1/actions/provideanswers/$alan" -d "{\"answers\": $answers}" >/dev/null
api -X POST "$base/api/v1/actions/acceptuwdeclaration" -d "{\"applicationId\": $referred, \"applicantId\": \"$alan\"}" >/dev/null
api -X POST "$base/api/v1/underwriting/$alan/close" >/dev/null
for _ in $(seq 1 100); do
  [[ $(api "$base/api/v1/application/$referred" | json_of 'json.load(sys.stdin)["status"]') == UNDERWRITING ]] && break
  sleep 0.2
done
token=$(curl -fsS "$base/dev-idp/token" -d grant_type=password -d client_id=portal-web \
  -d username=underwriter1@example.com --data-urlencode 'password=Passw0rd!' | json_of 'json.load(sys.stdin)["access_token"]')
api -X POST "$base/api/v1/underwriter/cases/$referred/claim" >/dev/null
evidence_id=$(api -X POST "$base/api/v1/underwriter/cases/$referred/evidence" -d "{\"applicantId\": \"$alan\", \"kind\": \"bloodTests\"}" |
  json_of 'json.load(sys.stdin)["application"]["referral"]["evidence"][0]["id"]')
cat >"$work/underwriter.toml" <<TOML
seed = $SEED
headers = { Authorization = "Bearer $token" }

[generation]
max-examples = $EXAMPLES

[parameters]
"path.applicationId" = $referred
"path.applicantId" = "$alan"
"path.evidenceId" = "$evidence_id"
TOML
echo "Fuzzing the underwriters' workbench as underwriter1, on referred case $referred"
.venv/bin/st --config-file "$work/underwriter.toml" run "$base/api/openapi.json" \
  --checks "$checks" \
  --phases examples,coverage,fuzzing --workers 1 --no-color --request-timeout 20 \
  --include-path-regex '^/api/v1/underwriter/'
