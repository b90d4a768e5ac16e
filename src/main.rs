//! Thin entry point: everything lives in the library.
fn main() -> std::process::ExitCode {
    noveler::cli::main()
}
