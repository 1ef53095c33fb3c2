//! activities
