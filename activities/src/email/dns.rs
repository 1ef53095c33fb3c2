//! Whether a domain can receive mail, asked of the configured recursive resolvers through
//! hickory's resolver (UDP, with TCP when a reply is truncated). A resolver that is down, slow
//! or failing is never taken as an answer about the domain: only NXDOMAIN, or a clean NOERROR
//! without records, says "no mail server".

use hickory_resolver::config::{
    NameServerConfig, NameServerConfigGroup, ResolveHosts, ResolverConfig, ResolverOpts,
    ServerOrderingStrategy,
};
use hickory_resolver::name_server::TokioConnectionProvider;
use hickory_resolver::proto::ProtoErrorKind;
use hickory_resolver::proto::op::ResponseCode;
use hickory_resolver::proto::xfer::Protocol;
use hickory_resolver::{ResolveError, ResolveErrorKind, TokioResolver};
use std::net::SocketAddr;
use std::path::Path;
use std::time::Duration;

/// glibc reads at most this many `nameserver` lines (MAXNS); we follow the system.
const RESOLV_CONF_MAX_SERVERS: usize = 3;

/// The resolvers to ask, in order, and how long to wait for each.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DnsConfig {
    pub servers: Vec<SocketAddr>,
    pub timeout: Duration,
}

impl DnsConfig {
    /// Per resolver: long enough for a recursive look-up of an uncached domain, short enough
    /// that the adviser is not left waiting when DNS is down.
    pub const DEFAULT_TIMEOUT: Duration = Duration::from_secs(2);

    /// The system's resolvers from a resolv.conf file, in order, or None when there are none.
    pub fn from_resolv_conf(path: &Path, timeout: Duration) -> Option<Self> {
        let text = std::fs::read(path).ok()?;
        let (config, _) = hickory_resolver::system_conf::parse_resolv_conf(text).ok()?;
        let mut servers: Vec<SocketAddr> = Vec::new();
        for server in config.name_servers() {
            if !servers.contains(&server.socket_addr) {
                servers.push(server.socket_addr);
            }
        }
        servers.truncate(RESOLV_CONF_MAX_SERVERS);
        (!servers.is_empty()).then_some(Self { servers, timeout })
    }
}

/// What DNS says about a domain as a mail destination.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum MailDomain {
    /// MX records, or an address record standing in for them (RFC 5321 §5.1).
    AcceptsMail,
    /// NXDOMAIN, a null MX (RFC 7505), or neither MX nor address records.
    NoMailServer,
    /// No resolver gave a usable answer.
    Unknown,
}

/// The resolvers of a [`DnsConfig`], asked in the order given, each once per question.
pub(super) struct MailResolver {
    resolver: TokioResolver,
}

impl std::fmt::Debug for MailResolver {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("MailResolver").finish_non_exhaustive()
    }
}

impl MailResolver {
    pub(super) fn new(config: &DnsConfig) -> Self {
        let mut servers = NameServerConfigGroup::new();
        for &server in &config.servers {
            servers.push(NameServerConfig::new(server, Protocol::Udp));
            servers.push(NameServerConfig::new(server, Protocol::Tcp));
        }
        let mut options = ResolverOpts::default();
        options.timeout = config.timeout;
        options.attempts = 1;
        options.num_concurrent_reqs = 1;
        options.server_ordering_strategy = ServerOrderingStrategy::UserProvidedOrder;
        // The email check keeps its own cache of outcomes (see cache.rs).
        options.cache_size = 0;
        options.use_hosts_file = ResolveHosts::Never;
        let resolver = TokioResolver::builder_with_config(
            ResolverConfig::from_parts(None, Vec::new(), servers),
            TokioConnectionProvider::default(),
        )
        .with_options(options)
        .build();
        Self { resolver }
    }

    /// MX first; with none, A then AAAA, as a sending mail server would.
    pub(super) async fn look_up(&self, domain: &str) -> MailDomain {
        // Absolute, so no search domain is ever tried in its place.
        let name = format!("{}.", domain.trim_end_matches('.'));
        match self.resolver.mx_lookup(name.as_str()).await {
            Ok(mx) => {
                let records: Vec<_> = mx.iter().collect();
                // RFC 7505: a single MX of preference 0 to the root says "no mail here".
                let null_mx = matches!(records.as_slice(), [only] if only.preference() == 0 && only.exchange().is_root());
                return if null_mx {
                    MailDomain::NoMailServer
                } else if records.is_empty() {
                    self.look_up_addresses(&name).await
                } else {
                    MailDomain::AcceptsMail
                };
            }
            Err(error) => match absence(&error) {
                Some(Absence::NoSuchDomain) => return MailDomain::NoMailServer,
                Some(Absence::NoRecords) => {}
                None => return unknown(domain, &error),
            },
        }
        self.look_up_addresses(&name).await
    }

