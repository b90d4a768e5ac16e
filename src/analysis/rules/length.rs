//! Rules of aspect `length` (SPEC §4).

use super::Rule;

pub(super) static RULES: &[&dyn Rule] = &[];
