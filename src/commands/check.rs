//! `noveler check`: the deterministic manuscript check.
