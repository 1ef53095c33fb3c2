use super::*;
use crate::applicant::{Gender, Smoking};
use crate::cover::Cover;
use crate::pricing::fixtures::cover;
use crate::product_codes::CoverType;
use crate::testkit::{basis, catalogue};

mod whole_application {
    use super::*;
    use crate::applicant::{Applicant, ApplicantDetails};
    use crate::ids::{AdviserId, ApplicantId, ApplicationId};
    use chrono::{TimeZone, Utc};

    fn day() -> NaiveDate {
        NaiveDate::from_ymd_opt(2026, 11, 22).unwrap()
    }

    fn client(id: &str, gender: Gender, born: (i32, u32, u32)) -> Applicant {
        Applicant::new(
            ApplicantId::parse(id).unwrap(),
            ApplicantDetails {
                gender: Some(gender),
                date_of_birth: NaiveDate::from_ymd_opt(born.0, born.1, born.2),
                smoking: Some(Smoking::NoneInFiveYears),
                ..Default::default()
            },
        )
    }

    fn application(applicants: Vec<Applicant>) -> Application {
        let mut app = Application::new(
            ApplicationId::new(100_001).unwrap(),
            AdviserId::parse("adviser1").unwrap(),
            None,
            Utc.with_ymd_and_hms(2026, 11, 22, 9, 0, 0).unwrap(),
        );
        app.applicants = applicants;
        app
    }

    fn termed(product: ProductType, amount: u64, term: u32, id: &str) -> Cover {
        let mut c = cover(product, CoverType::Level, amount);
        c.term = Some(term);
        c.id = id.into();
        c
    }

    #[test]
    fn two_clients_are_priced_with_a_policy_fee_each_and_the_total_adds_up() {
        let mut alan = client("a1", Gender::Male, (1985, 6, 23));
        alan.covers = vec![
            termed(ProductType::Life, 250_000, 25, "c1"),
            termed(ProductType::CriticalIllness, 50_000, 25, "c2"),
        ];
        let mut ada = client("a2", Gender::Female, (1988, 12, 10));
        ada.covers = vec![termed(ProductType::IncomeProtection, 2_000, 28, "c3")];
        let app = application(vec![alan, ada]);
        let quote = basis()
            .price_application(&catalogue(), &app, day(), "q1".into())
            .unwrap();
        assert_eq!(quote.quote_applicants.len(), 2);
        let fee = basis().policy_fee();
        for applicant in &quote.quote_applicants {
            let covers: Money = applicant.quote_covers.iter().map(|c| c.premium).sum();
            assert_eq!(applicant.premium, covers + fee);
        }
        let total: Money = quote.quote_applicants.iter().map(|a| a.premium).sum();
        assert_eq!(quote.premium, total);
        assert_eq!(quote.quote_age_date, day());
        let first = &quote.quote_applicants[0].quote_covers[0];
        assert_eq!(first.cover_id, "c1");
        let lines: Money = first.breakdown.iter().map(|l| l.amount).sum();
        assert!(
            lines.pence().abs_diff(first.premium.pence()) <= 2,
            "{lines} vs {}",
            first.premium
        );
        assert!(quote.lifetime_premium.unwrap() > quote.premium);
    }

    #[test]
    fn an_incomplete_or_out_of_limits_cover_is_named_by_field() {
        let mut alan = client("a1", Gender::Male, (1985, 6, 23));
        let mut incomplete = termed(ProductType::Life, 250_000, 25, "c1");
        incomplete.term = None;
        alan.covers = vec![
            incomplete,
            termed(ProductType::CriticalIllness, 50_000, 60, "c2"),
        ];
        let rejection = basis()
            .price_application(&catalogue(), &application(vec![alan]), day(), "q".into())
            .unwrap_err();
        let fields: Vec<&str> = rejection.errors.iter().map(|e| e.field.as_str()).collect();
        assert_eq!(
            fields,
            [
                "applicants[0].covers[0].term",
                "applicants[0].covers[1].term"
            ]
        );
        assert_eq!(
            rejection.errors[1].message,
            "Term must be between 2 and 50 years"
        );
    }

