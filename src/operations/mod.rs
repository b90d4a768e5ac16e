//! The operations the verbs and the workflow share, each implemented once: check a
//! manuscript or a text (`check`), write a manuscript the safe way (`write`), fix one
//! (`fix`), and keep the automatic records (`records`). They sit below both `commands` and
//! `workflow` — a verb or a writing stage calls an operation, never another verb — and each
//! takes the caller's `Ctx` (cancellation, progress, clock, confinement, save policy) and
//! the project the caller has already loaded.
// Only cli/ and mcp/ print (tests/architecture.rs checks the stream handles).
#![deny(clippy::print_stdout, clippy::print_stderr)]

pub mod check;
mod context;
pub mod convert;
pub mod fix;
pub mod records;
pub mod write;

pub use context::{Ctx, ProgressFn};
