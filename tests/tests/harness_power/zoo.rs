//! The zoo's section of docs/harness-power.md ("The zoo"), rendered from
//! docs/zoo/results.tsv, which `UPDATE=1 bash tests/zoo/run.sh` writes: per zoo server its
//! shape, its runs through its hand-written interface files, its starter's run and each fault
//! caught or not (docs/zoo.md). Nothing here runs a server: the zoo needs Python and Node, so
//! `run.sh` measures and this renders, and `doc/complete` fails when the two disagree.

use std::path::PathBuf;

/// Where run.sh keeps what it proved.
pub fn results_path() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../docs/zoo/results.tsv")
}

const REGENERATE_ZOO: &str = "UPDATE=1 bash tests/zoo/run.sh";

/// One zoo server's rows, in the order run.sh wrote them.
#[derive(Default)]
struct Server {
    name: String,
    shape: String,
    /// (interface file, its counts), and the cases beyond its declared limits.
    files: Vec<(String, String)>,
    beyond: Option<String>,
    starter: String,
    /// (fault, caught).
    faults: Vec<(String, bool)>,
}

impl Server {
    /// Every run through its interface files failed no case, the wrong readings of it
    /// ended as they must (`untested-*`: NOTHING TESTED; `incomplete-*`: INCOMPLETE), and
    /// the cases beyond its declared limits (if any) were interface differences of a
    /// passing run.
    fn accepted(&self) -> bool {
        let as_meant = |(file, r): &(String, String)| {
            if file.starts_with("untested-") {
                r == "nothing tested"
            } else if file.starts_with("incomplete-") {
                r.starts_with("incomplete: ")
            } else {
                count(r, "failed") == Some(0)
            }
        };
        !self.files.is_empty()
            && self.files.iter().all(as_meant)
            && self
                .beyond
                .as_deref()
                .is_none_or(|b| b.ends_with("run passed"))
    }

    fn known_wrong(&self) -> Option<&str> {
        self.starter.strip_prefix("known wrong guess: ")
    }

    /// The starter ran and failed no case (a failure against a correct server is false).
    fn starter_clean(&self) -> bool {
        count(&self.starter, "failed") == Some(0)
    }
}

/// The number before `word` in a run's counts ("20 passed, 0 failed, 3 skipped (...)").
fn count(counts: &str, word: &str) -> Option<usize> {
    counts.split(", ").find_map(|part| {
        let (n, rest) = part.split_once(' ')?;
        rest.starts_with(word).then(|| n.parse().ok())?
    })
}

/// The servers of results.tsv, or what is wrong with it.
fn parse(text: &str) -> Result<Vec<Server>, String> {
    let mut servers: Vec<Server> = Vec::new();
    // (line number, line), the comments left out.
    let mut lines = (1..).zip(text.lines()).filter(|(_, l)| !l.starts_with('#'));
    if lines.next().map(|(_, l)| l) != Some("server\twhat\tresult") {
        return Err("its first line after the comments is not `server<TAB>what<TAB>result`".into());
    }
    for (n, line) in lines {
        let [name, what, result] = line.split('\t').collect::<Vec<_>>()[..] else {
            return Err(format!(
                "line {n} is not three tab-separated fields: {line}"
            ));
        };
        if servers.last().is_none_or(|s| s.name != name) {
            servers.push(Server {
                name: name.to_string(),
                ..Server::default()
            });
        }
        let Some(s) = servers.last_mut() else {
            continue;
        };
        let result = result.to_string();
        match what {
            "shape" => s.shape = result,
            "starter" => s.starter = result,
            "beyond its declared limits" => s.beyond = Some(result),
            f if f.ends_with(".yaml") => s.files.push((f.to_string(), result)),
            f => match f.strip_prefix("fault ") {
                // A fault of an operation the server lacks has nothing to break.
                Some(_) if result.starts_with("not applicable") => {}
                Some(fault) => s.faults.push((fault.to_string(), result == "caught")),
                None => {
                    return Err(format!("line {n} says what run.sh never writes: {what}"));
                }
            },
        }
    }
    if servers.is_empty() {
        return Err("it has no rows".into());
    }
    Ok(servers)
}

