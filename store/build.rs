//! Rebuilds the store when a migration is added or changed: `sqlx::migrate!` embeds the
//! migrations folder at compile time, and Cargo does not otherwise watch it, so a cached build
//! could ship without a new migration.
fn main() {
    println!("cargo:rerun-if-changed=migrations");
}
