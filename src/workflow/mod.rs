//! Staged work for an LLM agent: embedded templates, writing stages, check steps.
