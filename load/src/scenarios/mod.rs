//! One module per `--scenario`. Each measures against a portal already running (`make run`),
//! but `chaos` (and `journeys`, the same run without faults) and `search`, which start the
//! processes they need ([`crate::cluster`]).

pub mod activate;
pub mod bank;
pub mod chaos;
pub mod chat;
pub mod edit;
pub mod qi;
pub mod quote;
pub mod search;
pub mod underwriting;
