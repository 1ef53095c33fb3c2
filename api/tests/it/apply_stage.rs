//! The contact-details stage over HTTP against a real Temporal dev server and SQLite: contact
//! details, the same-address link, the page's questions, commission, the valid-until date, the
//! declaration and applying; address and email look-ups. DNS is off in tests (EMAIL_DNS=off),
//! so domains not on a list are reported as not checked.

use crate::support::{TestApp, fields, message_of};
use reqwest::{Method, StatusCode};
use serde_json::{Value, json};

async fn patch_contact(app: &TestApp, token: &str, body: Value) -> (StatusCode, Value) {
    app.call(
        Method::PATCH,
        "/api/v1/backendforfrontend/applicant/contact",
        Some(token),
        Some(body),
    )
    .await
}

async fn post(app: &TestApp, token: &str, path: &str, body: Value) -> (StatusCode, Value) {
    app.call(
        Method::POST,
        &format!("/api/v1/backendforfrontend/{path}"),
        Some(token),
        Some(body),
    )
    .await
}

fn alan_contact() -> Value {
    json!({
        "address1": "1 Station Road", "cityName": "Leeds", "postcode": "ls1 4ap",
        "phoneNumber": "0113 496 0000", "emailAddress": "alan@example.com"
    })
}

#[tokio::test(flavor = "multi_thread")]
async fn contact_details_are_saved_normalised_read_back_and_replaced() {
    let app = TestApp::spawn().await;
    let token = app.token("adviser1@example.com").await;
    let (id, applicants) = app.quoted_application(&token, false).await;
    let alan = &applicants[0];

    let mut body = alan_contact();
    body["applicantId"] = alan.clone();
    let (status, saved) = patch_contact(&app, &token, body).await;
    assert_eq!(status, StatusCode::OK, "{saved}");
    let details = &saved["applicants"][0]["contactDetails"];
    assert_eq!(details["postcode"], "LS1 4AP");
    assert_eq!(details["phoneNumber"], "01134960000");

    // A patch changes only what it sends; "" clears a field.
    let (status, patched) = patch_contact(
        &app,
        &token,
        json!({ "applicantId": alan, "address2": "Headingley", "phoneNumber": "" }),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{patched}");
    let details = &patched["applicants"][0]["contactDetails"];
    assert_eq!(details["address1"], "1 Station Road");
    assert_eq!(details["address2"], "Headingley");
    assert_eq!(details["phoneNumber"], Value::Null);

    let path = format!(
        "/api/v1/application/{id}/applicant/{}/contact",
        alan.as_str().unwrap()
    );
    let (status, read) = app.call(Method::GET, &path, Some(&token), None).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(read["address2"], "Headingley");

    // POST replaces the whole set: what it leaves out is cleared.
    let (status, replaced) = app
        .call(
            Method::POST,
            &path,
            Some(&token),
            Some(json!({ "address1": "Flat 2", "address2": "14 Park Road", "cityName": "York", "postcode": "YO1 7HH" })),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{replaced}");
    let details = &replaced["applicants"][0]["contactDetails"];
    assert_eq!(details["cityName"], "York");
    assert_eq!(details["emailAddress"], Value::Null);

    // Another firm's adviser cannot read or change them.
    let other = app.token("adviser3@example.com").await;
    assert_eq!(
        app.call(Method::GET, &path, Some(&other), None).await.0,
        StatusCode::NOT_FOUND
    );
    let mut body = alan_contact();
    body["applicantId"] = alan.clone();
    let (status, refused) = patch_contact(&app, &other, body).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert_eq!(refused["detail"], "Applicant not found");
}

#[tokio::test(flavor = "multi_thread")]
async fn bad_contact_input_is_refused_by_field_and_nothing_saved() {
    let app = TestApp::spawn().await;
    let token = app.token("adviser1@example.com").await;
    let (id, applicants) = app.quoted_application(&token, false).await;
    let alan = &applicants[0];

    let (status, body) =
        patch_contact(&app, &token, json!({ "applicantId": alan, "postcode": 12 })).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(fields(&body), ["postcode"]);
    let (status, body) = patch_contact(
        &app,
        &token,
        json!({ "applicantId": alan, "town": "Leeds" }),
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(fields(&body), ["town"]);
    let (status, body) = patch_contact(&app, &token, json!({ "postcode": "LS1 4AP" })).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(fields(&body), ["applicantId"]);
    let (status, body) = patch_contact(
        &app,
        &token,
        json!({ "applicantId": "nobody", "postcode": "LS1 4AP" }),
    )
    .await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert_eq!(body["detail"], "Applicant not found");

    let (status, body) = patch_contact(
        &app,
        &token,
        json!({
            "applicantId": alan, "address1": "x".repeat(41), "postcode": "LS1",
            "phoneNumber": "0909 879 0000", "emailAddress": "alan@"
        }),
    )
    .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        fields(&body),
        ["address1", "postcode", "phoneNumber", "emailAddress"]
    );
    assert_eq!(
        message_of(&body, "address1"),
        "Address line 1 must be 40 characters or fewer"
    );
    assert_eq!(message_of(&body, "emailAddress"), "Invalid email");

    // A temporary address is refused on the field with its own message.
    let (status, body) = patch_contact(
        &app,
        &token,
        json!({ "applicantId": alan, "emailAddress": "alan@mailinator.com" }),
    )
    .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    assert_eq!(fields(&body), ["emailAddress"]);
    assert!(message_of(&body, "emailAddress").contains("temporary email address"));

    let (_, stored) = app.get_application(&token, &id).await;
    assert_eq!(
        stored["applicants"][0]["contactDetails"],
        Value::Null,
        "nothing was saved"
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn the_page_questions_follow_the_advisers_flags() {
    let app = TestApp::spawn().await;
    // adviser3 (Harbour Protection): always advised, reference read-only, quote-date override,
    // indemnity fixed at 50%.
    let token = app.token("adviser3@example.com").await;
    let (id, _) = app.quoted_application(&token, false).await;

    let (status, body) = post(
        &app,
        &token,
        "application/isAdvisedSale",
        json!({ "id": id, "isAdvisedSale": false }),
    )
    .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        message_of(&body, "isAdvisedSale"),
        "Sales by this adviser are always advised"
    );
    let (status, body) = post(
        &app,
        &token,
        "application/isAdvisedSale",
        json!({ "id": id, "isAdvisedSale": true }),
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(body["isAdvisedSale"], true);

    let (status, body) = post(
        &app,
        &token,
        "application/thirdPartyRef",
        json!({ "id": id, "thirdPartyRef": "HP-1" }),
    )
    .await;
    assert_eq!(status, StatusCode::CONFLICT);
    assert_eq!(
        body["detail"],
        "Your reference can't be changed for this adviser"
    );

    let (status, body) = post(
        &app,
        &token,
        "application/commission",
        json!({ "id": id, "initialIndemnityPercentage": 100 }),
    )
    .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        message_of(&body, "initialIndemnityPercentage"),
        "Indemnity is fixed at 50% for this adviser"
    );
    let (status, body) = post(
        &app,
        &token,
        "application/commission",
        json!({ "id": id, "initialCommissionSacrificePercentage": 10 }),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["initialIndemnityPercentage"], 50.0);
    assert_eq!(
        body["quote"],
        Value::Null,
        "a commission change needs a new price"
    );

    // The override lets this adviser keep the quote for up to 90 days from its creation.
    let (_, body) = app
        .call(
            Method::GET,
            &format!("/api/v1/backendforfrontend/application/{id}/quotePrice"),
            Some(&token),
            None,
        )
        .await;
    let created = chrono::NaiveDate::parse_from_str(
        body["quote"]["quoteCreatedDate"].as_str().unwrap(),
        "%Y-%m-%d",
    )
    .unwrap();
    let day = |days: u64| (created + chrono::Days::new(days)).to_string();
    let (status, body) = post(
        &app,
        &token,
        "application/quoteDate",
        json!({ "applicationId": id, "quoteValidUntilDate": day(90) }),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["validUntil"], day(90));
    let (status, body) = post(
        &app,
        &token,
        "application/quoteDate",
        json!({ "applicationId": id, "quoteValidUntilDate": day(91) }),
    )
    .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        message_of(&body, "quoteValidUntilDate"),
        "This date is invalid"
    );

    // adviser1 has no override: 31 days is too far; a malformed date is a 400.
    let token1 = app.token("adviser1@example.com").await;
    let (id1, _) = app.quoted_application(&token1, false).await;
    let (status, body) = post(
        &app,
        &token1,
        "application/quoteDate",
        json!({ "applicationId": id1, "quoteValidUntilDate": day(31) }),
    )
    .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    let (status, body) = post(
        &app,
        &token1,
        "application/quoteDate",
        json!({ "applicationId": id1, "quoteValidUntilDate": "31/12/2026" }),
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(fields(&body), ["quoteValidUntilDate"]);
    let (status, body) = post(
        &app,
        &token1,
        "application/thirdPartyRef",
        json!({ "id": id1, "thirdPartyRef": " NFP-42 " }),
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(body["thirdPartyRef"], "NFP-42");
    let (status, body) = post(
        &app,
        &token1,
        "application/commission",
        json!({ "id": id1, "initialIndemnityPercentage": 40 }),
    )
    .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(
        message_of(&body, "initialIndemnityPercentage").contains("hybrid commission is not set up")
    );
    let (status, body) = post(
        &app,
        &token1,
        "application/isMortgageRelated",
        json!({ "id": id1, "isMortgageRelated": "yes" }),
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(fields(&body), ["isMortgageRelated"]);
    let (status, body) = post(
        &app,
        &token1,
        "application/policyStartDate",
        json!({ "id": id1, "policyStartDateOption": "later" }),
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(fields(&body), ["policyStartDateOption"]);
    let (status, body) = post(
        &app,
        &token1,
        "application/policyStartDate",
        json!({ "id": id1, "policyStartDateOption": "dontKnow" }),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["policyStartDateOption"], "dontKnow");

    app.keep_history(&id, "contact-reference-and-commission")
        .await;
    app.keep_history(&id1, "contact-valid-until-and-reference")
        .await;
}

#[tokio::test(flavor = "multi_thread")]
async fn applying_names_everything_missing_then_moves_to_the_apply_stage() {
    let app = TestApp::spawn().await;
    let token = app.token("adviser1@example.com").await;
    let (id, applicants) = app.quoted_application(&token, true).await;
    let (alan, ada) = (&applicants[0], &applicants[1]);

    let apply = json!({ "applicationId": id });
    let (status, body) = post(&app, &token, "application/ApplyApplication", apply.clone()).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    let missing = fields(&body);
    for field in [
        "applicants[0].isAcceptedPreUnderwritingDeclaration",
        "contactDetails",
        "applicants[0].postcode",
        "applicants[1].emailAddress",
        "isMortgageRelated",
        "isAdvisedSale",
    ] {
        assert!(
            missing.contains(&field.to_owned()),
            "{field} missing from {missing:?}"
        );
    }

    let mut body = alan_contact();
    body["applicantId"] = alan.clone();
    assert_eq!(patch_contact(&app, &token, body).await.0, StatusCode::OK);
    let (status, _) = patch_contact(
        &app,
        &token,
        json!({ "applicantId": ada, "phoneNumber": "07700 900123", "emailAddress": "ada@example.com" }),
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    // Ada shares Alan's address; she cannot share her own.
    let (status, body) = post(
        &app,
        &token,
        "applicant/sameAddressApplicantId",
        json!({ "applicantId": ada, "sameAddressApplicantId": ada }),
    )
    .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        message_of(&body, "sameAddressApplicantId"),
        "A client cannot share an address with themselves"
    );
    let (status, _) = post(
        &app,
        &token,
        "applicant/sameAddressApplicantId",
        json!({ "applicantId": ada, "sameAddressApplicantId": alan }),
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(
        post(
            &app,
            &token,
            "application/isMortgageRelated",
            json!({ "id": id, "isMortgageRelated": true })
        )
        .await
        .0,
        StatusCode::OK
    );
    assert_eq!(
        post(
            &app,
            &token,
            "application/isAdvisedSale",
            json!({ "id": id, "isAdvisedSale": true })
        )
        .await
        .0,
        StatusCode::OK
    );

    // The contact-details page is now complete; the declarations are still missing.
    let (_, stored) = app.get_application(&token, &id).await;
    let page = stored["sections"]
        .as_array()
        .unwrap()
        .iter()
        .find(|s| s["id"] == "plandetails")
        .unwrap()
        .clone();
    assert_eq!(page["isComplete"], true);
    let (status, body) = post(&app, &token, "application/ApplyApplication", apply.clone()).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        fields(&body),
        [
            "applicants[0].isAcceptedPreUnderwritingDeclaration",
            "applicants[1].isAcceptedPreUnderwritingDeclaration"
        ]
    );

    for applicant in [alan, ada] {
        let path = format!(
            "/api/v1/application/{id}/applicant/{}/acceptPreUnderwritingDeclaration",
            applicant.as_str().unwrap()
        );
        let (status, body) = app.call(Method::POST, &path, Some(&token), None).await;
        assert_eq!(status, StatusCode::OK, "{body}");
    }
    let (status, applied) = app
        .call(
            Method::POST,
            "/api/v1/backendforfrontend/application/ApplyApplication",
            Some(&token),
            Some(json!({ "applicationId": id })),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{applied}");
    assert_eq!(applied["status"], "APPLY");
    assert_eq!(applied["isQuoteEditable"], false);
    assert!(
        applied["applicants"]
            .as_array()
            .unwrap()
            .iter()
            .all(|a| a["isAcceptedPreUnderwritingDeclaration"] == true)
    );

    // Applied: a second application and quote changes are refused; contact details may still
    // be corrected until underwriting starts.
    let (status, body) = post(&app, &token, "application/ApplyApplication", apply).await;
    assert_eq!(status, StatusCode::CONFLICT);
    assert_eq!(
        body["detail"],
        "This application has already been applied for"
    );
    let (status, _) = post(
        &app,
        &token,
        "application/isMortgageRelated",
        json!({ "id": id, "isMortgageRelated": false }),
    )
    .await;
    assert_eq!(status, StatusCode::CONFLICT);
    let (status, _) = patch_contact(
        &app,
        &token,
        json!({ "applicantId": alan, "phoneNumber": "07700 900456" }),
    )
    .await;
    assert_eq!(status, StatusCode::OK);

    app.keep_history(&id, "contact-details-and-applying").await;
}

#[tokio::test(flavor = "multi_thread")]
async fn addresses_are_looked_up_by_postcode_and_id() {
    let app = TestApp::spawn().await;
    let token = app.token("adviser1@example.com").await;
    let lookup = |postcode: &str| format!("/api/v1/backendforfrontend/address/lookup/{postcode}");

    let known = first_gazetteer_postcode();
    let spaced = known.to_lowercase().replace(' ', "");
    let (status, found) = app
        .call(Method::GET, &lookup(&spaced), Some(&token), None)
        .await;
    assert_eq!(status, StatusCode::OK, "{found}");
    assert_eq!(found["postcode"], known);
    assert_eq!(found["isSample"], true);
    let addresses = found["addresses"].as_array().unwrap();
    assert!(!addresses.is_empty());
    assert!(
        addresses
            .iter()
            .all(|a| a["postcode"] == known && a["town"].is_string())
    );

    let id = addresses[0]["id"].as_str().unwrap();
    let (status, one) = app
        .call(
            Method::GET,
            &format!("/api/v1/backendforfrontend/address/{id}"),
            Some(&token),
            None,
        )
        .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(one, addresses[0]);
    let (status, missing) = app
        .call(
            Method::GET,
            "/api/v1/backendforfrontend/address/gz-none",
            Some(&token),
            None,
        )
        .await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert_eq!(missing["detail"], "Address not found");

    // A valid postcode we hold nothing for answers an empty list; an invalid one is a 400.
    let (status, none) = app
        .call(Method::GET, &lookup("ex4 4qj"), Some(&token), None)
        .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(none["postcode"], "EX4 4QJ");
    assert_eq!(none["addresses"], json!([]));
    let (status, bad) = app
        .call(Method::GET, &lookup("LS1"), Some(&token), None)
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(fields(&bad), ["postcode"]);
    // Signed-in advisers only.
    assert_eq!(
        app.call(Method::GET, &lookup(&spaced), None, None).await.0,
        StatusCode::UNAUTHORIZED
    );
}

/// The first postcode in the shipped sample gazetteer.
fn first_gazetteer_postcode() -> String {
    let text =
        std::fs::read_to_string(crate::support::workspace().join("product/address/gazetteer.csv"))
            .unwrap();
    let row = text
        .lines()
        .find(|l| l.starts_with("gz-"))
        .expect("the gazetteer has addresses");
    row.rsplit(',').next().unwrap().trim().to_owned()
}

#[tokio::test(flavor = "multi_thread")]
async fn the_email_check_answers_valid_or_says_why_not() {
    let app = TestApp::spawn().await;
    let token = app.token("adviser1@example.com").await;
    let check = |email: &str| {
        format!(
            "/api/v2/backendforfrontend/validate/email?email={}",
            url_escape(email)
        )
    };

    let (status, body) = app.call(Method::GET, &check(""), Some(&token), None).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(message_of(&body, "email"), "Please enter an email address");
    let (status, body) = app
        .call(Method::GET, &check("jane@"), Some(&token), None)
        .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(
        body,
        json!({ "isValid": false, "status": "FailureSyntax", "message": "Invalid email" })
    );
    // A provider on the sample blocked list gets §5's message, word for word.
    let (_, body) = app
        .call(Method::GET, &check("jane@qq.com"), Some(&token), None)
        .await;
    assert_eq!(body["isValid"], false);
    assert_eq!(body["status"], "FailureBlacklist");
    assert_eq!(
        body["message"],
        "Unfortunately, we can’t accept this email address due to specific email providers blocking our emails. Please use an alternative email address to make sure this client will be able to receive future communications from us."
    );
    let (_, body) = app
        .call(
            Method::GET,
            &check("jane@mailinator.com"),
            Some(&token),
            None,
        )
        .await;
    assert_eq!(
        (body["isValid"].clone(), body["status"].clone()),
        (json!(false), json!("FailureDisposable"))
    );
    // DNS is off in tests: the domain cannot be checked, so the address passes and says so.
    let (_, body) = app
        .call(Method::GET, &check("jane@example.com"), Some(&token), None)
        .await;
    assert_eq!(body["isValid"], true);
    assert_eq!(body["status"], "Unchecked");
    assert!(body["message"].as_str().unwrap().contains("couldn't check"));

    // An internationalised domain is checked in its punycode form (FC2): valid typed in Unicode
    // or punycode; a label UTS 46 refuses, or one over 63 characters once encoded, is not.
    for email in ["info@bücher.example", "info@xn--bcher-kva.example"] {
        let (status, body) = app
            .call(Method::GET, &check(email), Some(&token), None)
            .await;
        assert_eq!(status, StatusCode::OK, "{email}");
        assert_eq!(
            (body["isValid"].clone(), body["status"].clone()),
            (json!(true), json!("Unchecked")),
            "{email}"
        );
    }
    let too_long = format!("a@{}.de", "ü".repeat(58));
    for email in [
        "info@-bücher.example",
        "info@xn--a.example",
        too_long.as_str(),
    ] {
        let (_, body) = app
            .call(Method::GET, &check(email), Some(&token), None)
            .await;
        assert_eq!(
            body,
            json!({ "isValid": false, "status": "FailureSyntax", "message": "Invalid email" }),
            "{email}"
        );
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn an_email_at_an_internationalised_domain_is_saved_and_shown_as_typed() {
    let app = TestApp::spawn().await;
    let token = app.token("adviser1@example.com").await;
    let (_, applicants) = app.quoted_application(&token, false).await;
    let mut body = alan_contact();
    body["applicantId"] = applicants[0].clone();
    body["emailAddress"] = json!("Alan@Bücher.Example");
    let (status, saved) = patch_contact(&app, &token, body).await;
    assert_eq!(status, StatusCode::OK, "{saved}");
    assert_eq!(
        saved["applicants"][0]["contactDetails"]["emailAddress"],
        "Alan@bücher.example"
    );
    let (status, refused) = patch_contact(
        &app,
        &token,
        json!({ "applicantId": applicants[0], "emailAddress": "alan@bücher-.example" }),
    )
    .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{refused}");
    assert_eq!(message_of(&refused, "emailAddress"), "Invalid email");
}

fn url_escape(text: &str) -> String {
    text.bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'.' | b'-' | b'_' => (b as char).to_string(),
            other => format!("%{other:02X}"),
        })
        .collect()
}

/// Moves the valid-until date to `days` from today (within the extension window when ≤ 14).
async fn expiring_in(app: &TestApp, token: &str, id: &Value, days: u64) -> chrono::NaiveDate {
    let until = domain::dates::uk_date(chrono::Utc::now()) + chrono::Days::new(days);
    let (status, body) = post(
        app,
        token,
        "application/quoteDate",
        json!({ "applicationId": id, "quoteValidUntilDate": until.to_string() }),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    until
}

fn answers(applicant: &Value, value: &str) -> Value {
    let tags = [
        "DOH_NEW_SYMPTOMS",
        "DOH_TESTS_PENDING",
        "DOH_NEW_TREATMENT",
        "DOH_LIFESTYLE",
    ];
    json!({
        "applicantId": applicant,
        "allAnswers": tags.iter().map(|t| json!({ "tag": t, "value": value })).collect::<Vec<_>>()
    })
}

#[tokio::test(flavor = "multi_thread")]
async fn terms_running_out_are_extended_once_by_ninety_days_after_a_clean_declaration() {
    let app = TestApp::spawn().await;
    let token = app.token("adviser1@example.com").await;
    let (id, applicants) = app.quoted_application(&token, true).await;
    let base = format!("/api/v1/backendforfrontend/application/{id}");

    // A fresh quote (30 days left) is not offered an extension.
    let (status, fresh) = app
        .call(
            Method::GET,
            &format!("{base}/istermextensible"),
            Some(&token),
            None,
        )
        .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(
        (
            fresh["isTermExtensible"].clone(),
            fresh["showExtend"].clone()
        ),
        (json!(false), json!(false))
    );
    let (status, _) = app
        .call(
            Method::GET,
            &format!("{base}/triggerDeclarationOfHealthQuestions"),
            Some(&token),
            None,
        )
        .await;
    assert_eq!(status, StatusCode::CONFLICT);

    let until = expiring_in(&app, &token, &id, 10).await;
    let (_, offered) = app
        .call(
            Method::GET,
            &format!("{base}/istermextensible"),
            Some(&token),
            None,
        )
        .await;
    assert_eq!(offered["showExtend"], true);
    assert_eq!(
        offered["extendedValidUntil"],
        (until + chrono::Days::new(90)).to_string()
    );
    let (status, questions) = app
        .call(
            Method::GET,
            &format!("{base}/triggerDeclarationOfHealthQuestions"),
            Some(&token),
            None,
        )
        .await;
    assert_eq!(status, StatusCode::OK);
    let enquiries = questions["applicantEnquiries"].as_array().unwrap();
    assert_eq!(enquiries.len(), 2);
    assert_eq!(enquiries[0]["questions"].as_array().unwrap().len(), 4);

    // Every client answers every question.
    let complete = format!("{base}/completeTermExtension");
    let (status, body) = app
        .call(
            Method::POST,
            &complete,
            Some(&token),
            Some(json!({ "applicationId": id, "applicants": [answers(&applicants[0], "no")] })),
        )
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(fields(&body).len(), 4);
    assert!(
        fields(&body)
            .iter()
            .all(|f| f.starts_with("applicants[1]."))
    );
    let (status, body) = app
        .call(
            Method::POST,
            &complete,
            Some(&token),
            Some(json!({ "applicationId": 1, "applicants": [] })),
        )
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(fields(&body), ["applicationId"]);

    let clean = json!({ "applicationId": id, "applicants": [answers(&applicants[0], "no"), answers(&applicants[1], "No")] });
    let (status, extended) = app
        .call(Method::POST, &complete, Some(&token), Some(clean.clone()))
        .await;
    assert_eq!(status, StatusCode::OK, "{extended}");
    assert_eq!(
        extended["validUntil"],
        (until + chrono::Days::new(90)).to_string()
    );
    assert_eq!(extended["declarationOfHealthStatus"], "passed");
    assert_eq!(
        extended["extendedOnDate"],
        domain::dates::uk_date(chrono::Utc::now()).to_string()
    );
    assert_eq!(extended["showExtend"], false);
    let (status, again) = app
        .call(Method::POST, &complete, Some(&token), Some(clean))
        .await;
    assert_eq!(status, StatusCode::CONFLICT);
    assert_eq!(again["detail"], "Terms have already been extended once");

    app.keep_history(&id, "contact-terms-extended").await;
}

#[tokio::test(flavor = "multi_thread")]
async fn a_disclosed_change_in_health_blocks_the_extension_with_its_reasons() {
    let app = TestApp::spawn().await;
    let token = app.token("adviser1@example.com").await;
    let (id, applicants) = app.quoted_application(&token, false).await;
    let until = expiring_in(&app, &token, &id, 3).await;
    let complete = format!("/api/v1/backendforfrontend/application/{id}/completeTermExtension");
    let mut disclosed = answers(&applicants[0], "no");
    disclosed["allAnswers"][1]["value"] = json!("yes");
    let (status, failed) = app
        .call(
            Method::POST,
            &complete,
            Some(&token),
            Some(json!({ "applicationId": id, "applicants": [disclosed] })),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{failed}");
    assert_eq!(failed["declarationOfHealthStatus"], "failed");
    assert_eq!(
        failed["termExtensionReasons"],
        json!(["Client 1: Tests, investigations or referrals awaiting results"])
    );
    assert_eq!(
        failed["validUntil"],
        until.to_string(),
        "the terms stand as they were"
    );
    assert_eq!(failed["showExtend"], false);

    // A technical failure is recorded as an error on another case, which may try again.
    let (id2, _) = app.quoted_application(&token, false).await;
    expiring_in(&app, &token, &id2, 3).await;
    let (status, errored) = post(
        &app,
        &token,
        "application/hasFailedTermExtension",
        json!({ "id": id2 }),
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(errored["declarationOfHealthStatus"], "error");
    assert_eq!(errored["showExtend"], true);

    app.keep_history(&id2, "contact-extension-failed").await;
}

/// A local stand-in for Ideal Postcodes' API: one postcode found, any other not found, and
/// the key `busy` rate limited.
async fn fake_ideal_postcodes() -> String {
    use axum::extract::{Path, Query};
    use axum::http::StatusCode as Status;
    use std::collections::HashMap;
    async fn postcode(
        Path(postcode): Path<String>,
        Query(query): Query<HashMap<String, String>>,
    ) -> (Status, axum::Json<Value>) {
        if query.get("api_key").map(String::as_str) == Some("busy") {
            return (
                Status::TOO_MANY_REQUESTS,
                axum::Json(json!({ "code": 4290, "message": "Rate limit exceeded" })),
            );
        }
        if postcode.replace(' ', "").eq_ignore_ascii_case("SW1A2AA") {
            let address = json!({
                "line_1": "Prime Minister & First Lord of the Treasury", "line_2": "10 Downing Street",
                "line_3": "", "post_town": "LONDON", "county": "", "postcode": "SW1A 2AA", "udprn": 23747771
            });
            return (
                Status::OK,
                axum::Json(
                    json!({ "result": [address], "code": 2000, "message": "Success", "total": 1, "page": 0, "limit": 100 }),
                ),
            );
        }
        (
            Status::NOT_FOUND,
            axum::Json(json!({ "code": 4040, "message": "Postcode Not Found" })),
        )
    }
    let app = axum::Router::new().route("/v1/postcodes/{postcode}", axum::routing::get(postcode));
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let url = format!("http://{}", listener.local_addr().unwrap());
    tokio::spawn(async move { axum::serve(listener, app).await.unwrap() });
    url
}

#[tokio::test(flavor = "multi_thread")]
async fn the_production_address_adapter_is_chosen_by_configuration_and_its_refusals_mapped() {
    let fake = fake_ideal_postcodes().await;
    let settings = |key: &str| {
        vec![
            ("ADDRESS_LOOKUP", "ideal-postcodes".to_owned()),
            ("IDEAL_POSTCODES_URL", fake.clone()),
            ("IDEAL_POSTCODES_API_KEY", key.to_owned()),
        ]
    };
    let app = TestApp::spawn_with(&settings("ak_test")).await;
    let token = app.token("adviser1@example.com").await;
    let (status, found) = app
        .call(
            Method::GET,
            "/api/v1/backendforfrontend/address/lookup/sw1a2aa",
            Some(&token),
            None,
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{found}");
    assert_eq!(found["isSample"], false);
    assert_eq!(found["addresses"][0]["id"], "ip-23747771");
    assert_eq!(found["addresses"][0]["town"], "LONDON");
    let (status, none) = app
        .call(
            Method::GET,
            "/api/v1/backendforfrontend/address/lookup/LS1 4AP",
            Some(&token),
            None,
        )
        .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(none["addresses"], json!([]));

    let busy = TestApp::spawn_with(&settings("busy")).await;
    let token = busy.token("adviser1@example.com").await;
    let (status, refused) = busy
        .call(
            Method::GET,
            "/api/v1/backendforfrontend/address/lookup/SW1A 2AA",
            Some(&token),
            None,
        )
        .await;
    assert_eq!(status, StatusCode::TOO_MANY_REQUESTS);
    assert!(
        refused["detail"]
            .as_str()
            .unwrap()
            .contains("enter the address by hand")
    );
}
