//! The instant-decision rate of the rulebook over a generated population: each applicant
//! answers the real interview (through `EnquiryRecord`, as the portal does), the rules run as
//! the worker runs them, and an applicant counts as decided at the point of sale when no cover
//! waits for an underwriter.
//!
//! The population is synthetic, drawn with a fixed seed from rough UK adult prevalences (build,
//! smoking, drinking, occupation classes, the commoner conditions); it is there to show how the
//! sample rulebook behaves, not to price anything.
//!
//! Run: `cargo run --release -p activities --example underwriting_population -- [N] [SEED]`

use activities::underwriting::Rulebook;
use chrono::{Datelike, NaiveDate, TimeZone, Utc};
use domain::cover::{Cover, Rider};
use domain::product_codes::{ProductType, RiderType};
use domain::underwriting::Answer;
use domain::underwriting::record::{EnquiryKind, EnquiryRecord, ProvideAnswers};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use std::collections::BTreeMap;
use std::path::Path;

fn answer(tag: &str, value: impl Into<String>) -> Answer {
    Answer {
        tag: tag.into(),
        value: value.into(),
    }
}

/// A normal draw by Box-Muller, so only `rand` is needed.
fn normal(rng: &mut StdRng, mean: f64, sd: f64) -> f64 {
    let (u, v): (f64, f64) = (rng.r#gen::<f64>().max(1e-12), rng.r#gen());
    mean + sd * (-2.0 * u.ln()).sqrt() * (2.0 * std::f64::consts::PI * v).cos()
}

fn chance(rng: &mut StdRng, p: f64) -> bool {
    rng.r#gen::<f64>() < p
}

fn date_years_ago(today: NaiveDate, years: f64) -> String {
    (today - chrono::Duration::days((years * 365.25) as i64))
        .format("%Y-%m-%d")
        .to_string()
}

/// One applicant's answers (and the backed options they choose).
fn applicant(
    rng: &mut StdRng,
    rulebook: &Rulebook,
    today: NaiveDate,
) -> (Vec<Answer>, Vec<Answer>) {
    let male = chance(rng, 0.5);
    let age = rng.gen_range(18..=64);
    let born = NaiveDate::from_ymd_opt(today.year() - age, 6, 15).unwrap();
    let smoking = if chance(rng, 0.13) {
        "Yes"
    } else if chance(rng, 0.1) {
        "NoneInTwelveMonths"
    } else {
        "NoneInFiveYears"
    };
    let details = vec![
        answer("GENDER", if male { "Male" } else { "Female" }),
        answer("BIRTHDATE", born.format("%Y-%m-%d").to_string()),
        answer("SMOKING_GFS", smoking),
    ];
    let height: f64 = normal(rng, if male { 1.76 } else { 1.63 }, 0.07).clamp(1.45, 2.05);
    let bmi = normal(rng, 27.0, 4.8).clamp(16.0, 52.0);
    let weight = (bmi * height * height).clamp(35.0, 200.0);
    let mut a = vec![
        answer("HEIGHT_UNITS", "metric"),
        answer("HEIGHT", format!("{height:.2}")),
        answer("WEIGHT_UNITS", "metric"),
        answer("WEIGHT", format!("{weight:.1}")),
        answer("EARNINGS", format!("{}", rng.gen_range(15_000..90_000))),
        answer(
            "HAZARDOUS_DUTIES",
            if chance(rng, 0.02) { "Yes" } else { "No" },
        ),
    ];
    if smoking == "Yes" {
        a.push(answer(
            "CIGARETTES_PER_DAY",
            format!(
                "{}",
                rng.gen_range(1..30) + if chance(rng, 0.03) { 20 } else { 0 }
            ),
        ));
    }
    if a.iter()
        .any(|x| x.tag == "HAZARDOUS_DUTIES" && x.value == "Yes")
    {
        a.push(answer(
            "HAZARDOUS_DUTIES_DETAILS",
            "Occasional work at height",
        ));
    }
    let units = match rng.r#gen::<f64>() {
        p if p < 0.80 => rng.gen_range(0..=14),
        p if p < 0.93 => rng.gen_range(15..=35),
        p if p < 0.975 => rng.gen_range(36..=50),
        p if p < 0.993 => rng.gen_range(51..=70),
        _ => rng.gen_range(71..=100),
    };
    a.push(answer("ALCOHOL_UNITS", units.to_string()));
    if chance(rng, 0.06) {
        a.push(answer("DRUGS", "Yes"));
        let drug = if chance(rng, 0.75) {
            "cannabis"
        } else if chance(rng, 0.9) {
            "cocaine"
        } else {
            "heroin"
        };
        a.push(answer("DRUGS_TYPE", drug));
        a.push(answer(
            "DRUGS_LAST_USED",
            date_years_ago(today, rng.gen_range(0.1..5.0)),
        ));
    } else {
        a.push(answer("DRUGS", "No"));
    }
    if chance(rng, 0.04) {
        a.push(answer("HAZARDOUS_PURSUITS", "Yes"));
        let pursuits = [
            "diving",
            "diving",
            "motor-racing",
            "mountaineering",
            "parachuting",
            "private-aviation",
            "diving-deep",
        ];
        a.push(answer(
            "PURSUIT_TYPE",
            pursuits[rng.gen_range(0..pursuits.len())],
        ));
    } else {
        a.push(answer("HAZARDOUS_PURSUITS", "No"));
    }
    if chance(rng, 0.10) {
        a.push(answer("TRAVEL", "Yes"));
        let region = if chance(rng, 0.02) {
            "conflict-zone"
        } else {
            "asia"
        };
        a.push(answer("TRAVEL_REGION", region));
        a.push(answer(
            "TRAVEL_WEEKS",
            format!(
                "{}",
                if chance(rng, 0.1) {
                    rng.gen_range(13..40)
                } else {
                    rng.gen_range(1..=12)
                }
            ),
        ));
        a.push(answer(
            "TRAVEL_RETURN",
            (today + chrono::Duration::days(60))
                .format("%Y-%m-%d")
                .to_string(),
        ));
    } else {
        a.push(answer("TRAVEL", "No"));
    }
    // Conditions by rough adult prevalence, and their follow-up answers.
    let mut conditions: Vec<(&str, Vec<Answer>)> = Vec::new();
    let young = f64::from(age as u32) / 64.0;
    if chance(rng, 0.05 + 0.15 * young) {
        conditions.push((
            "everyday-high-blood-pressure",
            vec![
                answer(
                    "HYPERTENSION_CONTROLLED",
                    if chance(rng, 0.8) { "Yes" } else { "No" },
                ),
                answer(
                    "HYPERTENSION_DIAGNOSED",
                    date_years_ago(today, rng.gen_range(0.5..10.0)),
                ),
            ],
        ));
    }
    if chance(rng, 0.09) {
        conditions.push((
            "everyday-asthma",
            vec![
                answer(
                    "ASTHMA_ADMISSIONS",
                    if chance(rng, 0.93) {
                        "0"
                    } else if chance(rng, 0.7) {
                        "1"
                    } else {
                        "3"
                    },
                ),
                answer(
                    "ASTHMA_ORAL_STEROIDS",
                    if chance(rng, 0.1) { "Yes" } else { "No" },
                ),
            ],
        ));
    }
    if chance(rng, 0.12) {
        conditions.push((
            if chance(rng, 0.5) {
                "everyday-depression"
            } else {
                "everyday-anxiety"
            },
            vec![
                answer(
                    "MENTAL_HEALTH_TIME_OFF",
                    if chance(rng, 0.7) {
                        "0".to_owned()
                    } else {
                        rng.gen_range(1..30).to_string()
                    },
                ),
                answer(
                    "MENTAL_HEALTH_SELF_HARM",
                    if chance(rng, 0.03) { "Yes" } else { "No" },
                ),
            ],
        ));
    }
    if chance(rng, 0.01 + 0.06 * young) {
        let hba1c: f64 = normal(rng, 53.0, 8.0).clamp(35.0, 110.0);
        conditions.push((
            "everyday-type-2-diabetes",
            vec![
                answer(
                    "DIABETES_TYPE",
                    if chance(rng, 0.1) { "type1" } else { "type2" },
                ),
                answer(
                    "DIABETES_DIAGNOSED",
                    date_years_ago(today, rng.gen_range(0.5..12.0)),
                ),
                answer("DIABETES_HBA1C", format!("{hba1c:.0}")),
                answer(
                    "DIABETES_COMPLICATIONS",
                    if chance(rng, 0.07) { "Yes" } else { "No" },
                ),
            ],
        ));
    }
    if chance(rng, 0.07) {
        conditions.push((
            "everyday-back-pain",
            vec![answer(
                "BACK_TIME_OFF",
                if chance(rng, 0.75) {
                    "0".to_owned()
                } else {
                    rng.gen_range(1..30).to_string()
                },
            )],
        ));
    }
    if chance(rng, 0.005 + 0.02 * young) {
        conditions.push((
            "everyday-angina",
            vec![answer(
                "HEART_EVENT_DATE",
                date_years_ago(today, rng.gen_range(0.2..8.0)),
            )],
        ));
    }
    if chance(rng, 0.012) {
        conditions.push((
            "everyday-melanoma",
            vec![
                answer(
                    "CANCER_TREATMENT_ENDED",
                    date_years_ago(today, rng.gen_range(0.3..12.0)),
                ),
                answer("CANCER_BENIGN", if chance(rng, 0.2) { "Yes" } else { "No" }),
            ],
        ));
    }
    if chance(rng, 0.10) {
        let minor = [
            "everyday-hay-fever",
            "everyday-migraine",
            "everyday-eczema",
            "everyday-acid-reflux",
            "everyday-broken-bone",
            "everyday-high-cholesterol",
            "everyday-underactive-thyroid",
        ];
        conditions.push((minor[rng.gen_range(0..minor.len())], vec![]));
    }
    if chance(rng, 0.03) {
        conditions.push(("everyday-gallstones", vec![]));
    }
    if chance(rng, 0.02) {
        conditions.push((
            "J98.4",
            vec![
                answer("OTHER_CONDITION_DETAILS", "Investigated, no treatment now"),
                answer(
                    "OTHER_CONDITION_ONGOING",
                    if chance(rng, 0.4) { "Yes" } else { "No" },
                ),
            ],
        ));
    }
    if conditions.is_empty() {
        a.push(answer("HAS_CONDITIONS", "No"));
    } else {
        a.push(answer("HAS_CONDITIONS", "Yes"));
        let mut ids: Vec<&str> = conditions
            .iter()
            .map(|(id, _)| *id)
            .filter(|id| rulebook.conditions.get(id).is_some())
            .collect();
        ids.dedup();
        a.push(answer("CONDITIONS", ids.join("|")));
        for (_, follow) in conditions {
            for f in follow {
                if !a.iter().any(|x| x.tag == f.tag) {
                    a.push(f);
                }
            }
        }
    }
    if chance(rng, 0.10) {
        a.push(answer("FAMILY_HISTORY", "Yes"));
        let which = [
            "heart",
            "heart",
            "breast-ovarian",
            "bowel",
            "other-cancer",
            "diabetes",
            "huntingtons",
        ];
        a.push(answer(
            "FAMILY_HISTORY_CONDITIONS",
            which[rng.gen_range(0..which.len())],
        ));
        a.push(answer(
            "FAMILY_HISTORY_COUNT",
            if chance(rng, 0.25) { "2" } else { "1" },
        ));
    } else {
        a.push(answer("FAMILY_HISTORY", "No"));
    }
    a.push(answer(
        "GP_REGISTERED_SINCE",
        date_years_ago(today, rng.gen_range(0.5..20.0)),
    ));
    if chance(rng, 0.03) {
        a.push(answer("GP_PENDING", "Yes"));
        a.push(answer("GP_PENDING_DETAILS", "Awaiting a blood test result"));
    } else {
        a.push(answer("GP_PENDING", "No"));
    }
    (details, a)
}

