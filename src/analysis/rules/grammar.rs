//! Rules of aspect `grammar` (SPEC §4).

use super::Rule;

pub(super) static RULES: &[&dyn Rule] = &[];
