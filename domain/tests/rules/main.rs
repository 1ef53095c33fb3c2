//! The rules of the spec checked against the shared vectors (`domain/vectors.json`, which the
//! SPA's vitest tests read too) and property tests of the parsers. One test binary, so a
//! change to `domain` links once rather than once per topic.

mod common;

mod addresses_vectors;
mod ages_vectors;
mod bank_details_vectors;
mod commission_vectors;
mod constants_vectors;
mod covers_vectors;
mod dates_vectors;
mod emails_vectors;
mod examiners_vectors;
mod formats_vectors;
mod journey_vectors;
mod measurements_vectors;
mod parser_properties;
mod phones_vectors;
mod postcodes_vectors;
mod sign_in_vectors;
mod vector_sources;
