//! The quote's half-built corners (issue 34), over HTTP against a real Temporal dev server and
//! SQLite: unlocking quote editing (`unlockquoteedit`, `canUnlockQuoteEdit`), the upsell at the
//! decision (`upsellcover`, `canUpsellCover`), restricted cover (a cover error with status 412,
//! `isRestrictedCover`) and the firm location on the case, its quote, the dashboard row and the
//! quote PDF.

use crate::support::interview::proceeded_application;
use crate::support::{TestApp, born_years_ago, client, errors, life_cover, pdf_text};
use reqwest::{Method, StatusCode};
use serde_json::{Value, json};

fn unlock_path(id: &Value) -> String {
    format!("/api/v1/backendforfrontend/application/unlockquoteedit/{id}")
}

/// HB1: the view offers unlocking exactly where the server takes it: applied for, not yet past
/// the Apply stage (the refusal at the decision is in the upsell test). Unlocking returns the
/// case to Quote, editable, with the price kept.
#[tokio::test(flavor = "multi_thread")]
async fn unlocking_quote_editing_is_offered_after_applying_and_refused_once_underwriting_starts() {
    let app = TestApp::spawn().await;
    let token = app.token("adviser1@example.com").await;
    let (id, clients) = app.applied_application(&token, false).await;
    let (_, applied) = app.get_application(&token, &id).await;
    assert_eq!(applied["status"], "APPLY");
    assert_eq!(applied["isQuoteEditable"], false);
    assert_eq!(applied["canUnlockQuoteEdit"], true);

    let (status, unlocked) = app
        .call(Method::POST, &unlock_path(&id), Some(&token), None)
        .await;
    assert_eq!(status, StatusCode::OK, "{unlocked}");
    assert_eq!(unlocked["status"], "QUOTE");
    assert_eq!(unlocked["isQuoteEditable"], true);
    assert_eq!(unlocked["canUnlockQuoteEdit"], false);
    assert!(
        unlocked["quote"]["premium"].as_f64().unwrap() > 0.0,
        "the price stays"
    );

    // Applied again, it is locked again.
    app.apply(&token, &id, &clients).await;
    let (_, again) = app.get_application(&token, &id).await;
    assert_eq!(again["canUnlockQuoteEdit"], true);
}

/// HB2: at the decision the adviser may raise a cover's amount; the terms stay, the decision
/// price and Proceed are withdrawn and the decision priced again costs more. Lower amounts and
/// other changes are refused.
#[tokio::test(flavor = "multi_thread")]
async fn an_upsell_at_the_decision_raises_the_amount_and_the_decision_is_priced_again() {
    let app = TestApp::spawn().await;
    let token = app.token("adviser1@example.com").await;
    let key = proceeded_application(&app, &token).await;
    let id = json!(key);
    let (_, decided) = app.get_application(&token, &id).await;
    assert_eq!(decided["canUpsellCover"], true);
    assert_eq!(decided["canUnlockQuoteEdit"], false);
    let (status, refused) = app
        .call(Method::POST, &unlock_path(&id), Some(&token), None)
        .await;
    assert_eq!(status, StatusCode::CONFLICT, "{refused}");
    assert!(
        refused["detail"]
            .as_str()
            .unwrap()
            .contains("requote from the decision"),
        "{refused}"
    );
    let before = decided["decisionQuote"]["premium"].as_f64().unwrap();
    let alan = decided["applicants"][0]["id"].clone();
    let cover = decided["applicants"][0]["covers"][0].clone();
    let upsell = |amount: u64, term: u32| {
        let body = json!({ "applicationId": id, "applicantId": alan, "cover": {
            "id": cover["id"], "productType": "life", "coverType": "level",
            "coverAmount": amount, "term": term } });
        app.call(
            Method::PATCH,
            "/api/v1/actions/upsellcover",
            Some(&token),
            Some(body),
        )
    };

    let (status, lower) = upsell(100_000, 20).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{lower}");
    assert_eq!(
        errors(&lower),
        [(
            "coverAmount".to_owned(),
            "An upsell must increase the amount of cover".to_owned()
        )]
    );
    let (status, longer) = upsell(200_000, 25).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{longer}");

    let (status, raised) = upsell(200_000, 20).await;
    assert_eq!(status, StatusCode::OK, "{raised}");
    assert_eq!(raised["applicants"][0]["covers"][0]["coverAmount"], 200_000);
    assert_eq!(
        raised["applicants"][0]["covers"][0]["decision"],
        "standardterms"
    );
    assert_eq!(raised["isDecisionValid"], false);
    assert_eq!(raised["proceededAt"], Value::Null);
    assert_eq!(raised["status"], "DECISION");

    let path = format!("/api/v1/actions/TriggerDecisionQuote/{key}");
    let (status, repriced) = app.call(Method::POST, &path, Some(&token), None).await;
    assert_eq!(status, StatusCode::OK, "{repriced}");
    assert!(repriced["decisionQuote"]["premium"].as_f64().unwrap() > before);

    // Above the product's maximum the server saves the cover with the limit beside it.
    let (status, too_much) = upsell(10_000_001, 20).await;
    assert_eq!(status, StatusCode::OK, "{too_much}");
    let error = &too_much["applicants"][0]["covers"][0]["errors"][0];
    assert_eq!(error["field"], "coverAmount");
    assert_eq!(error["status"], Value::Null);
}

