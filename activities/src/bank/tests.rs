use super::*;
use domain::bank_details::BankDetailsForm;
use futures::FutureExt;
use futures::future::BoxFuture;
use std::sync::atomic::{AtomicUsize, Ordering};

/// Counts the CoP calls and always matches.
#[derive(Debug, Default)]
struct Counting(AtomicUsize);

impl PayeeCheck for Counting {
    fn confirm<'a>(&'a self, _details: &'a BankDetails) -> BoxFuture<'a, BankCheckResult> {
        self.0.fetch_add(1, Ordering::SeqCst);
        async { BankCheckResult::Authenticated }.boxed()
    }
}

fn product() -> Product {
    let dir = std::path::Path::new(
        &std::env::var_os("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR"),
    )
    .join("../product");
    Product::load(&dir).unwrap()
}

fn details(sort_code: &str, account: &str) -> BankDetails {
    BankDetailsForm {
        name: Some("Mr A Turing".into()),
        account_number: Some(account.into()),
        sort_code: Some(sort_code.into()),
        collection_day: Some(1),
        payer_confirmed: Some(true),
    }
    .parse()
    .unwrap()
}

#[tokio::test]
async fn a_number_that_fails_the_modulus_check_is_refused_without_asking_the_bank() {
    let (product, payee) = (product(), Counting::default());
    // Vocalink's case 29: fails its modulus 10 check.
    let result = check_bank_details(&product, &payee, &details("089999", "66374959")).await;
    assert_eq!(result, BankCheckResult::FailedModulusCheck);
    assert_eq!(payee.0.load(Ordering::SeqCst), 0);
    // Case 1 passes, and the name is then asked about.
    let result = check_bank_details(&product, &payee, &details("089999", "66374958")).await;
    assert_eq!(result, BankCheckResult::Authenticated);
    assert_eq!(payee.0.load(Ordering::SeqCst), 1);
    // A sort code the table does not list cannot be modulus-checked: the bank is asked.
    check_bank_details(&product, &payee, &details("000001", "12345678")).await;
    assert_eq!(payee.0.load(Ordering::SeqCst), 2);
}
