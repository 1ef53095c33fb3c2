//! Children, beneficiaries, payout shares, removing and renaming clients, page statuses and
//! unlocking the quote, over HTTP against a real Temporal dev server and SQLite.

use crate::support::{TestApp, client, fields};
use reqwest::{Method, StatusCode};
use serde_json::{Value, json};

fn section(view: &Value, id: &str) -> bool {
    view["sections"]
        .as_array()
        .unwrap()
        .iter()
        .find(|s| s["id"] == id)
        .unwrap()["isComplete"]
        .as_bool()
        .unwrap()
}

#[tokio::test(flavor = "multi_thread")]
async fn children_beneficiaries_and_payout_shares_through_the_api() {
    let app = TestApp::spawn().await;
    let token = app.token("adviser1@example.com").await;
    let t = Some(token.as_str());
    let created = app.create_application(&token).await;
    let id = created["id"].clone();
    let (_, one) = app
        .add_applicant(&token, &created, client("Alan", "Turing", "1985-06-23"))
        .await;
    let (_, two) = app
        .add_applicant(
            &token,
            &created,
            json!({ "gender": "female", "dateOfBirth": "1988-12-10" }),
        )
        .await;
    let alan = one["applicants"][0]["id"].as_str().unwrap().to_owned();
    let ada = two["applicants"][1]["id"].as_str().unwrap().to_owned();

    let statuses = format!("/api/v1/backendforfrontend/statuses/{id}");
    let (status, pages) = app.call(Method::GET, &statuses, t, None).await;
    assert_eq!(status, StatusCode::OK, "{pages}");
    assert!(
        section(&pages, "planbuilder"),
        "both clients have what a quote needs"
    );
    assert!(!section(&pages, "planquote"));

    // The unborn flag, then a child clears it (§4).
    let (status, flagged) = app
        .call(
            Method::POST,
            &format!("/api/v1/application/{id}/hasUnbornChildren"),
            t,
            Some(json!({ "hasUnbornChildren": true })),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{flagged}");
    assert_eq!(flagged["hasUnbornChildren"], true);
    let (status, bad) = app
        .call(
            Method::POST,
            &format!("/api/v1/application/{id}/hasUnbornChildren"),
            t,
            Some(json!({ "hasUnbornChildren": "yes" })),
        )
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{bad}");
    assert_eq!(fields(&bad), ["hasUnbornChildren"]);

    let children = format!("/api/v1/application/{id}/children");
    let grace = json!({ "firstName": "Grace", "surname": "Turing", "dateOfBirth": "2016-04-01" });
    let (status, with_child) = app.call(Method::POST, &children, t, Some(grace)).await;
    assert_eq!(status, StatusCode::OK, "{with_child}");
    assert_eq!(with_child["hasUnbornChildren"], false);
    let child_id = with_child["children"][0]["id"].as_str().unwrap().to_owned();
    let (status, future) = app
        .call(
            Method::POST,
            &children,
            t,
            Some(json!({ "firstName": "Not", "surname": "Yet", "dateOfBirth": "2099-01-01" })),
        )
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{future}");
    assert_eq!(fields(&future), ["dateOfBirth"]);
    let (status, wrong_type) = app
        .call(Method::POST, &children, t, Some(json!({ "firstName": 7 })))
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{wrong_type}");
    assert_eq!(fields(&wrong_type), ["firstName"]);
    let (status, missing) = app
        .call(Method::DELETE, &format!("{children}/nochild"), t, None)
        .await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert_eq!(missing["detail"], "Child not found");

    // A cover, a beneficiary and shares of its payout.
    let (status, with_cover) = app
        .call(Method::POST, "/api/v1/actions/MutateCovers/add", t, Some(json!({ "applicationId": id, "applicantId": alan,
            "cover": { "productType": "life", "coverType": "level", "coverAmount": 200000, "term": 20 } })))
        .await;
    assert_eq!(status, StatusCode::OK, "{with_cover}");
    let cover = with_cover["applicants"][0]["covers"][0]["id"]
        .as_str()
        .unwrap()
        .to_owned();
    let (status, with_beneficiary) = app
        .call(
            Method::POST,
            &format!("/api/v1/application/{id}/candidateBeneficiaries"),
            t,
            Some(
                json!({ "firstName": "Charles", "lastName": "Babbage", "relationship": "Friend" }),
            ),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{with_beneficiary}");
    let beneficiary = with_beneficiary["candidateBeneficiaries"][0]["id"]
        .as_str()
        .unwrap()
        .to_owned();

    let shares =
        format!("/api/v1/application/{id}/applicant/{alan}/cover/{cover}/benefit-allocations");
    let (status, first) = app
        .call(
            Method::POST,
            &shares,
            t,
            Some(json!({ "referenceId": beneficiary, "percent": 60, "type": "beneficiary" })),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{first}");
    let (status, over) = app
        .call(
            Method::POST,
            &shares,
            t,
            Some(json!({ "referenceId": child_id, "percent": 40.01, "type": "child" })),
        )
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{over}");
    assert_eq!(
        over["errors"][0]["message"],
        "The shares would add up to more than 100%"
    );
    let (status, nobody) = app
        .call(
            Method::POST,
            &shares,
            t,
            Some(json!({ "referenceId": "ghost", "percent": 10, "type": "beneficiary" })),
        )
        .await;
    assert_eq!(status, StatusCode::NOT_FOUND, "{nobody}");
    assert_eq!(nobody["detail"], "Beneficiary not found");
    let (status, full) = app
        .call(
            Method::POST,
            &shares,
            t,
            Some(json!({ "referenceId": child_id, "percent": 40, "type": "child" })),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{full}");
    let allocations = full["applicants"][0]["covers"][0]["benefitAllocations"]
        .as_array()
        .unwrap()
        .clone();
    assert_eq!(allocations.len(), 2);
    assert_eq!(allocations[1]["beneficiary"], "Grace Turing");

    let (status, planner) = app
        .call(
            Method::POST,
            "/api/v1/backendforfrontend/cover/isPayoutPlannerUsed",
            t,
            Some(json!({ "applicantId": alan, "coverId": cover, "isPayoutPlannerUsed": true })),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{planner}");
    assert_eq!(
        planner["applicants"][0]["covers"][0]["isPayoutPlannerUsed"],
        true
    );

    let share_id = allocations[0]["id"].as_str().unwrap();
    let (status, changed) = app
        .call(
            Method::PUT,
            &format!("{shares}/{share_id}"),
            t,
            Some(json!({ "referenceId": beneficiary, "percent": 50, "type": "beneficiary" })),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{changed}");
    let (_, validation) = app
        .call(
            Method::GET,
            &format!("/api/v1/backendforfrontend/application/{id}/validatecovers"),
            t,
            None,
        )
        .await;
    assert!(
        validation["errors"]
            .to_string()
            .contains("The shares must add up to 100%"),
        "{validation}"
    );

    // A child's and a beneficiary's details corrected; the share naming the child follows.
    let (status, corrected) = app
        .call(
            Method::PUT,
            &format!("{children}/{child_id}"),
            t,
            Some(json!({ "firstName": "Grace", "surname": "Hopper", "dateOfBirth": "2016-04-01" })),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{corrected}");
    assert_eq!(corrected["children"][0]["surname"], "Hopper");
    assert_eq!(
        corrected["applicants"][0]["covers"][0]["benefitAllocations"][1]["beneficiary"],
        "Grace Hopper"
    );
    let (status, corrected) = app
        .call(
            Method::PUT,
            &format!("/api/v1/application/{id}/candidateBeneficiary/{beneficiary}"),
            t,
            Some(json!({ "firstName": "Charles", "lastName": "Babbage", "relationship": "Godparent" })),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{corrected}");
    assert_eq!(
        corrected["candidateBeneficiaries"][0]["relationship"],
        "Godparent"
    );

    // Removing the child removes their share too.
    let (status, without_child) = app
        .call(Method::DELETE, &format!("{children}/{child_id}"), t, None)
        .await;
    assert_eq!(status, StatusCode::OK, "{without_child}");
    assert_eq!(
        without_child["applicants"][0]["covers"][0]["benefitAllocations"]
            .as_array()
            .unwrap()
            .len(),
        1
    );

    // The last share taken away, and the cover increased without reopening anything.
    let (status, unshared) = app
        .call(Method::DELETE, &format!("{shares}/{share_id}"), t, None)
        .await;
    assert_eq!(status, StatusCode::OK, "{unshared}");
    assert_eq!(
        unshared["applicants"][0]["covers"][0]["benefitAllocations"],
        json!([])
    );
    let (status, increased) = app
        .call(Method::PATCH, "/api/v1/actions/upsellcover", t, Some(json!({ "applicationId": id, "applicantId": alan,
            "cover": { "id": cover, "productType": "life", "coverType": "level", "coverAmount": 250000, "term": 20 } })))
        .await;
    assert_eq!(status, StatusCode::OK, "{increased}");
    assert_eq!(
        increased["applicants"][0]["covers"][0]["coverAmount"],
        250_000
    );

    // Renaming a client through the name call; other fields are refused there.
    let (status, renamed) = app
        .call(
            Method::PATCH,
            "/api/v1/backendforfrontend/applicant/name",
            t,
            Some(json!({ "applicantId": ada, "firstName": "Ada", "lastName": "Lovelace" })),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{renamed}");
    assert_eq!(renamed["applicants"][1]["lastName"], "Lovelace");
    let (status, refused) = app
        .call(
            Method::PATCH,
            "/api/v1/backendforfrontend/applicant/name",
            t,
            Some(json!({ "applicantId": ada, "gender": "male" })),
        )
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{refused}");
    assert_eq!(fields(&refused), ["gender"]);

    // Removing the first client moves the second into the first slot (§4).
    let (status, removed) = app
        .call(
            Method::DELETE,
            &format!("/api/v1/application/{id}/applicant/{alan}"),
            t,
            None,
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{removed}");
    assert_eq!(removed["applicants"].as_array().unwrap().len(), 1);
    assert_eq!(removed["applicants"][0]["id"], ada);

    let (status, unenriched) = app
        .call(
            Method::GET,
            &format!("/api/v1/application/{id}/unenriched"),
            t,
            None,
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{unenriched}");
    assert_eq!(unenriched["applicants"][0]["policyReference"], Value::Null);

    let (status, unlocked) = app
        .call(
            Method::POST,
            &format!("/api/v1/backendforfrontend/application/unlockquoteedit/{id}"),
            t,
            None,
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{unlocked}");
    assert_eq!(unlocked["isQuoteEditable"], true);

    // Another firm's adviser sees none of it.
    let other = app.token("adviser3@example.com").await;
    let (status, _) = app.call(Method::GET, &statuses, Some(&other), None).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let (status, _) = app
        .call(
            Method::PATCH,
            "/api/v1/backendforfrontend/applicant/name",
            Some(&other),
            Some(json!({ "applicantId": ada, "firstName": "Eve" })),
        )
        .await;
    assert_eq!(status, StatusCode::NOT_FOUND);

    app.keep_history(&id, "quote-children-beneficiaries-and-payout-shares")
        .await;
}
