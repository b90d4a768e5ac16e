//! Prints the text model of a file (debug aid): `cargo run --example textmodel_dump FILE`.
fn main() {
    let Some(path) = std::env::args().nth(1) else {
        eprintln!("usage: textmodel_dump FILE");
        std::process::exit(2);
    };
    let raw = match std::fs::read_to_string(&path) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("{path}: {e}");
            std::process::exit(2);
        }
    };
    let src = noveler::analysis::Source::new(&raw);
    let doc = noveler::analysis::Document::parse(&src.text);
    for p in &doc.paragraphs {
        println!(
            "P{} {:?} sec{} [{}]",
            p.line + 1,
            p.kind,
            p.section,
            doc.paragraph_text(p)
        );
        for s in &doc.sentences[p.sentences.clone()] {
            println!(
                "   S len={} commas={} [{}]",
                s.length,
                s.commas,
                doc.sentence_text(s)
            );
        }
    }
    println!(
        "body_chars={} classes={:?} dialogue_chars={} sections={}",
        doc.body_chars,
        doc.classes,
        doc.dialogue_chars,
        doc.sections.len()
    );
    let m = noveler::analysis::metrics::compute(&doc, &noveler::analysis::Settings::default());
    println!("{}", serde_json::to_string_pretty(&m).unwrap_or_default());
}