fn occupation(rng: &mut StdRng, rulebook: &Rulebook) -> String {
    // Mostly office and light manual work, as among protection buyers.
    let names: Vec<String> = rulebook.occupations.all().map(|o| o.id.clone()).collect();
    let pick = |rng: &mut StdRng, class: &str| {
        let of: Vec<&String> = names
            .iter()
            .filter(|n| {
                rulebook
                    .occupations
                    .get(n)
                    .is_some_and(|o| o.category == class)
            })
            .collect();
        of[rng.gen_range(0..of.len())].clone()
    };
    match rng.r#gen::<f64>() {
        p if p < 0.55 => pick(rng, "1"),
        p if p < 0.80 => pick(rng, "2"),
        p if p < 0.93 => pick(rng, "3"),
        p if p < 0.985 => pick(rng, "4"),
        p if p < 0.997 => pick(rng, "refer"),
        _ => pick(rng, "decline"),
    }
}

fn main() {
    let mut args = std::env::args().skip(1);
    let count: usize = args.next().and_then(|a| a.parse().ok()).unwrap_or(1000);
    let seed: u64 = args.next().and_then(|a| a.parse().ok()).unwrap_or(2026);
    let rulebook = Rulebook::load(
        &Path::new(&std::env::var_os("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR"))
            .join("../product"),
    )
    .expect("rulebook");
    let mut rng = StdRng::seed_from_u64(seed);
    let today = NaiveDate::from_ymd_opt(2026, 11, 24).unwrap();
    let at = Utc.with_ymd_and_hms(2026, 11, 24, 12, 0, 0).unwrap();
    let cover = |id: &str, product: ProductType| Cover::new(id.into(), product);
    let mut life_tpd = cover("life-tpd", ProductType::Life);
    life_tpd.riders.push(Rider {
        id: "life-tpd-tpd".into(),
        rider_type: RiderType::Tpd,
        cover_amount: None,
        errors: vec![],
    });
    let cohorts: [(&str, Vec<Cover>); 3] = [
        ("life", vec![cover("life", ProductType::Life)]),
        (
            "life with critical illness",
            vec![cover("aci", ProductType::AcceleratedCriticalIllness)],
        ),
        (
            "income protection",
            vec![cover("ip", ProductType::IncomeProtection)],
        ),
    ];
    let mut instant = [0usize; 3];
    let mut by_outcome: [BTreeMap<String, usize>; 3] = Default::default();
    let mut fired: BTreeMap<String, usize> = BTreeMap::new();
    let started = std::time::Instant::now();
    for i in 0..count {
        let (details, answers) = applicant(&mut rng, &rulebook, today);
        let record = EnquiryRecord::start(
            &rulebook.interview,
            format!("e{i}"),
            domain::ApplicantId::parse(&format!("a{i}")).expect("a valid applicant id"),
            EnquiryKind::Full,
            details,
            true,
            at,
        );
        let occupation = occupation(&mut rng, &rulebook);
        let mut all = answers;
        all.insert(0, answer("OCCUPATION", occupation));
        let options = rulebook.resolve(&all);
        let record = record
            .provide(
                &rulebook.interview,
                &ProvideAnswers {
                    answers: all,
                    options,
                },
                today,
                at,
            )
            .unwrap_or_else(|e| panic!("applicant {i}: {e:?}"));
        let record = record.accept_post_declaration(at).unwrap();
        record
            .check_closeable(&rulebook.interview, today)
            .unwrap_or_else(|e| panic!("applicant {i} cannot close: {e:?}"));
        for (c, (_, covers)) in cohorts.iter().enumerate() {
            let outcome = rulebook.outcome(&record, covers, today, at).unwrap();
            if outcome.is_instant() {
                instant[c] += 1;
            }
            *by_outcome[c]
                .entry(outcome.covers[0].decision.code().to_owned())
                .or_default() += 1;
            if c == 1 {
                for e in &outcome.covers[0].explanations {
                    *fired.entry(e.rule.clone()).or_default() += 1;
                }
            }
        }
    }
    let elapsed = started.elapsed();
    println!(
        "Sample rulebook {} over {count} generated applicants (seed {seed}):",
        rulebook.version()
    );
    println!("| cover | decided at the point of sale | outcomes |");
    println!("|---|---|---|");
    for (c, (name, _)) in cohorts.iter().enumerate() {
        let outcomes: Vec<String> = by_outcome[c]
            .iter()
            .map(|(k, v)| format!("{k} {v}"))
            .collect();
        println!(
            "| {name} | {:.1} % | {} |",
            100.0 * instant[c] as f64 / count as f64,
            outcomes.join(", ")
        );
    }
    let mut top: Vec<(&String, &usize)> = fired.iter().collect();
    top.sort_by(|a, b| b.1.cmp(a.1));
    let top: Vec<String> = top
        .iter()
        .take(10)
        .map(|(r, n)| format!("{r} {n}"))
        .collect();
    println!(
        "Rules most often behind life with CI outcomes: {}",
        top.join(", ")
    );
    println!(
        "{} interviews answered and decided three times in {:.2} s",
        count,
        elapsed.as_secs_f64()
    );
}
