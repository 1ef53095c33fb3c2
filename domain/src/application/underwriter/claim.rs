//! Claiming a referred case: it shows as the underwriter's on the workbench, and only its
//! holder works on it. Another underwriter may take it over (a colleague on leave, a case that
//! needs a senior underwriter); every claim, take-over and release is kept.

use super::super::Application;
use super::Claim;
use crate::errors::Rejection;
use crate::underwriting::manual::Underwriter;
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// `POST /underwriter/cases/{applicationId}/claim`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ClaimCase {
    pub underwriter: Underwriter,
}

/// `POST /underwriter/cases/{applicationId}/release`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ReleaseCase {
    pub underwriter: Underwriter,
}

/// What happened to the claim.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", tag = "kind")]
pub enum ClaimEventKind {
    Claimed,
    /// Taken over from the underwriter who held it.
    TakenOver {
        from: Underwriter,
    },
    Released,
    /// The referral ended (decided or requoted) while the underwriter held it.
    Ended,
}

/// One change of hands.
// Its schema is written out below: a flattened tagged enum derives an `allOf` of a `oneOf`,
// which client generators cannot read (docs/decisions.md OA4).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ClaimEvent {
    pub at: DateTime<Utc>,
    pub underwriter: Underwriter,
    #[serde(flatten)]
    pub kind: ClaimEventKind,
}

impl utoipa::PartialSchema for ClaimEvent {
    fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
        use utoipa::openapi::schema::{KnownFormat, ObjectBuilder, Ref, SchemaFormat, Type};
        let underwriter = || Ref::from_schema_name(<Underwriter as ToSchema>::name());
        ObjectBuilder::new()
            .description(Some("One change of hands."))
            .property(
                "at",
                ObjectBuilder::new()
                    .schema_type(Type::String)
                    .format(Some(SchemaFormat::KnownFormat(KnownFormat::DateTime))),
            )
            .required("at")
            .property("underwriter", underwriter())
            .required("underwriter")
            .property(
                "kind",
                ObjectBuilder::new()
                    .schema_type(Type::String)
                    .enum_values(Some(["claimed", "takenOver", "released", "ended"]))
                    .description(Some(
                        "`claimed`; `takenOver` from the underwriter in `from`; `released`; \
                         `ended` (the referral was decided or requoted while held).",
                    )),
            )
            .required("kind")
            .property("from", underwriter())
            .into()
    }
}

impl ToSchema for ClaimEvent {
    fn schemas(
        schemas: &mut Vec<(
            String,
            utoipa::openapi::RefOr<utoipa::openapi::schema::Schema>,
        )>,
    ) {
        use utoipa::PartialSchema;
        schemas.push((Underwriter::name().into(), Underwriter::schema()));
        Underwriter::schemas(schemas);
    }
}

pub(crate) const NOT_YOURS: &str = "Only the underwriter working on this case can release it";

impl Application {
    /// Claims the case for `command.underwriter`, taking it over from whoever holds it;
    /// claiming a case already yours changes nothing.
    pub fn claim_case(&self, command: &ClaimCase, now: DateTime<Utc>) -> Result<Self, Rejection> {
        self.ensure_with_underwriting()?;
        let referral = &self.underwriting.referral;
        let kind = match &referral.claim {
            Some(claim) if claim.underwriter.id == command.underwriter.id => {
                return Ok(self.clone());
            }
            Some(claim) => ClaimEventKind::TakenOver {
                from: claim.underwriter.clone(),
            },
            None => ClaimEventKind::Claimed,
        };
        let mut next = self.clone();
        let referral = &mut next.underwriting.referral;
        referral.claim = Some(Claim {
            underwriter: command.underwriter.clone(),
            claimed_at: now,
        });
        referral.claims.push(ClaimEvent {
            at: now,
            underwriter: command.underwriter.clone(),
            kind,
        });
        Ok(next.touched(now))
    }

    /// Gives the case back to the workbench, unclaimed; only its holder may. Releasing a case
    /// nobody holds changes nothing.
    pub fn release_case(
        &self,
        command: &ReleaseCase,
        now: DateTime<Utc>,
    ) -> Result<Self, Rejection> {
        self.ensure_with_underwriting()?;
        match &self.underwriting.referral.claim {
            None => Ok(self.clone()),
            Some(claim) if claim.underwriter.id != command.underwriter.id => {
                Err(Rejection::conflict(NOT_YOURS))
            }
            Some(_) => {
                let mut next = self.clone();
                let referral = &mut next.underwriting.referral;
                referral.claim = None;
                referral.claims.push(ClaimEvent {
                    at: now,
                    underwriter: command.underwriter.clone(),
                    kind: ClaimEventKind::Released,
                });
                Ok(next.touched(now))
            }
        }
    }
}
