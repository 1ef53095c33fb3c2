//! What every handler can reach: configuration, the store, the workflows and token checking.

use crate::auth::TokenVerifier;
use crate::config::Config;
use crate::portal_settings::PortalSettings;
use crate::workflow_client::WorkflowClient;
use std::sync::Arc;
use store::Store;

#[derive(Debug, Clone)]
pub struct AppState {
    pub config: Arc<Config>,
    pub settings: Arc<PortalSettings>,
    pub store: Store,
    pub workflow_client: WorkflowClient,
    pub tokens: Arc<TokenVerifier>,
    /// The catalogue and pricing basis from `product/`.
    pub product: Arc<activities::Product>,
    /// The underwriting rulebook from `product/underwriting/`: the interview, the lists its
    /// questions search, and the rules.
    pub rulebook: Arc<activities::Rulebook>,
    /// GP surgeries for the AMRA look-up (the sample list in `product/surgeries/`).
    pub surgeries: Arc<dyn activities::surgeries::SurgeryDirectory>,
    /// The address look-up chosen by `ADDRESS_LOOKUP`.
    pub addresses: Arc<dyn activities::AddressLookup>,
    /// Confirmation of Payee for the bank check (`COP_URL`), or none configured.
    pub payee: Arc<dyn activities::PayeeCheck>,
    /// The email check: lists from `product/email/` and DNS per `EMAIL_DNS`.
    pub emails: Arc<activities::EmailChecker>,
    /// Each application's owner, once looked up (see [`crate::owners`]).
    pub owners: Arc<crate::owners::Owners>,
    /// Web chat: who is connected, and the tickets that open a socket (in this process).
    pub chat: Arc<chat::ChatHub>,
    /// How long a case not taken up is kept (`product/retention.json`), for the worker's sweep.
    pub retention: domain::retention::RetentionPeriod,
    /// The Temporal payload codec for `/codec/decode` and `/codec/encode`, built once from the
    /// key ring the store's sealer and the Temporal client use.
    pub codec: workflows::codec::EncryptingCodec,
}
