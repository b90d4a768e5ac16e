//! Where the command line prints. `Sink::std()` is the process's stdout/stderr; a capturing
//! sink collects the text instead (the MCP `noveler` tool runs command lines in-process, and
//! the stdout of `noveler mcp` is the protocol). The sink is passed down to every verb, so
//! two runs on two threads never see each other's output.

use crate::error::Error;
use std::cell::RefCell;
use std::io::Write;

/// What a captured run printed.
#[derive(Debug, Default)]
pub struct Captured {
    pub stdout: String,
    pub stderr: String,
    /// The last envelope `emit` handled (printed or not).
    pub envelope: Option<serde_json::Value>,
}

/// A writer that remembers the last byte written through it.
struct LastByte<W> {
    inner: W,
    last: Option<u8>,
}

impl<W: Write> Write for LastByte<W> {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        let n = self.inner.write(buf)?;
        if n > 0 {
            self.last = Some(buf[n - 1]);
        }
        Ok(n)
    }

    fn flush(&mut self) -> std::io::Result<()> {
        self.inner.flush()
    }
}

/// The CLI's output: the terminal, or a buffer.
#[derive(Debug, Default)]
pub struct Sink {
    capture: Option<RefCell<Captured>>,
}

impl Sink {
    /// The process's stdout and stderr.
    pub fn std() -> Sink {
        Sink { capture: None }
    }

    /// A sink that keeps everything; `into_captured` hands it over.
    pub(crate) fn capturing() -> Sink {
        Sink {
            capture: Some(RefCell::default()),
        }
    }

    /// What was printed (empty for `std`).
    pub(crate) fn into_captured(self) -> Captured {
        self.capture.map(RefCell::into_inner).unwrap_or_default()
    }

    /// Writes `text` (plus a final newline) to stdout.
    pub fn stdout(&self, text: &str) -> std::io::Result<()> {
        if let Some(c) = &self.capture {
            let mut c = c.borrow_mut();
            c.stdout.push_str(text);
            if !text.ends_with('\n') {
                c.stdout.push('\n');
            }
            return Ok(());
        }
        let mut out = std::io::stdout().lock();
        out.write_all(text.as_bytes())?;
        if !text.ends_with('\n') {
            out.write_all(b"\n")?;
        }
        out.flush()
    }

    /// Writes what `fill` writes to stdout through a buffer as it is produced (plus a final
    /// newline when it did not end with one): a large output is never held whole in memory.
    pub(crate) fn stdout_with(
        &self,
        fill: impl FnOnce(&mut dyn Write) -> std::io::Result<()>,
    ) -> std::io::Result<()> {
        if self.capture.is_some() {
            let mut buf = Vec::new();
            fill(&mut buf)?;
            return self.stdout(&String::from_utf8_lossy(&buf));
        }
        let lock = std::io::stdout().lock();
        let mut out = LastByte {
            inner: std::io::BufWriter::with_capacity(64 * 1024, lock),
            last: None,
        };
        fill(&mut out)?;
        if out.last != Some(b'\n') {
            out.write_all(b"\n")?;
        }
        out.flush()
    }

    /// Writes `bytes` exactly to stdout (captured as UTF-8 text).
    pub(crate) fn stdout_bytes(&self, bytes: &[u8]) -> std::io::Result<()> {
        if let Some(c) = &self.capture {
            c.borrow_mut()
                .stdout
                .push_str(&String::from_utf8_lossy(bytes));
            return Ok(());
        }
        let mut out = std::io::stdout().lock();
        out.write_all(bytes)?;
        out.flush()
    }

    /// Writes one line to stderr.
    pub fn stderr(&self, text: &str) {
        match &self.capture {
            Some(c) => {
                let mut c = c.borrow_mut();
                c.stderr.push_str(text);
                c.stderr.push('\n');
            }
            None => eprintln!("{text}"),
        }
    }

    /// Renders an error with miette on stderr, followed by every validation violation it
    /// carries (the message names only the first).
    pub fn error(&self, err: &Error) {
        self.stderr(super::render_error(err).trim_end());
        let list = super::violation_lines(err);
        if !list.is_empty() {
            self.stderr(&list);
        }
    }

    /// Remembers the envelope of the run (a capturing sink only).
    /// The envelope is built only when a capture is on (the terminal never needs it).
    pub fn envelope(&self, envelope: impl FnOnce() -> serde_json::Value) {
        if let Some(c) = &self.capture {
            c.borrow_mut().envelope = Some(envelope());
        }
    }
}