/// HB3: a client of 56 asking for £400,000 of critical illness cover is over the sample band's
/// £300,000: the cover is saved with a 412 error, the application is flagged restricted,
/// cannot be priced or applied for, and bringing the amount down clears it.
#[tokio::test(flavor = "multi_thread")]
async fn cover_above_the_restricted_amount_for_the_age_is_flagged_with_412_and_blocks_applying() {
    let app = TestApp::spawn().await;
    let token = app.token("adviser1@example.com").await;
    let created = app.create_application(&token).await;
    let id = created["id"].clone();
    let (_, one) = app
        .add_applicant(
            &token,
            &created,
            client("Alan", "Turing", &born_years_ago(56, -10)),
        )
        .await;
    let alan = one["applicants"][0]["id"].clone();
    let ci = |amount: u64| json!({ "productType": "ci", "coverType": "level", "coverAmount": amount, "term": 10 });
    let (status, added) = app
        .mutate_cover(
            &token,
            Method::POST,
            "add",
            json!({ "applicationId": id, "applicantId": alan, "cover": ci(400_000) }),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{added}");
    let cover = &added["applicants"][0]["covers"][0];
    let error = &cover["errors"][0];
    assert_eq!(error["status"], 412);
    assert_eq!(error["field"], "coverAmount");
    assert!(
        error["message"]
            .as_str()
            .unwrap()
            .starts_with("Restricted cover: for a client aged 55 or over"),
        "{error}"
    );
    assert_eq!(added["isRestrictedCover"], true);
    assert_eq!(added["priceReadiness"], "needsFixes");
    assert!(
        added["applyProblems"]
            .as_array()
            .unwrap()
            .iter()
            .any(|p| p["message"]
                .as_str()
                .unwrap()
                .starts_with("A cover is restricted")),
        "{}",
        added["applyProblems"]
    );
    let (status, refused) = app.price(&token, &id).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{refused}");

    // At the band's amount the restriction is gone and the quote prices.
    let body = json!({ "applicationId": id, "applicantId": alan,
        "cover": { "id": cover["id"], "productType": "ci", "coverType": "level", "coverAmount": 300_000, "term": 10 } });
    let (status, reduced) = app.mutate_cover(&token, Method::PATCH, "edit", body).await;
    assert_eq!(status, StatusCode::OK, "{reduced}");
    assert_eq!(reduced["isRestrictedCover"], false);
    assert_eq!(reduced["applicants"][0]["covers"][0]["errors"], json!([]));
    let (status, priced) = app.price(&token, &id).await;
    assert_eq!(status, StatusCode::OK, "{priced}");
}

/// HB4: a case records its adviser's firm location, its quote carries it, the dashboard row
/// names it and the quote PDF prints its name; a case created for an adviser by their assistant
/// records the adviser's location.
#[tokio::test(flavor = "multi_thread")]
async fn the_firm_location_reaches_the_case_its_quote_the_dashboard_row_and_the_quote_pdf() {
    let app = TestApp::spawn().await;
    let york = app.token("adviser2@example.com").await;
    let created = app.create_application(&york).await;
    let id = created["id"].clone();
    assert_eq!(created["adviserAtFirmLocationId"], "northfield-york");
    let (_, one) = app
        .add_applicant(&york, &created, client("Alan", "Turing", "1985-06-23"))
        .await;
    let alan = one["applicants"][0]["id"].clone();
    let body =
        json!({ "applicationId": id, "applicantId": alan, "cover": life_cover(150_000, 20) });
    let (status, _) = app.mutate_cover(&york, Method::POST, "add", body).await;
    assert_eq!(status, StatusCode::OK);
    let (status, priced) = app.price(&york, &id).await;
    assert_eq!(status, StatusCode::OK, "{priced}");
    assert_eq!(
        priced["quote"]["adviserAtFirmLocationId"],
        "northfield-york"
    );

    let (status, found) = app.search(&york, "?searchTerm=Turing").await;
    assert_eq!(status, StatusCode::OK, "{found}");
    let row = &found["results"][0];
    assert_eq!(row["id"], id);
    assert_eq!(row["adviserAtFirmLocationId"], "northfield-york");
    assert_eq!(row["firmLocationName"], "York");

    let url = format!("{}/api/v1/application/{id}/document/quote", app.base);
    let response = reqwest::Client::new()
        .get(url)
        .bearer_auth(&york)
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::OK);
    let text = pdf_text(&response.bytes().await.unwrap());
    assert!(
        text.contains("Your adviser's office") && text.contains("York"),
        "{text}"
    );

    // The assistant creating for adviser1 records adviser1's location (Leeds).
    let assistant = app.token("assistant1@example.com").await;
    let (status, for_adviser1) = app
        .call(
            Method::POST,
            "/api/v1/backendforfrontend/application/create?adviserId=adviser1",
            Some(&assistant),
            None,
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{for_adviser1}");
    assert_eq!(for_adviser1["adviserAtFirmLocationId"], "northfield-leeds");
    let (_, listed) = app.search(&assistant, "?adviserId=adviser1").await;
    let row = listed["results"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["id"] == for_adviser1["id"])
        .unwrap();
    assert_eq!(row["firmLocationName"], "Leeds");

    // An adviser with no location: none anywhere.
    let harbour = app.token("adviser3@example.com").await;
    let created = app.create_application(&harbour).await;
    let (_, listed) = app.search(&harbour, "").await;
    assert_eq!(listed["results"][0]["id"], created["id"]);
    assert_eq!(listed["results"][0]["firmLocationName"], Value::Null);
}
