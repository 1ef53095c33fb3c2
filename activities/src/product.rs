//! The insurer's product definition read from `product/`: the catalogue and the pricing basis.
//! Loaded once at start-up; a missing or inconsistent file stops the process with a message
//! naming the file and the problem, rather than letting it quote on a broken basis.

use domain::catalogue::Catalogue;
use domain::pricing::Basis;
use std::path::{Path, PathBuf};

/// The catalogue and pricing basis the worker prices with and the API describes.
#[derive(Debug, Clone)]
pub struct Product {
    pub catalogue: Catalogue,
    pub basis: Basis,
}

/// Why the product files could not be used, naming the file.
#[derive(Debug, thiserror::Error)]
#[error("{}: {message}", path.display())]
pub struct ProductError {
    pub path: PathBuf,
    pub message: String,
}

fn read(path: &Path) -> Result<String, ProductError> {
    std::fs::read_to_string(path).map_err(|e| ProductError {
        path: path.to_owned(),
        message: e.to_string(),
    })
}

impl Product {
    /// Reads `catalogue.json` and `pricing/basis.json` (with the tables it names) from `dir`.
    pub fn load(dir: &Path) -> Result<Self, ProductError> {
        let catalogue_path = dir.join("catalogue.json");
        let catalogue =
            Catalogue::parse(&read(&catalogue_path)?).map_err(|message| ProductError {
                path: catalogue_path,
                message,
            })?;
        let pricing = dir.join("pricing");
        let basis_path = pricing.join("basis.json");
        let read_table = |name: &str| {
            if name.contains(['/', '\\']) || name.starts_with('.') {
                return Err(format!("table {name:?} must be a file beside basis.json"));
            }
            std::fs::read_to_string(pricing.join(name)).map_err(|e| e.to_string())
        };
        let basis =
            Basis::parse(&read(&basis_path)?, read_table).map_err(|message| ProductError {
                path: basis_path,
                message,
            })?;
        Ok(Self { catalogue, basis })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn shipped() -> PathBuf {
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../product")
    }

    #[test]
    fn the_shipped_product_files_load() {
        let product = Product::load(&shipped()).unwrap();
        assert!(product.basis.label().starts_with("Sample"));
    }

    #[test]
    fn a_missing_or_broken_file_is_named() {
        let dir = std::env::temp_dir().join(format!("product-test-{}", std::process::id()));
        std::fs::create_dir_all(dir.join("pricing")).unwrap();
        let missing = Product::load(&dir).unwrap_err();
        assert!(missing.to_string().contains("catalogue.json"), "{missing}");
        std::fs::copy(shipped().join("catalogue.json"), dir.join("catalogue.json")).unwrap();
        std::fs::write(dir.join("pricing/basis.json"), "{\"label\": 1}").unwrap();
        let broken = Product::load(&dir).unwrap_err();
        assert!(broken.to_string().contains("basis.json"), "{broken}");
        std::fs::remove_dir_all(dir).unwrap();
    }
}
