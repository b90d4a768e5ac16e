//! The corpus' encoding copies through the binary: a Shift_JIS file is named with its
//! encoding (U003), a CRLF copy reads exactly like its LF original.

use crate::common::{code, corpus, json, run, sample, stderr};

pub fn shift_jis_file_from_the_corpus_is_named_with_its_encoding() {
    let Some(enc) = corpus("encodings") else {
        return;
    };
    let dir = sample();
    let file = enc.join("akutagawa_rashomon.sjis-crlf.txt");
    let out = run(
        dir.path(),
        &[
            "check",
            file.to_str().unwrap(),
            "1",
            "--no-save",
            "--format",
            "json",
        ],
    );
    assert_eq!(code(&out), 2);
    let v = json(&out);
    let errors = v["result"]["errors"].as_array().unwrap();
    assert_eq!(errors.len(), 1);
    assert_eq!(errors[0]["code"], "U003");
    assert!(errors[0]["path"]
        .as_str()
        .unwrap()
        .ends_with("akutagawa_rashomon.sjis-crlf.txt"));
    assert!(errors[0]["message"].as_str().unwrap().contains("Shift_JIS"));
    // The other target is still checked.
    assert_eq!(v["result"]["files"].as_array().unwrap().len(), 1);
    // Text mode names the file and the encoding on stderr.
    let out = run(dir.path(), &["check", file.to_str().unwrap(), "--no-save"]);
    assert_eq!(code(&out), 2);
    let err = stderr(&out);
    assert!(err.contains("akutagawa_rashomon.sjis-crlf.txt"), "{err}");
    assert!(err.contains("Shift_JIS"), "{err}");
    assert!(err.contains("U003"), "{err}");
}

pub fn utf8_crlf_file_from_the_corpus_reads_like_its_lf_copy() {
    let (Some(enc), Some(aozora)) = (corpus("encodings"), corpus("aozora")) else {
        return;
    };
    let dir = sample();
    let crlf = enc.join("dazai_hashire_merosu.utf8-crlf.txt");
    let lf = aozora.join("dazai_hashire_merosu.txt");
    let out = run(
        dir.path(),
        &[
            "check",
            crlf.to_str().unwrap(),
            lf.to_str().unwrap(),
            "--format",
            "json",
            "--no-save",
        ],
    );
    assert!(matches!(code(&out), 0 | 1), "{}", stderr(&out));
    let v = json(&out);
    let files = v["result"]["files"].as_array().unwrap();
    assert_eq!(files.len(), 2);
    assert_eq!(files[0]["metrics"], files[1]["metrics"]);
    assert_eq!(
        files[0]["findings"].as_array().unwrap().len(),
        files[1]["findings"].as_array().unwrap().len()
    );
    assert!(
        files[0]["metrics"]["length_stats"]["body_chars"]
            .as_u64()
            .unwrap()
            > 5000
    );
}
