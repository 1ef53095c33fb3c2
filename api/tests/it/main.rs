//! The API's integration tests, one binary (decision AW7): each module is a suite, driving a real
//! portal over HTTP against one Temporal dev server shared by the whole binary (a namespace and a
//! task queue for each test app) and a fresh database per test. Run one suite with
//! `cargo test -p api --test it quote::`.

mod support;

mod access;
mod amra;
mod apply_stage;
mod at_rest;
mod audit;
mod care;
mod case_handlers;
mod chat;
mod client_portal;
mod codec_web_ui;
mod decision;
mod encryption;
mod every_endpoint;
mod idempotency;
mod identity;
mod journey;
mod openapi;
mod policies;
mod private_health;
mod qi;
mod quote;
mod quote_corners;
mod quote_stage;
mod retention;
mod set_up;
mod shell;
mod sign_in_limits;
mod spa;
mod timeline;
mod token_attacks;
mod underwriter;
mod underwriting;
