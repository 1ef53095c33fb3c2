//! Cases taken over HTTP to where a measurement starts: the interview started, bank details
//! saved, or ready to be put in force. None of it is measured.

use crate::http::expect_ok;
use anyhow::{Context, bail};
use serde_json::{Value, json};
use std::time::{Duration, Instant};

/// Creates a case with one client and a cover, applies, and starts the client's interview;
/// answers the client's id.
pub async fn set_up_interview(
    http: &reqwest::Client,
    base: &str,
    token: &str,
) -> anyhow::Result<(Value, String)> {
    let send = |method: reqwest::Method, path: String, body: Option<Value>| {
        let mut request = http
            .request(method, format!("{base}/api/v1/{path}"))
            .bearer_auth(token);
        if let Some(body) = body {
            request = request.json(&body);
        }
        async move { expect_ok(request.send().await?).await }
    };
    use reqwest::Method;
    let created = send(
        Method::POST,
        "backendforfrontend/application/create".into(),
        None,
    )
    .await?;
    let id = created["id"].clone();
    let client = json!({ "applicationId": id, "applicant": {
        "title": "Mr", "firstName": "Load", "lastName": "Interview", "gender": "male",
        "dateOfBirth": "1980-06-23", "smoking": "noneInFiveYears" } });
    let added = send(
        Method::POST,
        format!("backendforfrontend/application/{id}/AddApplicant"),
        Some(client),
    )
    .await?;
    let applicant = added["applicants"][0]["id"]
        .as_str()
        .context("no applicant id")?
        .to_owned();
    let cover = json!({ "applicationId": id, "applicantId": applicant,
        "cover": { "productType": "life", "coverType": "level", "coverAmount": 250000, "term": 25 } });
    send(Method::POST, "actions/MutateCovers/add".into(), Some(cover)).await?;
    send(
        Method::GET,
        format!("backendforfrontend/application/{id}/quotePrice"),
        None,
    )
    .await?;
    let contact = json!({ "applicantId": applicant, "address1": "1 Station Road", "cityName": "Leeds",
        "postcode": "LS1 4AP", "phoneNumber": "0113 496 0000", "emailAddress": "load@example.com" });
    send(
        Method::PATCH,
        "backendforfrontend/applicant/contact".into(),
        Some(contact),
    )
    .await?;
    send(
        Method::POST,
        format!("application/{id}/applicant/{applicant}/acceptPreUnderwritingDeclaration"),
        None,
    )
    .await?;
    send(
        Method::POST,
        "backendforfrontend/application/isMortgageRelated".into(),
        Some(json!({ "id": id, "isMortgageRelated": false })),
    )
    .await?;
    send(
        Method::POST,
        "backendforfrontend/application/isAdvisedSale".into(),
        Some(json!({ "id": id, "isAdvisedSale": true })),
    )
    .await?;
    send(
        Method::POST,
        "backendforfrontend/application/ApplyApplication".into(),
        Some(json!({ "applicationId": id })),
    )
    .await?;
    let start = json!({ "answers": [{ "tag": "ENQUIRY_TYPE", "value": "Full" }] });
    send(
        Method::POST,
        format!("underwriting/{applicant}/start"),
        Some(start),
    )
    .await?;
    Ok((id, applicant))
}

/// A case at the end of set-up: bank details checked and confirmed, the start date now.
pub async fn ready_to_activate(
    http: &reqwest::Client,
    base: &str,
    token: &str,
) -> anyhow::Result<Value> {
    let id = set_up_bank(http, base, token).await?;
    for (path, body) in [
        (
            format!("api/v2/backendforfrontend/bankvalidation/{id}"),
            Value::Null,
        ),
        (
            format!("api/v1/backendforfrontend/bankValidation/{id}/override"),
            Value::Null,
        ),
        (
            "api/v1/backendforfrontend/application/policyStartDate".to_owned(),
            json!({ "id": id, "policyStartDateOption": "now", "policyStartDate": null }),
        ),
    ] {
        expect_ok(
            http.post(format!("{base}/{path}"))
                .bearer_auth(token)
                .json(&body)
                .send()
                .await?,
        )
        .await?;
    }
    Ok(id)
}

/// A case through the interview (nothing to disclose), the decision and Proceed, with bank
/// details saved; answers its reference.
pub async fn set_up_bank(http: &reqwest::Client, base: &str, token: &str) -> anyhow::Result<Value> {
    let (id, applicant) = set_up_interview(http, base, token).await?;
    let post = |path: String, body: Value| {
        let request = http
            .post(format!("{base}/api/v1/{path}"))
            .bearer_auth(token)
            .json(&body);
        async move { expect_ok(request.send().await?).await }
    };
    let answers: Vec<Value> = domain::testkit::PLAIN_ANSWERS
        .iter()
        .map(|(tag, value)| json!({ "tag": tag, "value": value }))
        .collect();
    post(
        format!("actions/provideanswers/{applicant}"),
        json!({ "answers": answers }),
    )
    .await?;
    post(
        "actions/acceptuwdeclaration".into(),
        json!({ "applicationId": id, "applicantId": applicant }),
    )
    .await?;
    post(format!("underwriting/{applicant}/close"), Value::Null).await?;
    // The closed enquiry's outcome reaches the application by a signal.
    let deadline = Instant::now() + Duration::from_secs(30);
    loop {
        let application = expect_ok(
            http.get(format!("{base}/api/v1/application/{id}"))
                .bearer_auth(token)
                .send()
                .await?,
        )
        .await?;
        if application["status"] == "DECISION" {
            break;
        }
        if Instant::now() > deadline {
            bail!("application {id} did not reach the decision");
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    post(format!("actions/TriggerDecisionQuote/{id}"), Value::Null).await?;
    post(format!("decision/{id}/proceed"), Value::Null).await?;
    post(
        format!("application/{id}/bankDetails"),
        json!({ "bankDetails": { "name": "Mr Load Interview", "accountNumber": "66374958",
            "sortCode": "089999", "collectionDay": 1, "payerConfirmed": true } }),
    )
    .await?;
    Ok(id)
}