    #[test]
    fn a_client_without_cover_cannot_be_priced() {
        let mut alan = client("a1", Gender::Male, (1985, 6, 23));
        alan.covers = vec![termed(ProductType::Life, 250_000, 25, "c1")];
        let ada = client("a2", Gender::Female, (1988, 12, 10));
        let rejection = basis()
            .price_application(
                &catalogue(),
                &application(vec![alan, ada]),
                day(),
                "q".into(),
            )
            .unwrap_err();
        assert_eq!(
            rejection.errors[0].message,
            "Price needs at least one cover for both applicants"
        );
    }
}

mod decision_quote {
    use super::*;
    use crate::decision::Decision;
    use crate::testkit::{decided, quoted_couple};

    /// The couple with Alan's cover loaded by 50% and Ada's declined.
    fn loaded_and_declined() -> Application {
        let alan = decided(
            &quoted_couple(),
            "a1",
            &[("c1", Decision::NonStandardTerms, 50)],
        );
        decided(&alan, "a2", &[("c2", Decision::Declined, 0)])
    }

    fn quoted(app: &Application) -> Quote {
        basis()
            .price_decision(&catalogue(), app, crate::testkit::today(), "d1".into())
            .unwrap()
    }

    fn cover<'q>(quote: &'q Quote, id: &str) -> &'q QuoteCover {
        quote
            .quote_applicants
            .iter()
            .flat_map(|a| &a.quote_covers)
            .find(|c| c.cover_id == id)
            .unwrap()
    }

    #[test]
    fn a_loading_raises_the_covers_premium_by_its_percentage_and_says_so() {
        let app = loaded_and_declined();
        let before = basis()
            .price_application(
                &catalogue(),
                &quoted_couple(),
                crate::testkit::today(),
                "q".into(),
            )
            .unwrap();
        let after = quoted(&app);
        let (base, loaded) = (cover(&before, "c1").premium, cover(&after, "c1").premium);
        assert_eq!(
            loaded.pence(),
            (base.pence() as f64 * 1.5).round() as u64,
            "{base:?} -> {loaded:?}"
        );
        assert_eq!(
            cover(&after, "c1").decision,
            Some(Decision::NonStandardTerms)
        );
        let line = cover(&after, "c1").breakdown.last().unwrap();
        assert_eq!(line.label, "Underwriting loading of 50%");
        assert_eq!(line.amount.pence(), loaded.pence() - base.pence());
    }

    #[test]
    fn a_declined_cover_is_left_out_and_its_client_pays_no_fee() {
        let after = quoted(&loaded_and_declined());
        let declined = cover(&after, "c2");
        assert_eq!(
            (declined.premium.pence(), declined.decision),
            (0, Some(Decision::Declined))
        );
        assert!(declined.breakdown.is_empty());
        let ada = &after.quote_applicants[1];
        assert_eq!(ada.premium.pence(), 0);
        let alan = &after.quote_applicants[0];
        let fee = basis().policy_fee();
        assert_eq!(alan.premium, cover(&after, "c1").premium + fee);
        assert_eq!(after.premium, alan.premium);
    }

    #[test]
    fn the_unloaded_premium_is_the_covers_kept_before_their_loadings() {
        let before = basis()
            .price_application(
                &catalogue(),
                &quoted_couple(),
                crate::testkit::today(),
                "q".into(),
            )
            .unwrap();
        let after = quoted(&loaded_and_declined());
        assert_eq!(
            after.unloaded_premium,
            Some(cover(&before, "c1").premium + basis().policy_fee())
        );
        // Standard terms for both: the decision quote is the quote.
        let standard = decided(
            &decided(
                &quoted_couple(),
                "a1",
                &[("c1", Decision::StandardTerms, 0)],
            ),
            "a2",
            &[("c2", Decision::StandardTerms, 0)],
        );
        let same = quoted(&standard);
        assert_eq!(same.premium, before.premium);
        assert_eq!(same.unloaded_premium, Some(before.premium));
    }

    #[test]
    fn there_is_no_decision_quote_before_the_decision() {
        let alan_only = decided(
            &quoted_couple(),
            "a1",
            &[("c1", Decision::StandardTerms, 0)],
        );
        let refused = basis()
            .price_decision(
                &catalogue(),
                &alan_only,
                crate::testkit::today(),
                "d".into(),
            )
            .unwrap_err();
        assert_eq!(refused.message, crate::application::NOT_AT_DECISION);
    }
}
