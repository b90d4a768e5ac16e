//! Tasks, decision records (ADR) and per-task context for the author's agent (seed 004).
