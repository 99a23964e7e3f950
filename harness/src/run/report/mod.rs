//! Reports of a run: console text, the Markdown requirement matrix, the HTML page, the
//! expected-failures baseline, JUnit XML, the JSON run summary, and the scenarios decided before the run added
//! to cucumber's own Cucumber JSON; the verdict they all render (`verdict.rs`, with the
//! severity of each failure from `severity.rs` and the coverage of the server's tools from
//! `coverage.rs`).

#[cfg(test)]
mod agreement;
pub mod console;
pub mod coverage;
pub mod cucumber_json;
pub mod cucumber_json_writer;
pub mod expect_fail;
pub mod gaps;
pub mod html;
pub mod junit;
pub mod markdown;
pub mod severity;
pub mod summary;
pub mod totals;
pub mod verdict;
