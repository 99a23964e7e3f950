//! Reports of a run: console text, the Markdown requirement matrix, and the
//! expected-failures baseline. (JUnit and Cucumber JSON come from cucumber's writers.)

pub mod console;
pub mod expect_fail;
pub mod markdown;