/// A table cell: no line breaks, `|` escaped.
fn cell(s: &str) -> String {
    s.replace('|', "\\|").replace('\n', " ")
}

/// The section, or why docs/zoo/results.tsv cannot give it.
pub fn section() -> Result<String, String> {
    let path = results_path();
    let text = std::fs::read_to_string(&path).map_err(|e| {
        format!("docs/zoo/results.tsv cannot be read ({e}); write it with `{REGENERATE_ZOO}`")
    })?;
    let servers = parse(&text).map_err(|e| {
        format!("docs/zoo/results.tsv is malformed: {e}; rewrite it with `{REGENERATE_ZOO}`")
    })?;
    let mut s = intro(&servers);
    s.push_str(
        "| server | shape | through its interface files | accepted, 0 failures | its starter | faults |\n\
         |---|---|---|---|---|---|\n",
    );
    for v in &servers {
        let mut files: Vec<String> = v
            .files
            .iter()
            .map(|(f, r)| format!("`{f}`: {}", cell(r)))
            .collect();
        if let Some(b) = &v.beyond {
            files.push(format!("beyond its declared limits: {}", cell(b)));
        }
        let faults: Vec<String> = v
            .faults
            .iter()
            .map(|(f, caught)| format!("`{f}` {}", if *caught { "caught" } else { "NOT caught" }))
            .collect();
        s.push_str(&format!(
            "| `{}` | {} | {} | {} | {} | {} |\n",
            v.name,
            cell(&v.shape),
            files.join("; "),
            if v.accepted() { "yes" } else { "NO" },
            cell(&v.starter),
            faults.join(", ")
        ));
    }
    Ok(s)
}

/// The section's heading, summary line (counted from the rows) and what it measures.
fn intro(servers: &[Server]) -> String {
    let accepted = servers.iter().filter(|s| s.accepted()).count();
    let faults: Vec<&(String, bool)> = servers.iter().flat_map(|s| &s.faults).collect();
    let caught = faults.iter().filter(|(_, c)| *c).count();
    let clean = servers.iter().filter(|s| s.starter_clean()).count();
    let wrong: Vec<String> = servers
        .iter()
        .filter_map(|s| s.known_wrong().map(|why| format!("`{}` ({why})", s.name)))
        .collect();
    let false_failures: Vec<String> = servers
        .iter()
        .filter(|s| s.known_wrong().is_none() && !s.starter_clean())
        .map(|s| format!("`{}` ({})", s.name, s.starter))
        .collect();
    let named = |what: &str, list: &[String]| match list {
        [] => format!("{what}: none"),
        l => format!("{what}: {}", l.join(", ")),
    };
    format!(
        "\n## The zoo\n\n\
         **{accepted} of {n} zoo servers accepted through their interface files with 0 \
         failures; {caught} of {} fault runs caught (each fault of the core behind each \
         server, and a server's own); {clean} of {n} starters run with no false failure (a \
         known wrong guess is not run). {}. {}.**\n\n\
         The zoo ([zoo.md](zoo.md), `tests/zoo/`) is small file servers, correct by \
         construction over one confined core, written with the official Python and TypeScript \
         SDKs in shapes no profile has; the harness knows each through its hand-written \
         interface file alone. `tests/zoo/run.sh` runs each server's default selection (the \
         shape cases) through those files, then the starter `interface init` writes (where it \
         is a known wrong guess, the script checks that guess instead of running it), then \
         each fault of the zoo's core (`ZOO_FAULT`), which must fail a case of the check it \
         breaks. What it proved is kept in `docs/zoo/results.tsv` (`{REGENERATE_ZOO}`), from \
         which this section is rendered: the Python and Node servers do not run in this test.\n\n",
        faults.len(),
        named("Known wrong guesses of the starter", &wrong),
        named("Starters with false failures", &false_failures),
        n = servers.len(),
    )
}
