//! The address a request came from: the TCP peer the server accepted, which `main.rs` and the
//! test harness record by serving with `into_make_service_with_connect_info`. Forwarded headers
//! (`X-Forwarded-For`) are not read: any client can send them, so trusting them would let one
//! machine pose as many. Behind a load balancer every request shares the balancer's address;
//! limits per address are then shared too, which is why they are set higher than per account.

use axum::extract::{ConnectInfo, FromRequestParts};
use axum::http::request::Parts;
use std::convert::Infallible;
use std::net::{IpAddr, SocketAddr};

/// The peer's IP address; `None` when the server was started without connection info (all
/// such requests then count as one address).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PeerAddress(pub Option<IpAddr>);

impl<S: Send + Sync> FromRequestParts<S> for PeerAddress {
    type Rejection = Infallible;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Self, Self::Rejection> {
        Ok(PeerAddress(
            parts
                .extensions
                .get::<ConnectInfo<SocketAddr>>()
                .map(|ConnectInfo(peer)| peer.ip().to_canonical()),
        ))
    }
}

impl std::fmt::Display for PeerAddress {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.0 {
            Some(ip) => ip.fmt(f),
            None => f.write_str("unknown"),
        }
    }
}
