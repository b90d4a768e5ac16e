//! Rules of aspect `rhythm` (SPEC §4).

use super::Rule;

pub(super) static RULES: &[&dyn Rule] = &[];
