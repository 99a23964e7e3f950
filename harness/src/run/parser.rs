//! A cucumber `Parser` over feature texts held in memory (embedded in the binary, or read
//! from `--features DIR`), so an installed harness needs no files.

use std::path::PathBuf;
use std::sync::Arc;

use cucumber::parser::{Error, Parser, Result as ParseResult};
use futures::stream;

/// One feature file: display path and Gherkin text.
#[derive(Debug, Clone)]
pub struct FeatureText {
    pub path: String,
    pub text: String,
}

#[derive(Debug, Clone, Copy, Default)]
pub struct InMemory;

/// A parsed Gherkin feature.
pub type Feature = cucumber::gherkin::Feature;

/// Features already parsed (or the errors parsing them produced).
pub type Parsed = Vec<ParseResult<cucumber::gherkin::Feature>>;

impl Parser<Parsed> for InMemory {
    type Cli = cucumber::cli::Empty;
    type Output = stream::Iter<std::vec::IntoIter<ParseResult<cucumber::gherkin::Feature>>>;

    fn parse(self, input: Parsed, _cli: Self::Cli) -> Self::Output {
        stream::iter(input)
    }
}

pub fn parse_all(features: Vec<FeatureText>) -> Parsed {
    features.into_iter().map(parse_one).collect()
}

/// One feature per scenario (each keeping its feature's name, path and tags), for
/// running scenarios one at a time.
pub fn split_scenarios(feature: &cucumber::gherkin::Feature) -> Vec<cucumber::gherkin::Feature> {
    let mut bare = feature.clone();
    bare.scenarios.clear();
    bare.rules.clear();
    feature
        .scenarios
        .iter()
        .map(|sc| {
            let mut f = bare.clone();
            f.scenarios = vec![sc.clone()];
            f
        })
        .collect()
}

pub fn parse_one(f: FeatureText) -> ParseResult<cucumber::gherkin::Feature> {
    let env = cucumber::gherkin::GherkinEnv::default();
    match cucumber::gherkin::Feature::parse(&f.text, env) {
        Ok(mut feature) => {
            feature.path = Some(PathBuf::from(&f.path));
            Ok(feature)
        }
        Err(source) => Err(Error::Parsing(Arc::new(
            cucumber::gherkin::ParseFileError::Parsing {
                path: PathBuf::from(&f.path),
                error: None,
                source,
            },
        ))),
    }
}

/// Every `*.feature` file in a directory, sorted by name.
pub fn read_dir(dir: &std::path::Path) -> std::io::Result<Vec<FeatureText>> {
    let mut out = Vec::new();
    for entry in std::fs::read_dir(dir)? {
        let path = entry?.path();
        if path.extension().and_then(|e| e.to_str()) == Some("feature") {
            let text = std::fs::read_to_string(&path)?;
            out.push(FeatureText {
                path: path.display().to_string(),
                text,
            });
        }
    }
    out.sort_by(|a, b| a.path.cmp(&b.path));
    Ok(out)
}
