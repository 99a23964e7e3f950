//! Reports of a run: console text, the Markdown requirement matrix, the HTML page, the
//! expected-failures baseline, JUnit XML, and the scenarios decided before the run added
//! to cucumber's own Cucumber JSON.

pub mod console;
pub mod cucumber_json;
pub mod expect_fail;
pub mod html;
pub mod junit;
pub mod markdown;
