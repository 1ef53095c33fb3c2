//! Who may call what: one request made as each kind of caller the API tells apart, each answer
//! checked against the status that caller should get.

use super::TestApp;
use reqwest::{Method, StatusCode};
use serde_json::Value;

/// Every kind of caller: two clients (the case's and someone else), an adviser, their
/// assistant, customer care and its administrator, an underwriter, and nobody signed in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Caller {
    Client,
    OtherClient,
    Adviser,
    Assistant,
    Cca,
    CcaAdmin,
    Underwriter,
    NoToken,
}

impl Caller {
    pub const ALL: [Caller; 8] = [
        Caller::Client,
        Caller::OtherClient,
        Caller::Adviser,
        Caller::Assistant,
        Caller::Cca,
        Caller::CcaAdmin,
        Caller::Underwriter,
        Caller::NoToken,
    ];

    /// The development user signed in as this caller; none without a token.
    pub fn email(self) -> Option<&'static str> {
        match self {
            Caller::Client => Some("client1@example.com"),
            Caller::OtherClient => Some("client2@example.com"),
            Caller::Adviser => Some("adviser1@example.com"),
            Caller::Assistant => Some("assistant1@example.com"),
            Caller::Cca => Some("cca1@example.com"),
            Caller::CcaAdmin => Some("ccaadmin1@example.com"),
            Caller::Underwriter => Some("underwriter1@example.com"),
            Caller::NoToken => None,
        }
    }
}

/// A token for every kind of caller, signed in once.
pub struct Callers {
    tokens: Vec<(Caller, Option<String>)>,
}

impl Callers {
    pub async fn sign_in(app: &TestApp) -> Callers {
        let mut tokens = Vec::new();
        for caller in Caller::ALL {
            let token = match caller.email() {
                Some(email) => Some(app.token(email).await),
                None => None,
            };
            tokens.push((caller, token));
        }
        Callers { tokens }
    }

    /// The same callers with `caller` signed in with `token` instead (a client who signed up
    /// in the test, for example).
    pub fn with(mut self, caller: Caller, token: &str) -> Callers {
        for (who, held) in &mut self.tokens {
            if *who == caller {
                *held = Some(token.to_owned());
            }
        }
        self
    }

    /// The same callers but `left_out`: for a request that would change something when made
    /// as one of them.
    pub fn without(&self, left_out: &[Caller]) -> Callers {
        Callers {
            tokens: self
                .tokens
                .iter()
                .filter(|(who, _)| !left_out.contains(who))
                .cloned()
                .collect(),
        }
    }

    /// Makes the request as every caller and checks each one's status against `expected`;
    /// answers each caller's status and body, for checks of what a refusal says or leaves out.
    pub async fn expect(
        &self,
        app: &TestApp,
        method: Method,
        path: &str,
        body: Option<Value>,
        expected: impl Fn(Caller) -> StatusCode,
    ) -> Vec<(Caller, StatusCode, Value)> {
        let mut answers = Vec::new();
        for (caller, token) in &self.tokens {
            let (status, answer) = app
                .call(method.clone(), path, token.as_deref(), body.clone())
                .await;
            assert_eq!(
                status,
                expected(*caller),
                "{caller:?} {method} {path}: {answer}"
            );
            answers.push((*caller, status, answer));
        }
        answers
    }
}
