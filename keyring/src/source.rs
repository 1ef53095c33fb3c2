//! Where a process finds its keys, read once per source, and the key file's upkeep: created
//! for development, a new key appended to rotate.

use crate::keys::{KeyRing, KeyRingError, new_key_line};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::{Arc, OnceLock};

#[derive(Clone)]
enum Origin {
    /// Keys given in an environment variable (`PORTAL_PAYLOAD_KEYS`).
    Inline(String),
    /// A key file an operator keeps (`PORTAL_PAYLOAD_KEYS_FILE`).
    File(PathBuf),
    /// The development key file, made with one new key if it is not there yet.
    DevelopmentFile(PathBuf),
    /// None configured: every use is refused with what to set.
    Unset,
}

/// Where the keys are, and the ring once read: every client and worker made from one
/// configuration shares one ring (one read of the file, one newest key).
#[derive(Clone)]
pub struct KeySource {
    origin: Origin,
    newest: Option<String>,
    loaded: Arc<OnceLock<KeyRing>>,
}

impl std::fmt::Debug for KeySource {
    /// Says where the keys are, never what they are.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "KeySource({})", self.describe())
    }
}

impl KeySource {
    fn new(origin: Origin, newest: Option<String>) -> Self {
        Self {
            origin,
            newest: newest.filter(|n| !n.trim().is_empty()),
            loaded: Arc::default(),
        }
    }

    /// Keys given as text (`id:base64` entries separated by commas or new lines).
    pub fn inline(text: impl Into<String>, newest: Option<String>) -> Self {
        Self::new(Origin::Inline(text.into()), newest)
    }

    /// Keys in a file that must exist.
    pub fn file(path: impl Into<PathBuf>, newest: Option<String>) -> Self {
        Self::new(Origin::File(path.into()), newest)
    }

    /// Keys in a development file, created with one new key when missing.
    pub fn development_file(path: impl Into<PathBuf>, newest: Option<String>) -> Self {
        Self::new(Origin::DevelopmentFile(path.into()), newest)
    }

    /// No keys: a process that needs them refuses to start, saying what to set.
    pub fn unset() -> Self {
        Self::new(Origin::Unset, None)
    }

    /// Where the keys come from, for messages.
    pub fn describe(&self) -> String {
        match &self.origin {
            Origin::Inline(_) => "PORTAL_PAYLOAD_KEYS".to_owned(),
            Origin::File(path) => format!("the file {}", path.display()),
            Origin::DevelopmentFile(path) => {
                format!("the development key file {}", path.display())
            }
            Origin::Unset => "the environment (neither variable is set)".to_owned(),
        }
    }

    /// The ring, read on first use.
    pub fn ring(&self) -> Result<KeyRing, KeyRingError> {
        if let Some(ring) = self.loaded.get() {
            return Ok(ring.clone());
        }
        let newest = self.newest.as_deref();
        let ring = match &self.origin {
            Origin::Inline(text) => KeyRing::parse(text, newest)?,
            Origin::File(path) => KeyRing::parse(&read(path)?, newest)?,
            Origin::DevelopmentFile(path) => {
                create_if_missing(path)?;
                KeyRing::parse(&read(path)?, newest)?
            }
            Origin::Unset => return Err(KeyRingError::NotConfigured),
        };
        Ok(self.loaded.get_or_init(|| ring).clone())
    }
}

fn read(path: &Path) -> Result<String, KeyRingError> {
    std::fs::read_to_string(path).map_err(|error| unreadable(path, &error))
}

fn unreadable(path: &Path, error: &std::io::Error) -> KeyRingError {
    KeyRingError::Unreadable {
        path: path.display().to_string(),
        reason: error.to_string(),
    }
}

const FILE_HEADER: &str = "# Payload encryption keys, one `id:base64-32-bytes` a line; the last is the newest\n\
     # (or the one PORTAL_PAYLOAD_KEY_ID names). Keep every key whose data may still be read.\n";

/// Creates a key file with one new key if there is none; answers whether it did. Processes
/// starting together agree on one file: it is written aside, then linked into place only if
/// no other process got there first.
pub fn create_if_missing(path: &Path) -> Result<bool, KeyRingError> {
    if path.exists() {
        return Ok(false);
    }
    if let Some(folder) = path.parent().filter(|p| !p.as_os_str().is_empty()) {
        std::fs::create_dir_all(folder).map_err(|e| unreadable(folder, &e))?;
    }
    let line =
        new_key_line(&new_key_id(&[])).map_err(|e| unreadable(path, &std::io::Error::other(e)))?;
    let aside = path.with_extension(format!("{}.new", std::process::id()));
    write_private(&aside, &format!("{FILE_HEADER}{line}\n"))?;
    let linked = std::fs::hard_link(&aside, path);
    let _ = std::fs::remove_file(&aside);
    match linked {
        Ok(()) => Ok(true),
        Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => Ok(false),
        Err(e) => Err(unreadable(path, &e)),
    }
}