    async fn look_up_addresses(&self, name: &str) -> MailDomain {
        let v4 = self
            .resolver
            .ipv4_lookup(name)
            .await
            .map(|found| found.iter().count());
        match v4 {
            Ok(count) if count > 0 => return MailDomain::AcceptsMail,
            Ok(_) => {}
            Err(error) => match absence(&error) {
                Some(Absence::NoSuchDomain) => return MailDomain::NoMailServer,
                Some(Absence::NoRecords) => {}
                None => return unknown(name, &error),
            },
        }
        let v6 = self
            .resolver
            .ipv6_lookup(name)
            .await
            .map(|found| found.iter().count());
        match v6 {
            Ok(count) if count > 0 => MailDomain::AcceptsMail,
            Ok(_) => MailDomain::NoMailServer,
            Err(error) => match absence(&error) {
                Some(_) => MailDomain::NoMailServer,
                None => unknown(name, &error),
            },
        }
    }
}

/// What a definite negative answer says.
enum Absence {
    NoSuchDomain,
    NoRecords,
}

/// A definite "not there" from a resolver (NXDOMAIN, or NOERROR with no records of the type);
/// None for anything else: a timeout, a refusal, SERVFAIL, a broken reply.
fn absence(error: &ResolveError) -> Option<Absence> {
    let ResolveErrorKind::Proto(proto) = error.kind() else {
        return None;
    };
    match proto.kind() {
        ProtoErrorKind::NoRecordsFound { response_code, .. } => match *response_code {
            ResponseCode::NXDomain => Some(Absence::NoSuchDomain),
            ResponseCode::NoError => Some(Absence::NoRecords),
            _ => None,
        },
        _ => None,
    }
}

fn unknown(domain: &str, error: &ResolveError) -> MailDomain {
    tracing::debug!(domain, %error, "no resolver gave a usable answer");
    MailDomain::Unknown
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn resolv_conf_gives_nameservers_in_order_on_port_53() {
        let path = std::env::temp_dir().join(format!("resolv-{}.conf", std::process::id()));
        let text = "# generated\n; also a comment\nsearch example.com\n\
            nameserver 192.0.2.53\n  nameserver   2001:db8::53  # trailing note\n\
            options timeout:2\n\
            nameserver 198.51.100.53\nnameserver 203.0.113.53\n";
        std::fs::write(&path, text).unwrap();
        let config = DnsConfig::from_resolv_conf(&path, Duration::from_secs(1));
        std::fs::remove_file(&path).unwrap();
        let expected: Vec<SocketAddr> = ["192.0.2.53:53", "[2001:db8::53]:53", "198.51.100.53:53"]
            .iter()
            .map(|s| s.parse().unwrap())
            .collect();
        assert_eq!(
            config,
            Some(DnsConfig {
                servers: expected,
                timeout: Duration::from_secs(1)
            })
        );
    }

    #[test]
    fn resolv_conf_the_system_could_not_read_gives_none() {
        let path = std::env::temp_dir().join(format!("resolv-bad-{}.conf", std::process::id()));
        std::fs::write(&path, "nameserver not-an-address\n").unwrap();
        let config = DnsConfig::from_resolv_conf(&path, Duration::from_secs(1));
        std::fs::remove_file(&path).unwrap();
        assert_eq!(config, None);
    }

    #[test]
    fn resolv_conf_without_nameservers_or_missing_gives_none() {
        let path = std::env::temp_dir().join(format!("resolv-empty-{}.conf", std::process::id()));
        std::fs::write(&path, "# nameserver 192.0.2.53\nsearch example.com\n").unwrap();
        let config = DnsConfig::from_resolv_conf(&path, Duration::from_secs(1));
        std::fs::remove_file(&path).unwrap();
        assert_eq!(config, None);
        assert_eq!(
            DnsConfig::from_resolv_conf(
                Path::new("/nonexistent/resolv.conf"),
                Duration::from_secs(1)
            ),
            None
        );
    }
}
