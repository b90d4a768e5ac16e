//! Body extraction and ruby / emphasis masking (SPEC §2.1–2.2), building the `Document`.

use super::segment::Document;

/// Builds the whole text model of normalised `source`.
pub fn build(source: &str) -> Document<'_> {
    let _ = source;
    todo!("text model: body extraction, masking, paragraphs, sentences, sections")
}