/// Adds a new key at the end of the file (making it the newest) and answers its id: the
/// first step of a rotation. The file must already hold a valid ring.
pub fn append_new_key(path: &Path) -> Result<String, KeyRingError> {
    let existing = read(path)?;
    let ring = KeyRing::parse(&existing, None)?;
    let id = new_key_id(&ring.ids().collect::<Vec<_>>());
    let line = new_key_line(&id).map_err(|e| unreadable(path, &std::io::Error::other(e)))?;
    let separator = if existing.ends_with('\n') || existing.is_empty() {
        ""
    } else {
        "\n"
    };
    let mut file = std::fs::OpenOptions::new()
        .append(true)
        .open(path)
        .map_err(|e| unreadable(path, &e))?;
    file.write_all(format!("{separator}{line}\n").as_bytes())
        .map_err(|e| unreadable(path, &e))?;
    Ok(id)
}

/// `key-{seconds since 1970}`, with a suffix when a key of that second exists already.
fn new_key_id(taken: &[&str]) -> String {
    let seconds = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_secs())
        .unwrap_or_default();
    let base = format!("key-{seconds}");
    (0..)
        .map(|n| match n {
            0 => base.clone(),
            n => format!("{base}-{n}"),
        })
        .find(|id| !taken.contains(&id.as_str()))
        .unwrap_or(base)
}

/// Writes a file only its owner can read.
fn write_private(path: &Path, text: &str) -> Result<(), KeyRingError> {
    let mut options = std::fs::OpenOptions::new();
    options.write(true).create(true).truncate(true);
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::mode(&mut options, 0o600);
    let mut file = options.open(path).map_err(|e| unreadable(path, &e))?;
    file.write_all(text.as_bytes())
        .map_err(|e| unreadable(path, &e))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_development_file_is_made_once_and_then_kept() {
        let folder = tempfile::tempdir().unwrap();
        let path = folder.path().join("nested/payload-keys");
        let first = KeySource::development_file(&path, None).ring().unwrap();
        let text = std::fs::read_to_string(&path).unwrap();
        let again = KeySource::development_file(&path, None).ring().unwrap();
        assert_eq!(std::fs::read_to_string(&path).unwrap(), text);
        assert_eq!(first.newest_id(), again.newest_id());
        let sealed = first.seal(b"x", b"").unwrap();
        assert_eq!(
            again.open(&sealed.key_id, &sealed.bytes, b"").unwrap(),
            b"x"
        );
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let mode = std::fs::metadata(&path).unwrap().permissions().mode();
            assert_eq!(
                mode & 0o077,
                0,
                "the key file is readable by others: {mode:o}"
            );
        }
    }

    #[test]
    fn an_operators_file_must_exist_and_is_named_when_it_does_not() {
        let folder = tempfile::tempdir().unwrap();
        let path = folder.path().join("absent");
        let error = KeySource::file(&path, None).ring().unwrap_err();
        assert!(error.to_string().contains("absent"), "{error}");
        assert!(!path.exists());
    }

    #[test]
    fn appending_a_key_makes_it_newest_and_keeps_the_old_one() {
        let folder = tempfile::tempdir().unwrap();
        let path = folder.path().join("keys");
        create_if_missing(&path).unwrap();
        let old = KeySource::file(&path, None).ring().unwrap();
        let sealed = old.seal(b"old", b"").unwrap();
        let id = append_new_key(&path).unwrap();
        let rotated = KeySource::file(&path, None).ring().unwrap();
        assert_eq!(rotated.newest_id(), id);
        assert_ne!(id, old.newest_id());
        assert_eq!(
            rotated.open(&sealed.key_id, &sealed.bytes, b"").unwrap(),
            b"old"
        );
    }

    #[test]
    fn one_source_reads_once_so_its_clones_share_the_ring() {
        let source = KeySource::inline(new_key_line("a").unwrap(), None);
        let copy = source.clone();
        let sealed = source.ring().unwrap().seal(b"x", b"").unwrap();
        assert_eq!(
            copy.ring().unwrap().open("a", &sealed.bytes, b"").unwrap(),
            b"x"
        );
        assert_eq!(format!("{source:?}"), "KeySource(PORTAL_PAYLOAD_KEYS)");
    }

    #[test]
    fn no_keys_configured_says_what_to_set() {
        let error = KeySource::unset().ring().unwrap_err();
        assert!(
            error.to_string().contains("PORTAL_PAYLOAD_KEYS_FILE"),
            "{error}"
        );
    }
}
