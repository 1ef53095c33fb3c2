//! The quote journey over HTTP against a real Temporal dev server and SQLite: covers added,
//! edited and removed through `MutateCovers`, their checks, and the price.

use crate::support::{TestApp, client, fields, life_cover, pdf_text};
use reqwest::{Method, StatusCode};
use serde_json::{Value, json};

#[tokio::test(flavor = "multi_thread")]
async fn covers_are_added_checked_and_each_change_comes_back_priced_when_it_can_be() {
    let app = TestApp::spawn().await;
    let token = app.token("adviser1@example.com").await;
    let created = app.create_application(&token).await;
    let id = created["id"].clone();
    let (_, one) = app
        .add_applicant(&token, &created, client("Alan", "Turing", "1985-06-23"))
        .await;
    let (_, two) = app
        .add_applicant(
            &token,
            &created,
            json!({ "gender": "female", "dateOfBirth": "1988-12-10", "smoking": "yes" }),
        )
        .await;
    let alan = one["applicants"][0]["id"].clone();
    let ada = two["applicants"][1]["id"].clone();

    // Pricing before both clients have cover names the client without.
    let price_path = format!("/api/v1/backendforfrontend/application/{id}/quotePrice");
    let (status, early) = app.call(Method::GET, &price_path, Some(&token), None).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{early}");
    assert!(
        early["errors"]
            .to_string()
            .contains("Price needs at least one cover for both applicants")
    );

    let (status, with_life) = app
        .mutate_cover(
            &token,
            Method::POST,
            "add",
            json!({ "applicationId": id, "applicantId": alan, "cover": life_cover(250_000, 25) }),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{with_life}");
    let cover = &with_life["applicants"][0]["covers"][0];
    assert_eq!(cover["productType"], "life");
    assert_eq!(cover["errors"], json!([]));
    let life_id = cover["id"].as_str().unwrap().to_owned();

    // Out of the catalogue's limits: kept as typed, with the problem shown on the cover.
    let ip = json!({ "productType": "ip", "coverType": "level", "monthlyBenefit": 50_000, "toAge": 65,
        "deferredPeriod": 13, "paymentPeriod": "full", "term": "" });
    let (status, with_ip) = app
        .mutate_cover(
            &token,
            Method::POST,
            "add",
            json!({ "applicationId": id, "applicantId": ada, "cover": ip }),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{with_ip}");
    let ip_cover = &with_ip["applicants"][1]["covers"][0];
    assert_eq!(ip_cover["term"], Value::Null, "an empty string is null");
    assert_eq!(
        ip_cover["errors"][0]["message"],
        "Monthly benefit must be between £300 and £20,000"
    );
    let ip_id = ip_cover["id"].as_str().unwrap().to_owned();
    assert_eq!(with_ip["priceReadiness"], "needsFixes");
    assert_eq!(
        with_ip["quote"],
        Value::Null,
        "a cover breaking a limit is not priced"
    );

    let validate_path = format!("/api/v1/backendforfrontend/application/{id}/validatecovers");
    let (_, validation) = app
        .call(Method::GET, &validate_path, Some(&token), None)
        .await;
    assert_eq!(validation["valid"], false);
    assert_eq!(
        fields(&validation),
        ["applicants[1].covers[0].monthlyBenefit"]
    );

    let (status, refused) = app.call(Method::GET, &price_path, Some(&token), None).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{refused}");
    assert_eq!(fields(&refused), ["applicants[1].covers[0].monthlyBenefit"]);

    let fixed = json!({ "id": ip_id, "productType": "ip", "coverType": "level", "monthlyBenefit": 2_000,
        "toAge": 65, "deferredPeriod": 13, "paymentPeriod": "full" });
    let (status, edited) = app
        .mutate_cover(
            &token,
            Method::PATCH,
            "edit",
            json!({ "applicationId": id, "applicantId": ada, "cover": fixed }),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{edited}");
    assert_eq!(edited["applicants"][1]["covers"][0]["errors"], json!([]));
    assert_eq!(edited["priceReadiness"], "ready");
    assert!(
        edited["quote"]["premium"].as_f64().unwrap() > 0.0,
        "the fix comes back priced, in the same answer: {}",
        edited["quote"]
    );

    let (status, priced) = app.call(Method::GET, &price_path, Some(&token), None).await;
    assert_eq!(status, StatusCode::OK, "{priced}");
    assert_eq!(priced["status"], "QUOTE");
    let quote = &priced["quote"];
    let total: f64 = quote["premium"].as_f64().unwrap();
    let by_client: f64 = quote["quoteApplicants"]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| a["premium"].as_f64().unwrap())
        .sum();
    assert!((total - by_client).abs() < 0.005, "{total} vs {by_client}");
    assert!(total > 10.0, "{total}");
    assert!(
        priced["applicants"][0]["covers"][0]["premium"]
            .as_f64()
            .unwrap()
            > 0.0
    );
    assert!(priced["validUntil"].is_string());
    assert!(priced["quoteAgeDate"].is_string());

    // The stored application shows the same price.
    let (_, stored) = app.get_application(&token, &id).await;
    assert_eq!(stored["quote"]["premium"], quote["premium"]);

    // A change to the covers comes back priced again: one change, one version, one request.
    let (status, bigger) = app.mutate_cover( &token, Method::PATCH, "edit",
        json!({ "applicationId": id, "applicantId": alan, "cover": { "id": life_id, "productType": "life", "coverType": "level", "coverAmount": 500_000, "term": 25 } })).await;
    assert_eq!(status, StatusCode::OK, "{bigger}");
    assert_eq!(bigger["version"], stored["version"].as_u64().unwrap() + 1);
    assert!(
        bigger["quote"]["premium"].as_f64().unwrap() > total,
        "more cover costs more"
    );

    let (status, covers) = app
        .call(
            Method::GET,
            &format!("/api/v1/applicant/{}/covers", alan.as_str().unwrap()),
            Some(&token),
            None,
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{covers}");
    assert_eq!(covers[0]["coverAmount"], 500_000.0);

    let (status, removed) = app
        .mutate_cover(
            &token,
            Method::DELETE,
            "remove",
            json!({ "applicationId": id, "applicantId": alan, "cover": { "id": life_id } }),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{removed}");
    assert_eq!(removed["applicants"][0]["covers"], json!([]));
    assert_eq!(removed["priceReadiness"], "needsCovers");
    assert_eq!(
        removed["quote"],
        Value::Null,
        "a client without cover cannot be priced"
    );

    app.keep_history(&id, "quote-a-cover-change-priced-at-once")
        .await;
}

#[tokio::test(flavor = "multi_thread")]
async fn bad_cover_input_gets_a_specific_4xx_never_a_500() {
    let app = TestApp::spawn().await;
    let token = app.token("adviser1@example.com").await;
    let created = app.create_application(&token).await;
    let id = created["id"].clone();
    let (_, one) = app
        .add_applicant(&token, &created, client("Alan", "Turing", "1985-06-23"))
        .await;
    let alan = one["applicants"][0]["id"].clone();
    let add = |cover: Value| json!({ "applicationId": id, "applicantId": alan, "cover": cover });

    let cases = [
        (
            add(json!({ "productType": "tpd" })),
            StatusCode::BAD_REQUEST,
            "cover.productType",
        ),
        (
            add(json!({ "productType": "life", "deferredPeriod": 3 })),
            StatusCode::BAD_REQUEST,
            "cover.deferredPeriod",
        ),
        (
            add(json!({ "productType": "life", "coverAmount": "lots" })),
            StatusCode::BAD_REQUEST,
            "cover.coverAmount",
        ),
        (
            add(json!({ "productType": "life", "term": -1 })),
            StatusCode::BAD_REQUEST,
            "cover.term",
        ),
        (
            add(json!({ "productType": "ip", "coverAmount": 1000 })),
            StatusCode::UNPROCESSABLE_ENTITY,
            "coverAmount",
        ),
        (
            add(json!({ "productType": "ccic", "coverAmount": 10000 })),
            StatusCode::UNPROCESSABLE_ENTITY,
            "productType",
        ),
        (
            json!({ "applicationId": id, "cover": life_cover(1, 1) }),
            StatusCode::BAD_REQUEST,
            "applicantId",
        ),
        (
            json!({ "applicantId": alan, "cover": life_cover(1, 1) }),
            StatusCode::BAD_REQUEST,
            "applicationId",
        ),
        (
            json!({ "applicationId": id, "applicantId": alan, "cover": 7 }),
            StatusCode::BAD_REQUEST,
            "cover",
        ),
    ];
    for (body, expected, field) in cases {
        let (status, problem) = app
            .mutate_cover(&token, Method::POST, "add", body.clone())
            .await;
        assert_eq!(status, expected, "{body} -> {problem}");
        assert_eq!(fields(&problem), [field], "{body} -> {problem}");
    }

    let (status, missing) = app.mutate_cover(
        &token,
        Method::POST,
        "add",
        json!({ "applicationId": id, "applicantId": "nobody", "cover": life_cover(100_000, 10) }),
    )
    .await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert_eq!(missing["detail"], "Applicant not found");
    let (status, missing) = app
        .mutate_cover(
            &token,
            Method::DELETE,
            "remove",
            json!({ "applicationId": id, "applicantId": alan, "cover": { "id": "nope" } }),
        )
        .await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert_eq!(missing["detail"], "Cover not found");

    // Another firm's adviser cannot see the application, so it does not exist for them.
    let other = app.token("adviser3@example.com").await;
    let (status, _) = app
        .mutate_cover(&other, Method::POST, "add", add(life_cover(100_000, 10)))
        .await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let (status, _) = app
        .call(
            Method::GET,
            &format!("/api/v1/backendforfrontend/application/{id}/quotePrice"),
            Some(&other),
            None,
        )
        .await;
    assert_eq!(status, StatusCode::NOT_FOUND);
}

#[tokio::test(flavor = "multi_thread")]
async fn the_product_list_follows_each_advisers_flags_and_names_the_sample_basis() {
    let app = TestApp::spawn().await;
    let codes = |offer: &Value| -> Vec<String> {
        offer["products"]
            .as_array()
            .unwrap()
            .iter()
            .map(|p| p["productType"].as_str().unwrap().to_owned())
            .collect()
    };
    let token = app.token("adviser1@example.com").await;
    let (status, offer) = app
        .call(
            Method::GET,
            "/api/v1/backendforfrontend/products",
            Some(&token),
            None,
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{offer}");
    assert_eq!(
        codes(&offer),
        ["life", "lifeessentials", "ci", "aci", "ccic", "ip"]
    );
    assert_eq!(offer["products"][0]["label"], "Life Protection");
    assert!(
        offer["pricingBasis"]
            .as_str()
            .unwrap()
            .starts_with("Sample rates")
    );
    // adviser3's firm does not sell Life Essentials (hideLifeEssentials in dev-users.json).
    let other = app.token("adviser3@example.com").await;
    let (_, theirs) = app
        .call(
            Method::GET,
            "/api/v1/backendforfrontend/products",
            Some(&other),
            None,
        )
        .await;
    assert_eq!(codes(&theirs), ["life", "ci", "aci", "ccic", "ip"]);
}

#[tokio::test(flavor = "multi_thread")]
async fn the_quote_pdf_key_facts_and_terms_are_real_documents_kept_per_version() {
    let app = TestApp::spawn().await;
    let token = app.token("adviser1@example.com").await;
    let created = app.create_application(&token).await;
    let id = created["id"].clone();
    let (_, one) = app
        .add_applicant(&token, &created, client("Alan", "Turing", "1985-06-23"))
        .await;
    let alan = one["applicants"][0]["id"].clone();
    let quote_path = format!("/api/v1/application/{id}/document/quote");
    let (status, unpriced) = app.call(Method::GET, &quote_path, Some(&token), None).await;
    assert_eq!(status, StatusCode::CONFLICT, "{unpriced}");

    app.mutate_cover(
        &token,
        Method::POST,
        "add",
        json!({ "applicationId": id, "applicantId": alan, "cover": life_cover(300_000, 20) }),
    )
    .await;
    let (_, priced) = app
        .call(
            Method::GET,
            &format!("/api/v1/backendforfrontend/application/{id}/quotePrice"),
            Some(&token),
            None,
        )
        .await;
    let download = |path: String, token: String| {
        let http = reqwest::Client::new();
        let url = format!("{}{path}", app.base);
        async move { http.get(url).bearer_auth(token).send().await.unwrap() }
    };
    let response = download(quote_path.clone(), token.clone()).await;
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(response.headers()["content-type"], "application/pdf");
    let disposition = response.headers()["content-disposition"]
        .to_str()
        .unwrap()
        .to_owned();
    assert!(
        disposition.starts_with(&format!("attachment; filename=\"Quote-{id}-")),
        "{disposition}"
    );
    let first = response.bytes().await.unwrap();
    assert!(first.starts_with(b"%PDF-1.4"));
    let total = format!("£{:.2}", priced["quote"]["premium"].as_f64().unwrap());
    let text = pdf_text(&first);
    assert!(
        text.contains("Alan Turing") && text.contains(&total),
        "{total} in:\n{text}"
    );
    let again = download(quote_path.clone(), token.clone())
        .await
        .bytes()
        .await
        .unwrap();
    assert_eq!(
        first, again,
        "the same version gives the same stored document"
    );

    for call in ["keyfacts", "termsandconditions"] {
        let (status, link) = app
            .call(
                Method::GET,
                &format!("/api/v1/backendforfrontend/{call}/{id}"),
                Some(&token),
                None,
            )
            .await;
        assert_eq!(status, StatusCode::OK, "{link}");
        let uri = link["uri"].as_str().unwrap().to_owned();
        let response = download(uri.clone(), token.clone()).await;
        assert_eq!(response.status(), StatusCode::OK, "{uri}");
        let text = pdf_text(&response.bytes().await.unwrap());
        assert!(text.contains("Life Protection"), "{text}");
        let other = app.token("adviser3@example.com").await;
        assert_eq!(download(uri, other).await.status(), StatusCode::NOT_FOUND);
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn covers_and_the_price_survive_a_worker_restart_mid_quote() {
    let mut app = TestApp::spawn().await;
    let token = app.token("adviser1@example.com").await;
    let created = app.create_application(&token).await;
    let id = created["id"].clone();
    let (_, one) = app
        .add_applicant(&token, &created, client("Alan", "Turing", "1985-06-23"))
        .await;
    let alan = one["applicants"][0]["id"].clone();
    let (status, _) = app
        .mutate_cover(
            &token,
            Method::POST,
            "add",
            json!({ "applicationId": id, "applicantId": alan, "cover": life_cover(200_000, 20) }),
        )
        .await;
    assert_eq!(status, StatusCode::OK);

    // The worker dies; reads keep working from the store, and nothing typed is lost.
    app.stop_worker();
    let (status, stored) = app.get_application(&token, &id).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(
        stored["applicants"][0]["covers"][0]["coverAmount"],
        200_000.0
    );

    // A new worker replays the history and carries on: another cover, then a price.
    app.start_worker();
    let ci =
        json!({ "productType": "ci", "coverType": "level", "coverAmount": 50_000, "term": 20 });
    let (status, with_ci) = app
        .mutate_cover(
            &token,
            Method::POST,
            "add",
            json!({ "applicationId": id, "applicantId": alan, "cover": ci }),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{with_ci}");
    assert_eq!(
        with_ci["applicants"][0]["covers"].as_array().unwrap().len(),
        2
    );
    let (status, priced) = app
        .call(
            Method::GET,
            &format!("/api/v1/backendforfrontend/application/{id}/quotePrice"),
            Some(&token),
            None,
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{priced}");
    assert_eq!(
        priced["quote"]["quoteApplicants"][0]["quoteCovers"]
            .as_array()
            .unwrap()
            .len(),
        2
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn a_quote_past_its_valid_until_date_is_withdrawn_by_the_workflow_and_priced_afresh() {
    let app = TestApp::spawn().await;
    let token = app.token("adviser1@example.com").await;
    let created = app.create_application(&token).await;
    let id = created["id"].clone();
    let (_, one) = app
        .add_applicant(&token, &created, client("Alan", "Turing", "1985-06-23"))
        .await;
    let alan = one["applicants"][0]["id"].clone();
    let (status, _) = app
        .mutate_cover(
            &token,
            Method::POST,
            "add",
            json!({ "applicationId": id, "applicantId": alan, "cover": life_cover(200_000, 20) }),
        )
        .await;
    assert_eq!(status, StatusCode::OK);
    let price_path = format!("/api/v1/backendforfrontend/application/{id}/quotePrice");
    let (status, priced) = app.call(Method::GET, &price_path, Some(&token), None).await;
    assert_eq!(status, StatusCode::OK, "{priced}");
    let (_, before) = app.get_application(&token, &id).await;
    assert_eq!(before["isQuoteExpired"], false);
    assert!(before["applicants"][0]["covers"][0]["premium"].is_number());

    // Days pass: the quote was priced long ago and its valid-until date was yesterday.
    let mut aged = app.stored_application(&id).await;
    let today = domain::dates::uk_date(chrono::Utc::now());
    let yesterday = today - chrono::Days::new(1);
    aged.quote_stage.valid_until = Some(yesterday);
    aged.quote_stage.quote_age_date = Some(yesterday - chrono::Days::new(29));
    app.restart_workflow_from(aged).await;

    // The workflow's timer has nothing left to wait for: it withdraws the price on its own,
    // keeps every cover, and says when the quote expired.
    let expired = crate::support::eventually(std::time::Duration::from_secs(20), || async {
        let (_, view) = app.get_application(&token, &id).await;
        (view["isQuoteExpired"] == true).then_some(view)
    })
    .await;
    assert_eq!(expired["quoteExpiredOn"], yesterday.to_string());
    assert_eq!(expired["validUntil"], Value::Null);
    assert_eq!(
        expired["applicants"][0]["covers"][0]["coverAmount"],
        200_000.0
    );
    assert_eq!(
        expired["applicants"][0]["covers"][0]["premium"],
        Value::Null
    );

    // The next price is a new quote: ages on today's date and a new valid-until date.
    let (status, repriced) = app.call(Method::GET, &price_path, Some(&token), None).await;
    assert_eq!(status, StatusCode::OK, "{repriced}");
    let (_, after) = app.get_application(&token, &id).await;
    assert_eq!(after["isQuoteExpired"], false);
    assert_eq!(after["quoteAgeDate"], today.to_string());
    assert!(after["validUntil"].as_str().unwrap() > yesterday.to_string().as_str());
}
