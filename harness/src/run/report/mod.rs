//! Reports of a run: console text, the Markdown requirement matrix, and the
//! expected-failures baseline, JUnit XML. (Cucumber JSON comes from cucumber's writer.)

pub mod console;
pub mod expect_fail;
pub mod junit;
pub mod markdown;
