//! Everything noveler writes or reads back from disk: atomic writes, locks, sha256 file
//! references, the JSON result envelope and its hash index, artifacts, sessions, backups and
//! the content-hash cache. Manuscript decoding lives here too (`text`).
// Only cli/ and mcp/ print (tests/architecture.rs checks the stream handles).
#![deny(clippy::print_stdout, clippy::print_stderr)]

pub mod artifact;
pub mod atomic;
pub mod backup;
pub mod baseline;
pub mod cache;
pub mod clock;
pub mod confine;
pub mod corpus_baseline;
pub mod dictionary;
pub mod disk;
pub mod envelope;
pub(crate) mod failpoint;
pub mod fileref;
pub mod index;
pub mod install;
pub mod journal;
pub mod lock;
pub mod logs;
pub mod memory;
pub mod paths;
pub mod sessions;
pub mod slots;
pub mod text;
pub mod transaction;
pub mod uri;
pub mod yaml;

pub use atomic::write_atomic;
pub use envelope::Envelope;
pub use fileref::FileRef;
