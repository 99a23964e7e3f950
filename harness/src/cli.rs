//! Command-line interface (in progress).
