//! `--scenario edit`: cover edits alone, with no creation beside them.

use crate::cli::Args;
use crate::http::expect_ok;
use crate::measure::{LoadClient, Measured, Samples};
use serde_json::json;
use std::time::Instant;

/// The edit scenario: commands alone, with no creation beside them. Each client takes a case
/// with one client and one cover (not measured), then edits the cover's amount `rounds` times
/// (`MutateCovers/edit`, the commonest command), against the bare no-op Update in the same run.
pub async fn run(http: &reqwest::Client, args: &Args, token: &str) -> anyhow::Result<()> {
    let measured = Measured {
        what: "cover edits",
        call: "cover edit (PATCH …/actions/MutateCovers/edit)",
        label: "the cover edit",
        samples: |all| &mut all.edit_cover,
    };
    measured.run(http, args, token, run_edits).await
}

/// Creates a case with one client and a cover (not measured), waits for every client, then
/// edits the cover `rounds` times.
async fn run_edits(client: LoadClient) -> anyhow::Result<Samples> {
    let (http, base, token) = (&client.http, &client.base, &client.token);
    let (rounds, ready) = (client.rounds, &client.ready);
    let set_up = async {
        let created = expect_ok(
            http.post(format!("{base}/api/v1/backendforfrontend/application/create"))
                .bearer_auth(token)
                .send()
                .await?,
        )
        .await?;
        let id = created["id"].clone();
        let client = json!({ "applicationId": id, "applicant": {
            "title": "Mr", "firstName": "Load", "lastName": "Edit", "gender": "male",
            "dateOfBirth": "1980-06-23", "smoking": "noneInFiveYears" } });
        let added = expect_ok(
            http.post(format!("{base}/api/v1/backendforfrontend/application/{id}/AddApplicant"))
                .bearer_auth(token)
                .json(&client)
                .send()
                .await?,
        )
        .await?;
        let applicant = added["applicants"][0]["id"].clone();
        let cover = json!({ "applicationId": id, "applicantId": applicant,
            "cover": { "productType": "life", "coverType": "level", "coverAmount": 250000, "term": 25 } });
        let covered = expect_ok(
            http.post(format!("{base}/api/v1/actions/MutateCovers/add"))
                .bearer_auth(token)
                .json(&cover)
                .send()
                .await?,
        )
        .await?;
        let cover_id = covered["applicants"][0]["covers"][0]["id"].clone();
        anyhow::Ok((id, applicant, cover_id))
    }
    .await;
    ready.wait().await;
    let (id, applicant, cover_id) = set_up?;
    let mut samples = Samples::default();
    for round in 0..rounds {
        let cover = json!({ "applicationId": id, "applicantId": applicant, "cover": { "id": cover_id,
            "productType": "life", "coverType": "level", "coverAmount": 200_000 + 1_000 * (round % 50), "term": 25 } });
        let started = Instant::now();
        expect_ok(
            http.patch(format!("{base}/api/v1/actions/MutateCovers/edit"))
                .bearer_auth(token)
                .json(&cover)
                .send()
                .await?,
        )
        .await?;
        samples.edit_cover.push(started.elapsed());
    }
    Ok(samples)
}
